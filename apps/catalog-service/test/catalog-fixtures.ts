import type { Product, ProductSelection } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import { productSelectionsTable } from '../src/product-selections/product-selections.table.js';
import { selectionProductActions } from '../src/product-selections/selection-product-actions.js';
import { variantOf } from '../src/products/product-data.js';
import { productsTable } from '../src/products/products.table.js';
import { applyActions, base, ctx } from './apply-actions.js';
import { recordingWriter } from './catalog-database.js';

let counter = 0;

/** Products and selections written straight into a test database, and selection updates with their writes. */
export function catalogFixtures(db: Queryable) {
  function productDraft(skus: string[], slug = `slug-${++counter}`): Product {
    const data = {
      name: { en: 'P' },
      categories: [],
      slug: { en: slug },
      masterVariant: variantOf(1, { sku: skus[0] }),
      variants: skus.slice(1).map((sku, i) => variantOf(i + 2, { sku })),
      searchKeywords: {},
      attributes: [],
    };
    return {
      id: `product-${++counter}`,
      ...base,
      productType: { typeId: 'product-type', id: 'pt' },
      masterData: { published: true, current: data, staged: data, hasStagedChanges: false },
    };
  }

  async function newProduct(skus: string[] = []): Promise<Product> {
    const product = productDraft(skus);
    await productsTable.insert(db, ctx.projectKey, product);
    return product;
  }

  async function newSelection(mode: ProductSelection['mode'] = 'Individual'): Promise<ProductSelection> {
    const selection: ProductSelection = {
      id: `selection-${++counter}`,
      ...base,
      name: { en: 'S' },
      productCount: 0,
      mode,
    };
    await productSelectionsTable.insert(db, ctx.projectKey, selection);
    return selection;
  }

  /** Applies selection actions and runs their writes, as one update would. */
  async function update(selection: ProductSelection, raw: object[]) {
    const result = await applyActions(selectionProductActions, selection, raw, db);
    const writer = recordingWriter();
    for (const write of result.writes) await write(db, writer);
    return result;
  }

  return { productDraft, newProduct, newSelection, update };
}

export const productRef = (product: Product) => ({ typeId: 'product', id: product.id });
