import type { Attribute, Product, ProductData, RequestContext } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import { sameJson, type TransactionWork } from '@commerce/resources';
import { productsTable } from '../products/products.table.js';

/** How a change to a product type changes an attribute list: undefined leaves the list as it is. */
export type AttributesChange = (attributes: Attribute[]) => Attribute[];

/** The attribute `name` with its value mapped; a value mapped to undefined removes the attribute. */
export function mappingAttribute(name: string, map: (value: unknown) => unknown): AttributesChange {
  return (attributes) =>
    attributes.flatMap((attribute) => {
      if (attribute.name !== name) return [attribute];
      const value = map(attribute.value);
      return value === undefined ? [] : [{ name, value }];
    });
}

export const renamingAttribute =
  (name: string, newName: string): AttributesChange =>
  (attributes) =>
    attributes.map((attribute) => (attribute.name === name ? { ...attribute, name: newName } : attribute));

export const removingAttribute =
  (name: string): AttributesChange =>
  (attributes) =>
    attributes.filter((attribute) => attribute.name !== name);

/** The key of a stored enum value (`{key, label}`, or a bare key). */
export function enumKeyOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && typeof (value as { key?: unknown }).key === 'string') {
    return (value as { key: string }).key;
  }
  return undefined;
}

/**
 * An enum attribute's value (or a set of them) with every element mapped; an element mapped to undefined
 * leaves the set, and a single value or a set left empty removes the attribute.
 */
export function mappingEnumValues(name: string, map: (value: unknown) => unknown): AttributesChange {
  return mappingAttribute(name, (value) => {
    if (!Array.isArray(value)) return map(value);
    const elements = value.map(map).filter((element) => element !== undefined);
    return elements.length > 0 ? elements : undefined;
  });
}

function changedData(data: ProductData, change: AttributesChange): ProductData {
  const variant = <V extends { attributes: Attribute[] }>(v: V): V => ({
    ...v,
    attributes: change(v.attributes),
  });
  return {
    ...data,
    ...(data.attributes ? { attributes: change(data.attributes) } : {}),
    masterVariant: variant(data.masterVariant),
    variants: data.variants.map(variant),
  };
}

/** The product with an attribute change applied to its current and staged data (product and variant level). */
export function withChangedAttributes(product: Product, change: AttributesChange): Product {
  const { masterData } = product;
  return {
    ...product,
    masterData: {
      ...masterData,
      current: changedData(masterData.current, change),
      staged: changedData(masterData.staged, change),
    },
  };
}

const PRODUCTS = '"catalog"."products"';

/** The products of a product type, read in `db` (locked for update when `lock`). */
export async function productsOfType(
  db: Queryable,
  projectKey: string,
  productTypeId: string,
  lock = false,
): Promise<Product[]> {
  const rows = await db.query<Array<{ doc: Product }>>(
    `SELECT doc FROM ${PRODUCTS} WHERE project_key = $1 AND doc @> $2::jsonb ORDER BY id${
      lock ? ' FOR UPDATE' : ''
    }`,
    [projectKey, JSON.stringify({ productType: { id: productTypeId } })],
  );
  return rows.map((row) => row.doc);
}

/**
 * Work for the product type update's transaction: every product of the type whose attributes the change
 * alters gets them changed, with a new version (the live API does this eventually; here it commits with
 * the product type, so no product shows an attribute its type no longer defines).
 */
export function changeProductsOfType(
  ctx: RequestContext,
  productTypeId: string,
  change: AttributesChange,
): TransactionWork {
  return async (tx) => {
    const now = new Date().toISOString();
    for (const product of await productsOfType(tx, ctx.projectKey, productTypeId, true)) {
      const next = withChangedAttributes(product, change);
      if (sameJson(next, product)) continue;
      const stored = { ...next, version: product.version + 1, lastModifiedAt: now };
      await productsTable.replace(tx, ctx.projectKey, stored, product.version);
    }
  };
}
