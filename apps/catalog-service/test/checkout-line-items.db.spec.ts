import type { Product } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { inventoryTable } from '../src/inventory/inventory.table.js';
import { CHECKOUT_LINE_ITEMS_SQL, checkoutLineItems } from '../src/checkout/checkout-line-items.js';
import { ProductDiscounts } from '../src/product-discounts/product-discounts.service.js';
import { productsTable } from '../src/products/products.table.js';
import { taxCategoriesTable } from '../src/tax-categories/tax-categories.table.js';
import { base, ctx } from './apply-actions.js';
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

const lookup = (request: Parameters<typeof checkoutLineItems>[2]) =>
  checkoutLineItems(db, ctx.projectKey, request, new ProductDiscounts(db as unknown as DataSource));

describe('catalog.checkout.line-items', () => {
  it('answers each item in order, by id and variant or by SKU, with its tax category, in one call', async () => {
    await taxCategoriesTable.insert(db, ctx.projectKey, {
      id: 'tc-std',
      ...base,
      name: 'Standard',
      rates: [{ id: 'r1', name: '19%', amount: 0.19, includedInPrice: true, country: 'DE' }],
    });
    const draft = fixtures.productDraft(['co-a', 'co-b']);
    const product: Product = {
      ...draft,
      key: 'co-product',
      taxCategory: { typeId: 'tax-category', id: 'tc-std' },
    };
    await productsTable.insert(db, ctx.projectKey, product);

    const { items, taxCategories } = await lookup({
      items: [
        { sku: 'co-b' },
        { productId: product.id },
        { productId: product.id, variantId: 9 },
        { sku: 'none' },
      ],
    });
    expect(items[0]).toMatchObject({
      found: true,
      product: { productId: product.id, productKey: 'co-product', variant: { id: 2, sku: 'co-b' } },
    });
    expect(items[1]).toMatchObject({ found: true, product: { variant: { id: 1, sku: 'co-a' } } });
    expect(items[1]).toMatchObject({ product: { taxCategory: { typeId: 'tax-category', id: 'tc-std' } } });
    expect(items[2]).toEqual({ found: false, reason: 'VariantNotFound' });
    expect(items[3]).toEqual({ found: false, reason: 'SkuNotFound' });
    expect(taxCategories.map((category) => category.id)).toEqual(['tc-std']);
  });

  it("answers, when asked, the found SKUs' inventory entries without a channel and in the channels named", async () => {
    const product = await fixtures.newProduct(['co-inv-a', 'co-inv-b']);
    const entry = (sku: string, supplyChannel?: string, limits: object = {}) =>
      inventoryTable.insert(db, ctx.projectKey, {
        id: randomUUID(),
        ...base,
        sku,
        quantityOnStock: 5,
        availableQuantity: 5,
        ...(supplyChannel ? { supplyChannel: { typeId: 'channel', id: supplyChannel } } : {}),
        ...limits,
      });
    await entry('co-inv-a', undefined, { maxCartQuantity: 3 });
    await entry('co-inv-a', 'ch-1', { minCartQuantity: 2, restockableInDays: 0 });
    await entry('co-inv-a', 'ch-other');
    await entry('co-inv-b');
    await inventoryTable.insert(db, 'another-project', {
      id: randomUUID(),
      ...base,
      sku: 'co-inv-a',
      quantityOnStock: 1,
      availableQuantity: 1,
    });

    const asked = await lookup({
      items: [{ sku: 'co-inv-a' }, { sku: 'co-missing' }],
      inventoryChannels: ['ch-1'],
    });
    const found = (asked.inventory ?? []).map(
      ({ sku, supplyChannelId, minCartQuantity, maxCartQuantity, availableQuantity, restockableInDays }) => ({
        sku,
        supplyChannelId,
        minCartQuantity,
        maxCartQuantity,
        availableQuantity,
        restockableInDays,
      }),
    );
    expect(found).toEqual(
      expect.arrayContaining([
        {
          sku: 'co-inv-a',
          supplyChannelId: undefined,
          minCartQuantity: undefined,
          maxCartQuantity: 3,
          availableQuantity: 5,
          restockableInDays: undefined,
        },
        {
          sku: 'co-inv-a',
          supplyChannelId: 'ch-1',
          minCartQuantity: 2,
          maxCartQuantity: undefined,
          availableQuantity: 5,
          restockableInDays: 0,
        },
      ]),
    );
    const ids = (asked.inventory ?? []).map((found) => found.id);
    expect(ids).toEqual([...ids].sort());
    expect(found).toHaveLength(2);
    expect((await lookup({ items: [{ productId: product.id }] })).inventory).toBeUndefined();
  });

  it('refuses an unpublished product and names a missing product', async () => {
    const draft = fixtures.productDraft(['co-unpublished']);
    const product = { ...draft, masterData: { ...draft.masterData, published: false } };
    await productsTable.insert(db, ctx.projectKey, product);
    const { items } = await lookup({ items: [{ sku: 'co-unpublished' }, { productId: 'nope' }] });
    expect(items).toEqual([
      { found: false, reason: 'NotPublished' },
      { found: false, reason: 'ProductNotFound' },
    ]);
  });

  it("says whether a Store's active product selections offer each variant", async () => {
    const [offered, other] = [
      await fixtures.newProduct(['co-in-1', 'co-in-2']),
      await fixtures.newProduct(['co-out']),
    ];
    const selection = await fixtures.newSelection('Individual');
    await fixtures.update(selection, [
      {
        action: 'addProduct',
        product: { id: offered.id },
        variantSelection: { type: 'includeOnly', skus: ['co-in-1'] },
      },
    ]);
    const storeProductSelections = [{ productSelection: { id: selection.id }, active: true }];
    const { items } = await lookup({
      items: [{ sku: 'co-in-1' }, { sku: 'co-in-2' }, { sku: 'co-out' }],
      storeProductSelections,
    });
    expect(items.map((item) => item.found && item.product.inStore)).toEqual([true, false, false]);
    const withoutStore = await lookup({ items: [{ productId: other.id }] });
    expect(withoutStore.items[0]).not.toHaveProperty('product.inStore');
  });

  it("finds a cart's products by their keys, never by reading the project's products", async () => {
    const product = await fixtures.newProduct(['co-many-a']);
    // A large catalog: the statement must not grow with it (it read every product of the project once).
    await db.query(
      `INSERT INTO "catalog"."products" (id, project_key, key, version, created_at, last_modified_at, doc)
       SELECT 'many-' || g, $1, 'many-' || g, 1, now(), now(), doc FROM "catalog"."products", generate_series(1, 5000) g
       WHERE id = $2`,
      [ctx.projectKey, product.id],
    );
    await db.query('ANALYZE "catalog"."products"');
    const [{ 'QUERY PLAN': plan }] = await db.query<Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>>(
      `EXPLAIN (FORMAT JSON) ${CHECKOUT_LINE_ITEMS_SQL}`,
      [ctx.projectKey, [product.id], ['co-many-a'], [], true, []],
    );
    const productScans = nodesOf(plan[0].Plan).filter((node) => node['Relation Name'] === 'products');
    expect(productScans.length).toBeGreaterThan(0);
    for (const scan of productScans) expect(scan['Node Type']).toBe('Index Scan');
  });
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}
