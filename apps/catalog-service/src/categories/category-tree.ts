import type { Category, Reference, RequestContext, ResourceIdentifier } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { Queryable } from '@commerce/persistence';
import type { TransactionWork } from '@commerce/resources';
import { categoriesTable } from './categories.table.js';

const ref = (id: string): Reference<'category'> => ({ typeId: 'category', id });

/** A Category of this project by id or key; a missing one is `ReferencedResourceNotFound`. */
export async function categoryOf(
  db: Queryable,
  ctx: RequestContext,
  identifier: ResourceIdentifier,
): Promise<Category> {
  const found = identifier.id
    ? await categoriesTable.findById(db, ctx.projectKey, identifier.id)
    : await categoriesTable.findByKey(db, ctx.projectKey, identifier.key ?? '');
  if (!found) {
    throw Errors.referencedResourceNotFound(
      'category',
      identifier.id ? { id: identifier.id } : { key: identifier.key ?? '' },
    );
  }
  return found;
}

/** `parent` and `ancestors` of a Category placed below `parent` (the root path first). */
export function placementUnder(parent: Category): Pick<Category, 'parent' | 'ancestors'> {
  return { parent: ref(parent.id), ancestors: [...parent.ancestors, ref(parent.id)] };
}

/** A Category can not become its own ancestor. */
export function checkNoCycle(category: Category, parent: Category): void {
  if (parent.id === category.id || parent.ancestors.some((ancestor) => ancestor.id === category.id)) {
    throw Errors.invalidOperation('A category can not be moved below itself or one of its descendants.');
  }
}

/**
 * The write that keeps the subtree of a moved Category consistent: in the update's transaction, each
 * descendant's `ancestors` get the moved Category's new path in front of the part below it, and its
 * version rises.
 */
export function moveSubtree(ctx: RequestContext, moved: Category): TransactionWork {
  return async (tx) => {
    const now = new Date().toISOString();
    for (const descendant of await categoriesTable.descendants(tx, ctx.projectKey, moved.id, true)) {
      const below = descendant.ancestors.slice(
        descendant.ancestors.findIndex((ancestor) => ancestor.id === moved.id),
      );
      const next: Category = {
        ...descendant,
        ancestors: [...moved.ancestors, ...below],
        version: descendant.version + 1,
        lastModifiedAt: now,
      };
      await categoriesTable.replace(tx, ctx.projectKey, next, descendant.version);
    }
  };
}
