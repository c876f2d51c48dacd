import type { Product, ProductData } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import { sameJson } from '@commerce/resources';
import { productsTable } from '../products/products.table.js';

function without(data: ProductData, ids: Set<string>): ProductData {
  const hints = Object.entries(data.categoryOrderHints ?? {}).filter(([id]) => !ids.has(id));
  return {
    ...data,
    categories: data.categories.filter((category) => !ids.has(category.id)),
    ...(data.categoryOrderHints ? { categoryOrderHints: Object.fromEntries(hints) } : {}),
  };
}

/**
 * Takes deleted Categories out of every product's current and staged data (and their order hints), inside
 * the delete's transaction: the products' rows are locked and their versions rise.
 */
export async function removeCategoriesFromProducts(
  tx: Queryable,
  projectKey: string,
  categoryIds: string[],
): Promise<void> {
  const ids = new Set(categoryIds);
  const shapes = categoryIds.flatMap((id) =>
    (['current', 'staged'] as const).map((data) =>
      JSON.stringify({ masterData: { [data]: { categories: [{ id }] } } }),
    ),
  );
  if (shapes.length === 0) return;
  const rows = await tx.query<Array<{ doc: Product }>>(
    `SELECT doc FROM ${productsTable.table} WHERE project_key = $1 AND doc @> ANY($2::jsonb[]) FOR UPDATE`,
    [projectKey, shapes],
  );
  const now = new Date().toISOString();
  for (const { doc: product } of rows) {
    const current = without(product.masterData.current, ids);
    const staged = without(product.masterData.staged, ids);
    const next: Product = {
      ...product,
      version: product.version + 1,
      lastModifiedAt: now,
      masterData: { ...product.masterData, current, staged, hasStagedChanges: !sameJson(current, staged) },
    };
    await productsTable.replace(tx, projectKey, next, product.version);
  }
}
