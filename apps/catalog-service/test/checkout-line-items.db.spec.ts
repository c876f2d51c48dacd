import type { Price, Product, ProductData, ProductDiscount, ProductVariant } from '@commerce/contracts';
import { openDatabase, type Queryable } from '@commerce/persistence';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { inventoryTable } from '../src/inventory/inventory.table.js';
import { CHECKOUT_LINE_ITEMS_SQL, checkoutLineItems } from '../src/checkout/checkout-line-items.js';
import { catalogMigrations } from '../src/database/migrations/index.js';
import { ProductDiscounts } from '../src/product-discounts/product-discounts.service.js';
import { productDiscountsTable } from '../src/product-discounts/product-discounts.table.js';
import { productsTable } from '../src/products/products.table.js';
import { standalonePricesTable } from '../src/standalone-prices/standalone-prices.table.js';
import { taxCategoriesTable } from '../src/tax-categories/tax-categories.table.js';
import { base, ctx } from './apply-actions.js';
import { catalogDatabase } from './catalog-database.js';
import { catalogFixtures } from './catalog-fixtures.js';

let db: Queryable;
let url: string;
let close: () => Promise<void>;
let fixtures: ReturnType<typeof catalogFixtures>;

beforeAll(async () => {
  ({ db, url, close } = await catalogDatabase());
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
    // And its identifiers and inventory entries (the statement reads those of the variants read).
    await db.query(
      `INSERT INTO "catalog"."product_identifiers" (project_key, kind, value, product_id)
       SELECT $1, 'sku', 'many-sku-' || g, 'many-' || g FROM generate_series(1, 5000) g`,
      [ctx.projectKey],
    );
    await db.query(
      `INSERT INTO "catalog"."inventory_entries" (id, project_key, key, version, created_at, last_modified_at, doc)
       SELECT 'many-entry-' || g, $1, NULL, 1, now(), now(),
         jsonb_build_object('id', 'many-entry-' || g, 'sku', 'many-sku-' || g, 'quantityOnStock', 1,
           'availableQuantity', 1)
       FROM generate_series(1, 5000) g`,
      [ctx.projectKey],
    );
    await db.query(
      'ANALYZE "catalog"."products", "catalog"."product_identifiers", "catalog"."inventory_entries"',
    );
    const [{ 'QUERY PLAN': plan }] = await db.query<Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>>(
      `EXPLAIN (FORMAT JSON) ${CHECKOUT_LINE_ITEMS_SQL}`,
      [ctx.projectKey, [product.id], ['co-many-a'], [], true, [], '{}'],
    );
    for (const table of ['products', 'product_identifiers', 'inventory_entries']) {
      const scans = nodesOf(plan[0].Plan).filter((node) => node['Relation Name'] === table);
      expect(scans.length).toBeGreaterThan(0);
      for (const scan of scans) expect([table, scan['Node Type']]).toEqual([table, 'Index Scan']);
    }
  });

  it('is planned once per connection: after its first five runs PostgreSQL keeps the generic plan', async () => {
    // The plan chosen depends on the statement's estimates (a custom plan, made for the values, is kept
    // when it looks cheaper than the generic one); planning on every run cost twice what running it does.
    const product = await fixtures.newProduct(['co-plan-a', 'co-plan-b']);
    // A catalog of some size with statistics (here another project's products and SKUs): the custom plans'
    // estimates then know the values, where the few rows of a new catalog make every plan cheap.
    await db.query(
      `INSERT INTO "catalog"."products" (id, project_key, key, version, created_at, last_modified_at, doc)
       SELECT 'co-plan-' || g, 'co-plan-other', 'co-plan-' || g, 1, now(), now(), doc
       FROM "catalog"."products", generate_series(1, 2000) g WHERE id = $1`,
      [product.id],
    );
    await db.query(
      `INSERT INTO "catalog"."product_identifiers" (project_key, kind, value, product_id)
       SELECT 'co-plan-other', 'sku', 'co-plan-sku-' || g, 'co-plan-' || g FROM generate_series(1, 2000) g`,
    );
    await db.query('ANALYZE "catalog"."products", "catalog"."product_identifiers"');
    // A connection of its own: PostgreSQL weighs the generic plan against the custom plans made before on the
    // connection, and the other tests' ran on tables of other sizes.
    const own = await openDatabase({ url, schema: 'catalog', migrations: catalogMigrations, poolSize: 1 });
    await own
      .transaction(async (tx) => {
        // One connection: the transaction's. pg_prepared_statements lists this session's statements.
        const requests = [
          { items: [{ productId: product.id }, { sku: 'co-plan-b' }] },
          { items: [{ productId: product.id, variantId: 2 }], inventoryChannels: ['ch-1'] },
          { items: [{ sku: 'co-plan-a' }, { sku: 'co-plan-none' }], taxCategoryIds: ['tc-none'] },
        ];
        const answers = [];
        for (let run = 0; run < 9; run++)
          answers.push(
            await checkoutLineItems(
              tx,
              ctx.projectKey,
              requests[run % 3],
              new ProductDiscounts(db as unknown as DataSource),
            ),
          );
        // The generic plan's answers (the last three runs) are the custom plans' (the first three).
        expect(answers.slice(6)).toEqual(answers.slice(0, 3));
        expect(answers[0].items.map((item) => item.found && item.product.variant.sku)).toEqual([
          'co-plan-a',
          'co-plan-b',
        ]);
        expect(answers[1].items.map((item) => item.found && item.product.variant.sku)).toEqual(['co-plan-b']);
        expect(answers[2].items.map((item) => item.found && item.product.variant.sku)).toEqual([
          'co-plan-a',
          false,
        ]);
        const [plans] = await tx.query<Array<{ generic: number; custom: number }>>(
          `SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements
         WHERE name = 'catalog_checkout_line_items'`,
        );
        expect(plans).toEqual({ generic: 4, custom: 5 });
      })
      .finally(() => own.destroy());
  });
});

/**
 * A product of `count` variants (SKUs `${prefix}-<id>`), each with three prices, attributes (one null) and
 * images; its staged data differs from its current data (`STAGED`, which no answer may show).
 */
function richProduct(prefix: string, count: number, extra: Partial<Product> = {}): Product {
  const variant = (id: number): ProductVariant => ({
    id,
    sku: `${prefix}-${id}`,
    key: `${prefix}-key-${id}`,
    prices: ['EUR', 'USD', 'GBP'].map((currencyCode, index): Price => ({
      id: `${prefix}-${id}-price-${index}`,
      value: { type: 'centPrecision', currencyCode, centAmount: 1000 + id * 10 + index, fractionDigits: 2 },
      ...(index === 1 ? { country: 'US' } : {}),
    })),
    images: [
      { url: `https://images.example/${prefix}/${id}.png`, dimensions: { w: 800, h: 600 }, label: 'front' },
    ],
    attributes: [
      { name: 'size', value: id },
      { name: 'color', value: { key: 'red', label: { en: 'Red', de: 'Rot' } } },
      { name: 'note', value: null },
    ],
    assets: [],
  });
  const variants = Array.from({ length: count - 1 }, (_, index) => variant(index + 2));
  const current: ProductData = {
    name: { en: `Current ${prefix}` },
    slug: { en: `${prefix}-slug` },
    description: { en: 'A long description. '.repeat(20) },
    categories: [{ typeId: 'category', id: 'slim-cat' }],
    categoryOrderHints: {},
    masterVariant: variant(1),
    variants,
    searchKeywords: {},
    attributes: [{ name: 'brand', value: 'acme' }],
  };
  const staged: ProductData = {
    ...current,
    name: { en: 'STAGED' },
    variants: variants.map((v) => ({ ...v, images: [], key: `STAGED-${v.id}` })),
  };
  return {
    id: `${prefix}-${++products}`,
    ...base,
    key: `${prefix}-product`,
    productType: { typeId: 'product-type', id: 'pt' },
    masterData: { published: true, current, staged, hasStagedChanges: true },
    ...extra,
  };
}
let products = 0;

/** The answer the checkout gives for a product's current variant (no product discount, embedded prices). */
function answerOf(product: Product, variant: ProductVariant, more: object = {}) {
  return {
    found: true,
    product: {
      productId: product.id,
      ...(product.key !== undefined ? { productKey: product.key } : {}),
      name: product.masterData.current.name,
      slug: product.masterData.current.slug,
      productType: { typeId: 'product-type', id: product.productType.id },
      variant,
      ...(product.taxCategory ? { taxCategory: { typeId: 'tax-category', id: product.taxCategory.id } } : {}),
      published: product.masterData.published,
      ...more,
    },
  };
}

describe('catalog.checkout.line-items of products with many variants', () => {
  const variantOf = (product: Product, id: number) =>
    [product.masterData.current.masterVariant, ...product.masterData.current.variants].find(
      (v) => v.id === id,
    )!;

  it('reads of each product only its current data and the variants asked for, never its staged data', async () => {
    const [big, other] = [richProduct('slim-a', 50), richProduct('slim-b', 50)];
    await productsTable.insert(db, ctx.projectKey, big);
    await productsTable.insert(db, ctx.projectKey, other);
    for (const sku of ['slim-a-12', 'slim-a-13', 'slim-b-2'])
      await inventoryTable.insert(db, ctx.projectKey, {
        id: `entry-${sku}`,
        ...base,
        sku,
        quantityOnStock: 5,
        availableQuantity: 5,
      });
    const items = [
      { productId: big.id, variantId: 37 },
      { sku: 'slim-a-12' },
      { productId: other.id },
      { productId: big.id, variantId: 99 },
    ];
    // The rows of the statement as the call reads them (a plain Queryable: the statement runs by `query`).
    const rows: Array<{ kind: string; doc: { id: string; variants: ProductVariant[] } }> = [];
    const recording: Queryable = {
      query: async <T>(text: string, values?: unknown[]) => {
        const result = await db.query<T>(text, values);
        if (text === CHECKOUT_LINE_ITEMS_SQL) rows.push(...(result as typeof rows));
        return result;
      },
    };
    const answer = await checkoutLineItems(
      recording,
      ctx.projectKey,
      { items, inventoryChannels: [] },
      new ProductDiscounts(db as unknown as DataSource),
    );
    // The entries of the variants read only (the answer's are of the found ones).
    expect(rows.filter((row) => row.kind === 'i').map((row) => row.doc.id)).toEqual(['entry-slim-a-12']);
    expect(answer.inventory?.map((entry) => entry.id)).toEqual(['entry-slim-a-12']);
    const read = rows.filter((row) => row.kind === 'p').map((row) => row.doc);
    expect(read.map((doc) => [doc.id, doc.variants.map((v) => v.id)])).toEqual(
      expect.arrayContaining([
        [big.id, [12, 37]],
        [other.id, [1]],
      ]),
    );
    expect(read).toHaveLength(2);
    const text = JSON.stringify(read);
    expect(text).not.toContain('STAGED');
    expect(text).not.toContain('A long description');
    // A small part of the documents: 3 variants of 100.
    expect(text.length).toBeLessThan(JSON.stringify([big, other]).length / 10);

    expect(answer.items).toEqual([
      answerOf(big, variantOf(big, 37)),
      answerOf(big, variantOf(big, 12)),
      answerOf(other, variantOf(other, 1)),
      { found: false, reason: 'VariantNotFound' },
    ]);
  });

  it('answers by SKU, by product and variant, by product alone (its master) as the whole product does', async () => {
    const product = richProduct('slim-c', 20, { taxCategory: { typeId: 'tax-category', id: 'tc-slim' } });
    const keyless = richProduct('slim-d', 3);
    delete keyless.key;
    await productsTable.insert(db, ctx.projectKey, product);
    await productsTable.insert(db, ctx.projectKey, keyless);
    const { items } = await lookup({
      items: [
        { sku: 'slim-c-20' },
        { productId: product.id, variantId: 1 },
        { productId: product.id },
        { sku: 'slim-c-1' },
        { productId: keyless.id, variantId: 3 },
        { sku: 'slim-c-21' },
        { productId: product.id, variantId: 5, sku: 'slim-c-6' },
      ],
    });
    expect(items).toEqual([
      answerOf(product, variantOf(product, 20)),
      answerOf(product, variantOf(product, 1)),
      answerOf(product, variantOf(product, 1)),
      answerOf(product, variantOf(product, 1)),
      answerOf(keyless, variantOf(keyless, 3)),
      { found: false, reason: 'SkuNotFound' },
      answerOf(product, variantOf(product, 5)),
    ]);
    expect(items[4]).not.toHaveProperty('product.productKey');
    expect(items[0]).toHaveProperty('product.variant.attributes.2', { name: 'note', value: null });
  });

  it('answers an unpublished product only when asked to, with its current data', async () => {
    const draft = richProduct('slim-e', 10);
    const product = { ...draft, masterData: { ...draft.masterData, published: false } };
    await productsTable.insert(db, ctx.projectKey, product);
    const items = [{ sku: 'slim-e-4' }, { productId: product.id }];
    expect((await lookup({ items })).items).toEqual([
      { found: false, reason: 'NotPublished' },
      { found: false, reason: 'NotPublished' },
    ]);
    expect((await lookup({ items, includeUnpublished: true })).items).toEqual([
      answerOf(product, variantOf(product, 4)),
      answerOf(product, variantOf(product, 1)),
    ]);
  });

  it("says whether a Store's variant selection offers each variant asked for", async () => {
    const product = richProduct('slim-f', 10);
    await productsTable.insert(db, ctx.projectKey, product);
    const selection = await fixtures.newSelection('Individual');
    await fixtures.update(selection, [
      {
        action: 'addProduct',
        product: { id: product.id },
        variantSelection: { type: 'includeAllExcept', skus: ['slim-f-3', 'slim-f-1'] },
      },
    ]);
    const { items } = await lookup({
      items: [
        { sku: 'slim-f-3' },
        { sku: 'slim-f-4' },
        { productId: product.id, variantId: 3 },
        { productId: product.id },
        { productId: product.id, variantId: 10 },
      ],
      storeProductSelections: [{ productSelection: { id: selection.id }, active: true }],
    });
    expect(items).toEqual([
      answerOf(product, variantOf(product, 3), { inStore: false }),
      answerOf(product, variantOf(product, 4), { inStore: true }),
      answerOf(product, variantOf(product, 3), { inStore: false }),
      answerOf(product, variantOf(product, 1), { inStore: false }),
      answerOf(product, variantOf(product, 10), { inStore: true }),
    ]);
  });

  it("applies a product discount whose predicate names the product's categories and attributes", async () => {
    const projectKey = 'slim-discounts';
    const matching = richProduct('slim-g', 10);
    const otherBrand = richProduct('slim-h', 10);
    otherBrand.masterData = {
      ...otherBrand.masterData,
      current: { ...otherBrand.masterData.current, attributes: [{ name: 'brand', value: 'other' }] },
    };
    await productsTable.insert(db, projectKey, matching);
    await productsTable.insert(db, projectKey, otherBrand);
    const discount: ProductDiscount = {
      id: 'slim-discount',
      ...base,
      name: { en: '10%' },
      value: { type: 'relative', permyriad: 1000 },
      predicate: 'categories.id contains "slim-cat" and attributes.brand = "acme" and attributes.size >= 5',
      sortOrder: '0.5',
      isActive: true,
      references: [],
    };
    await productDiscountsTable.insert(db, projectKey, discount);
    const { items } = await checkoutLineItems(
      db,
      projectKey,
      { items: [{ productId: matching.id, variantId: 7 }, { sku: 'slim-g-2' }, { sku: 'slim-h-7' }] },
      new ProductDiscounts(db as unknown as DataSource),
    );
    const discounted = (variant: ProductVariant): ProductVariant => ({
      ...variant,
      prices: variant.prices.map((price) => ({
        ...price,
        discounted: {
          value: {
            ...price.value,
            centAmount: price.value.centAmount - Math.round(price.value.centAmount / 10),
          },
          discount: { typeId: 'product-discount', id: 'slim-discount' },
        },
      })),
    });
    expect(items).toEqual([
      answerOf(matching, discounted(variantOf(matching, 7))),
      answerOf(matching, variantOf(matching, 2)),
      answerOf(otherBrand, variantOf(otherBrand, 7)),
    ]);
  });

  it("answers a Standalone product's variant with its SKU's Standalone Prices", async () => {
    const product = richProduct('slim-i', 10, { priceMode: 'Standalone' });
    await productsTable.insert(db, ctx.projectKey, product);
    const value = { type: 'centPrecision' as const, currencyCode: 'EUR', centAmount: 777, fractionDigits: 2 };
    await standalonePricesTable.insert(db, ctx.projectKey, {
      id: 'slim-standalone',
      ...base,
      sku: 'slim-i-6',
      value,
      active: true,
    });
    const { items } = await lookup({ items: [{ sku: 'slim-i-6' }, { productId: product.id, variantId: 5 }] });
    expect(items).toEqual([
      answerOf(product, { ...variantOf(product, 6), prices: [{ id: 'slim-standalone', value }] }),
      answerOf(product, { ...variantOf(product, 5), prices: [] }),
    ]);
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
