import type { Product, ProductSelection } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import { parseQueryParams } from '@commerce/query';
import { storeAssignmentsPage } from '../src/in-store/store-assignments.js';
import { assignments } from '../src/product-selections/assignments.repository.js';
import { productSelectionsTable } from '../src/product-selections/product-selections.table.js';
import { removeProductFromSelections } from '../src/product-selections/selection-cascade.js';
import { ctx, errorOf } from './apply-actions.js';
import { catalogDatabase, recordingWriter } from './catalog-database.js';
import { catalogFixtures, productRef } from './catalog-fixtures.js';

let db: Queryable;
let close: () => Promise<void>;
let fixtures: ReturnType<typeof catalogFixtures>;

beforeAll(async () => {
  ({ db, close } = await catalogDatabase());
  fixtures = catalogFixtures(db);
}, 60_000);

afterAll(() => close());

const newProduct = (skus: string[] = []): Promise<Product> => fixtures.newProduct(skus);
const newSelection = (mode?: ProductSelection['mode']) => fixtures.newSelection(mode);
const update = (selection: ProductSelection, raw: object[]) => fixtures.update(selection, raw);

describe('selection product actions', () => {
  it('adds a product once with its variant selection, and counts it', async () => {
    const [selection, product] = [await newSelection(), await newProduct()];
    const variantSelection = { type: 'includeOnly', skus: ['x'] };
    const { resource, messages } = await update(selection, [
      { action: 'addProduct', product: { id: product.id }, variantSelection },
    ]);
    expect(resource.productCount).toBe(1);
    expect(messages).toEqual([
      { type: 'ProductSelectionProductAdded', product: productRef(product), variantSelection },
    ]);
    expect(await assignments.find(db, ctx.projectKey, selection.id, product.id)).toMatchObject({
      variantSelection,
    });
    const again = await update(resource, [
      { action: 'addProduct', product: { id: product.id }, variantSelection },
    ]);
    expect(again.writes).toHaveLength(0);
    expect(
      await errorOf(update(resource, [{ action: 'addProduct', product: { id: product.id } }])),
    ).toMatchObject({
      code: 'ProductPresentWithDifferentVariantSelection',
      product: productRef(product),
      existingVariantSelection: variantSelection,
    });
  });

  it('sees its own earlier actions within one update', async () => {
    const [selection, product] = [await newSelection(), await newProduct()];
    const { resource, messages } = await update(selection, [
      { action: 'addProduct', product: { id: product.id } },
      { action: 'removeProduct', product: { id: product.id } },
      { action: 'removeProduct', product: { id: product.id } },
      {
        action: 'addProduct',
        product: { id: product.id },
        variantSelection: { type: 'includeAllExcept', skus: ['y'] },
      },
    ]);
    expect(messages.map((m) => m.type)).toEqual([
      'ProductSelectionProductAdded',
      'ProductSelectionProductRemoved',
      'ProductSelectionProductAdded',
    ]);
    expect(resource.productCount).toBe(1);
    expect(await assignments.find(db, ctx.projectKey, selection.id, product.id)).toMatchObject({
      variantSelection: { type: 'includeAllExcept', skus: ['y'] },
    });
  });

  it('changes a variant selection with the old and new one; an unassigned product is ProductAssignmentMissing', async () => {
    const [selection, product, other] = [await newSelection(), await newProduct(), await newProduct()];
    const added = await update(selection, [{ action: 'addProduct', product: { id: product.id } }]);
    const newVariantSelection = { type: 'includeOnly', skus: ['a'] };
    const { messages } = await update(added.resource, [
      { action: 'setVariantSelection', product: { id: product.id }, variantSelection: newVariantSelection },
    ]);
    expect(messages).toEqual([
      { type: 'ProductSelectionVariantSelectionChanged', product: productRef(product), newVariantSelection },
    ]);
    expect(
      await errorOf(update(added.resource, [{ action: 'setVariantSelection', product: { id: other.id } }])),
    ).toMatchObject({ code: 'ProductAssignmentMissing', product: productRef(other) });
  });

  it('excludes products only in IndividualExclusion mode, and adds them only in Individual mode', async () => {
    const [exclusion, individual, product] = [
      await newSelection('IndividualExclusion'),
      await newSelection(),
      await newProduct(),
    ];
    const variantExclusion = { skus: ['s'] };
    const { resource, messages } = await update(exclusion, [
      { action: 'excludeProduct', product: { id: product.id }, variantExclusion },
    ]);
    expect(messages).toEqual([
      { type: 'ProductSelectionProductExcluded', product: productRef(product), variantExclusion },
    ]);
    const changed = await update(resource, [{ action: 'setVariantExclusion', product: { id: product.id } }]);
    expect(changed.messages).toEqual([
      {
        type: 'ProductSelectionVariantExclusionChanged',
        product: productRef(product),
        oldVariantExclusion: variantExclusion,
      },
    ]);
    for (const [selection, raw] of [
      [exclusion, { action: 'addProduct', product: { id: product.id } }],
      [exclusion, { action: 'setVariantSelection', product: { id: product.id } }],
      [individual, { action: 'excludeProduct', product: { id: product.id } }],
      [individual, { action: 'setVariantExclusion', product: { id: product.id } }],
    ] as const) {
      expect(await errorOf(update(selection, [raw]))).toMatchObject({ code: 'InvalidOperation' });
    }
  });

  it('refuses a product that does not exist with ReferencedResourceNotFound', async () => {
    expect(
      await errorOf(update(await newSelection(), [{ action: 'addProduct', product: { key: 'missing' } }])),
    ).toMatchObject({
      code: 'ReferencedResourceNotFound',
      typeId: 'product',
      key: 'missing',
    });
  });
});

describe('assignments', () => {
  it('pages a selection’s products and a product’s selections, oldest first, without deleted products', async () => {
    const [a, b] = [await newSelection(), await newSelection()];
    const products = [await newProduct(), await newProduct(), await newProduct()];
    for (const product of products) await update(a, [{ action: 'addProduct', product: { id: product.id } }]);
    await update(b, [{ action: 'addProduct', product: { id: products[0].id } }]);
    await db.query(`DELETE FROM "catalog"."products" WHERE id = $1`, [products[2].id]);
    const page = await assignments.page(
      db,
      ctx.projectKey,
      { selectionId: a.id },
      { limit: 1, offset: 1, withTotal: true },
    );
    expect(page.total).toBe(2);
    expect(page.assignments.map((x) => x.productId)).toEqual([products[1].id]);
    expect(await assignments.count(db, ctx.projectKey, a.id)).toBe(2);
    const selections = await assignments.page(
      db,
      ctx.projectKey,
      { productId: products[0].id },
      { limit: 20, offset: 0, withTotal: false },
    );
    expect(selections.assignments.map((x) => x.selectionId)).toEqual([a.id, b.id]);
    expect(selections.total).toBeUndefined();
  });

  it('takes a deleted product out of its selections with a new version and a Message each', async () => {
    const [a, b, product, kept] = [
      await newSelection(),
      await newSelection(),
      await newProduct(),
      await newProduct(),
    ];
    await update(a, [
      { action: 'addProduct', product: { id: product.id } },
      { action: 'addProduct', product: { id: kept.id } },
    ]);
    await update(b, [{ action: 'addProduct', product: { id: product.id } }]);
    const writer = recordingWriter();
    await removeProductFromSelections(ctx, product.id)(db, writer);
    const after = await productSelectionsTable.findById(db, ctx.projectKey, a.id);
    expect(after).toMatchObject({ version: 2, productCount: 1, lastModifiedAt: expect.stringMatching(/Z$/) });
    expect(writer.written.map((w) => [w.subject.id, w.subject.version, w.payloads[0]])).toEqual(
      expect.arrayContaining([
        [a.id, 2, { type: 'ProductSelectionProductRemoved', product: productRef(product) }],
        [b.id, 2, { type: 'ProductSelectionProductRemoved', product: productRef(product) }],
      ]),
    );
  });
});

describe(storeAssignmentsPage.name, () => {
  it('lists the active Individual selections’ products that no active exclusion removes entirely', async () => {
    const [individual, exclusion] = [await newSelection(), await newSelection('IndividualExclusion')];
    const [offered, partly, removed] = [await newProduct(), await newProduct(), await newProduct()];
    const variantSelection = { type: 'includeOnly', skus: ['v'] };
    await update(individual, [
      { action: 'addProduct', product: { id: offered.id }, variantSelection },
      { action: 'addProduct', product: { id: partly.id } },
      { action: 'addProduct', product: { id: removed.id } },
    ]);
    await update(exclusion, [
      { action: 'excludeProduct', product: { id: partly.id }, variantExclusion: { skus: ['x'] } },
      { action: 'excludeProduct', product: { id: removed.id } },
    ]);
    const selections = { individual: [individual.id], exclusion: [exclusion.id] };
    const page = await storeAssignmentsPage(db, ctx.projectKey, selections, parseQueryParams({}));
    expect(page).toMatchObject({ count: 2, total: 2, offset: 0, limit: 20 });
    expect(page.results).toEqual([
      {
        product: productRef(offered),
        productSelection: { typeId: 'product-selection', id: individual.id },
        variantSelection,
      },
      { product: productRef(partly), productSelection: { typeId: 'product-selection', id: individual.id } },
    ]);
    const filtered = await storeAssignmentsPage(
      db,
      ctx.projectKey,
      selections,
      parseQueryParams({ where: 'product(id = :id)', 'var.id': partly.id, withTotal: 'false' }),
    );
    expect(filtered.results.map((r) => r.product.id)).toEqual([partly.id]);
    expect(filtered.total).toBeUndefined();
    const none = await storeAssignmentsPage(
      db,
      ctx.projectKey,
      { individual: [], exclusion: [] },
      parseQueryParams({}),
    );
    expect(none).toMatchObject({ count: 0, total: 0 });
    expect(
      await errorOf(
        storeAssignmentsPage(db, ctx.projectKey, selections, parseQueryParams({ where: 'nope = 1' })),
      ),
    ).toMatchObject({
      code: 'InvalidInput',
    });
  });
});

describe('assignment order', () => {
  it('pages products in the order they were added, even when they were added within the same instant', async () => {
    const selection = await newSelection();
    const products = await Promise.all(Array.from({ length: 12 }, () => newProduct()));
    await update(
      selection,
      products.map((product) => ({ action: 'addProduct', product: { id: product.id } })),
    );
    // One instant for all: the order must not fall back on the products' random ids.
    await db.query(
      `UPDATE "catalog"."product_selection_assignments" SET created_at = '2026-01-01T00:00:00Z'
       WHERE project_key = $1 AND selection_id = $2`,
      [ctx.projectKey, selection.id],
    );
    const page = await assignments.page(
      db,
      ctx.projectKey,
      { selectionId: selection.id },
      {
        limit: 20,
        offset: 0,
        withTotal: false,
      },
    );
    expect(page.assignments.map((a) => a.productId)).toEqual(products.map((p) => p.id));
  });
});
