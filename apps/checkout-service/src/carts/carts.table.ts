import { CartShape, type Cart } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf, type FieldSpec, type QuerySchema } from '@commerce/query';

/**
 * The carts' generated columns (migration `1766100000000`): the fields the platform asks carts by (the owner
 * of `/me/carts` and the active cart, the Store of in-store routes), each with a B-tree index. The table has
 * no index on the whole document.
 */
export const CART_COLUMNS = {
  customerId: 'customer_id',
  anonymousId: 'anonymous_id',
  storeKey: 'store_key',
} as const;

/** The cart's query schema with those fields on their columns: `where` and `sort` on them use the indexes. */
function cartQuerySchema(): QuerySchema {
  const schema = querySchemaOf(CartShape);
  const { store } = schema;
  if (store?.type !== 'object') throw new Error('CartShape: store is expected to be an object.');
  return {
    ...schema,
    customerId: onColumn(schema.customerId, CART_COLUMNS.customerId),
    anonymousId: onColumn(schema.anonymousId, CART_COLUMNS.anonymousId),
    store: { ...store, fields: { ...store.fields, key: onColumn(store.fields.key, CART_COLUMNS.storeKey) } },
  };
}

/** A string field of the shape on its text column (the column is generated from that field). */
function onColumn(spec: FieldSpec | undefined, column: string): FieldSpec {
  if (spec?.type !== 'string')
    throw new Error(`CartShape: the field on '${column}' is expected to be a string.`);
  return { type: 'string', column };
}

export const cartsTable = new DocumentTable<Cart>('"checkout"."carts"', cartQuerySchema());
