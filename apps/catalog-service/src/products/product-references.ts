import type { Product, ProductType, RequestContext, ResourceIdentifier } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { DocumentTable, Queryable } from '@commerce/persistence';
import { productTypesTable } from '../product-types/product-types.table.js';
import { productsTable } from './products.table.js';

/** A document of this service by id or key; a missing one is `ReferencedResourceNotFound` of `typeId`. */
export async function referencedDocument<
  T extends { id: string; version: number; createdAt: string; lastModifiedAt: string },
>(
  table: DocumentTable<T>,
  typeId: string,
  db: Queryable,
  ctx: RequestContext,
  identifier: ResourceIdentifier,
): Promise<T> {
  const found = identifier.id
    ? await table.findById(db, ctx.projectKey, identifier.id)
    : await table.findByKey(db, ctx.projectKey, identifier.key ?? '');
  if (!found) {
    throw Errors.referencedResourceNotFound(
      typeId,
      identifier.id ? { id: identifier.id } : { key: identifier.key ?? '' },
    );
  }
  return found;
}

/** A product type of this service by id or key; a missing one is `ReferencedResourceNotFound`. */
export const productTypeOf = (db: Queryable, ctx: RequestContext, identifier: ResourceIdentifier) =>
  referencedDocument<ProductType>(productTypesTable, 'product-type', db, ctx, identifier);

/** A product of this service by id or key; a missing one is `ReferencedResourceNotFound`. */
export const productOf = (db: Queryable, ctx: RequestContext, identifier: ResourceIdentifier) =>
  referencedDocument<Product>(productsTable, 'product', db, ctx, identifier);
