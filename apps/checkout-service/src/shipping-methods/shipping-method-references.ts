import {
  SHIPPING_METHOD_STORE_LIMIT,
  type KeyReference,
  type Reference,
  type RequestContext,
  type ResourceIdentifier,
  type Zone,
} from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import type { Queryable } from '@commerce/persistence';
import { parsePredicate } from '@commerce/query';
import type { ReferenceResolver } from '@commerce/resources';
import { zonesTable } from '../zones/zones.table.js';

const describe = (identifier: ResourceIdentifier) =>
  identifier.id ? { id: identifier.id } : { key: identifier.key! };

/** The tax category (catalog-service), reserved while the write refers to it (docs/CONSISTENCY.md). */
export async function taxCategoryReference(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  identifier: ResourceIdentifier,
): Promise<Reference<'tax-category'>> {
  const [category] = await resolver.require(ctx, 'tax-category', [identifier]);
  return { typeId: 'tax-category', id: category.id };
}

/** Zones of this service, in order; a missing one is `ReferencedResourceNotFound`. */
export async function zonesOf(
  db: Queryable,
  ctx: RequestContext,
  identifiers: ResourceIdentifier[],
): Promise<Zone[]> {
  if (identifiers.length === 0) return [];
  const found = await zonesTable.findMany(db, ctx.projectKey, {
    ids: identifiers.flatMap((identifier) => (identifier.id ? [identifier.id] : [])),
    keys: identifiers.flatMap((identifier) => (!identifier.id && identifier.key ? [identifier.key] : [])),
  });
  return identifiers.map((identifier) => {
    const zone = found.find((z) => (identifier.id ? z.id === identifier.id : z.key === identifier.key));
    if (!zone) throw Errors.referencedResourceNotFound('zone', describe(identifier));
    return zone;
  });
}

/** The Stores (stores-service) as KeyReferences, each once, at most 100 (`InvalidOperation` beyond). */
export async function storeReferences(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  identifiers: ResourceIdentifier[],
): Promise<KeyReference<'store'>[]> {
  const stores = await resolver.require<{ id: string; key: string }>(ctx, 'store', identifiers);
  const keys = [...new Set(stores.map((store) => store.key))];
  if (keys.length > SHIPPING_METHOD_STORE_LIMIT) {
    throw Errors.invalidOperation(
      `A shipping method applies to at most ${SHIPPING_METHOD_STORE_LIMIT} Stores; ${keys.length} were given.`,
    );
  }
  return keys.map((key) => ({ typeId: 'store', key }));
}

/**
 * A predicate is stored as given once it parses (the query predicate grammar of `where`; the cart predicate
 * language that evaluates it against carts comes with the carts).
 */
export function checkedPredicate(predicate: string): string {
  try {
    parsePredicate(predicate);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw Errors.invalidInput(
      `The predicate '${predicate}' is not valid: ${error.errors[0]?.message ?? error.message}`,
    );
  }
  return predicate;
}
