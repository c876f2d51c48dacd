import type { Product } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import { productsTable } from '../src/products/products.table.js';
import { ctx, errorOf } from './apply-actions.js';
import { catalogDatabase } from './catalog-database.js';
import { catalogFixtures } from './catalog-fixtures.js';

let db: Queryable;
let close: () => Promise<void>;
let fixtures: ReturnType<typeof catalogFixtures>;

beforeAll(async () => {
  ({ db, close } = await catalogDatabase());
  fixtures = catalogFixtures(db);
}, 60_000);

afterAll(() => close());

describe('ProductsTable', () => {
  /** Like the engine: the document and its claimed identifiers are written together or not at all. */
  async function insert(product: Product, projectKey = ctx.projectKey): Promise<void> {
    await db.query('BEGIN');
    try {
      await productsTable.insert(db, projectKey, product);
      await db.query('COMMIT');
    } catch (error) {
      await db.query('ROLLBACK');
      throw error;
    }
  }

  it('claims SKUs and slugs per project: another product can not take them', async () => {
    await insert(fixtures.productDraft(['dup-sku-1', 'dup-sku-2'], 'dup-slug'));
    expect(await errorOf(insert(fixtures.productDraft(['new-sku', 'dup-sku-2'])))).toMatchObject({
      code: 'DuplicateField',
      field: 'sku',
      duplicateValue: 'dup-sku-2',
    });
    expect(await errorOf(insert(fixtures.productDraft([], 'dup-slug')))).toMatchObject({
      code: 'DuplicateField',
      field: 'slug.en',
      duplicateValue: 'dup-slug',
    });
    await insert(fixtures.productDraft(['new-sku']));
    await insert(fixtures.productDraft(['dup-sku-1'], 'dup-slug'), 'other-project');
  });

  it('releases what a product no longer holds, and everything on delete', async () => {
    const product = fixtures.productDraft(['moving-sku'], 'moving-slug');
    await insert(product);
    const moved = fixtures.productDraft(['moved-sku'], 'moved-slug');
    expect(
      await productsTable.replace(
        db,
        ctx.projectKey,
        { ...product, version: 2, masterData: moved.masterData },
        1,
      ),
    ).toBe(true);
    await insert(fixtures.productDraft(['moving-sku'], 'moving-slug'));
    expect(await errorOf(insert(fixtures.productDraft(['moved-sku'])))).toMatchObject({
      code: 'DuplicateField',
    });
    await productsTable.delete(db, ctx.projectKey, product.id, 2);
    await insert(fixtures.productDraft(['moved-sku'], 'moved-slug'));
  });
});
