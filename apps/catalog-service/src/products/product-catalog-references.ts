import type { Reference, RequestContext, ResourceIdentifier, State } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { Queryable } from '@commerce/persistence';
import { categoryOf } from '../categories/category-tree.js';
import { statesTable } from '../states/states.table.js';
import { taxCategoriesTable } from '../tax-categories/tax-categories.table.js';

const missing = (typeId: string, identifier: ResourceIdentifier) =>
  Errors.referencedResourceNotFound(
    typeId,
    identifier.id ? { id: identifier.id } : { key: identifier.key ?? '' },
  );

/** Categories by id or key, as references, each once; a missing one is `ReferencedResourceNotFound`. */
export async function categoryReferences(
  db: Queryable,
  ctx: RequestContext,
  identifiers: ResourceIdentifier[],
): Promise<Reference<'category'>[]> {
  const references: Reference<'category'>[] = [];
  for (const identifier of identifiers) {
    const { id } = await categoryOf(db, ctx, identifier);
    if (!references.some((reference) => reference.id === id)) references.push({ typeId: 'category', id });
  }
  return references;
}

export async function taxCategoryReference(
  db: Queryable,
  ctx: RequestContext,
  identifier: ResourceIdentifier,
): Promise<Reference<'tax-category'>> {
  const found = identifier.id
    ? await taxCategoriesTable.findById(db, ctx.projectKey, identifier.id)
    : await taxCategoriesTable.findByKey(db, ctx.projectKey, identifier.key ?? '');
  if (!found) throw missing('tax-category', identifier);
  return { typeId: 'tax-category', id: found.id };
}

/** A State a product can be in: it must exist and be a `ProductState`. */
export async function productStateOf(
  db: Queryable,
  ctx: RequestContext,
  identifier: ResourceIdentifier,
): Promise<State> {
  const found = identifier.id
    ? await statesTable.findById(db, ctx.projectKey, identifier.id)
    : await statesTable.findByKey(db, ctx.projectKey, identifier.key ?? '');
  if (!found) throw missing('state', identifier);
  if (found.type !== 'ProductState') {
    throw Errors.invalidOperation(
      `A product can only be in a ProductState; '${found.key}' is a ${found.type}.`,
    );
  }
  return found;
}
