import type {
  Product,
  ProductData,
  ProductProjection,
  ProductSelectionAssignment,
} from '@commercetools/platform-sdk';
import { api, eventually } from '../support/api.js';
import { uniqueKey } from '../support/factories.js';
import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { adminToken } from '../support/tokens.js';
import { newProduct, newSelection, newStore, ref, skus, update } from './catalog-helpers.js';

type Setting = [selection: { id: string }, active: boolean];

const storeWith = (...settings: Setting[]) =>
  newStore({
    productSelections: settings.map(([s, active]) => ({ productSelection: { id: s.id }, active })),
  });

/** The SKUs a Store offers of a product, master first, or the HTTP status when it offers none. */
async function offered(
  store: { key: string },
  product: { id: string },
  query = '',
): Promise<string[] | number> {
  const response = await api.get(`in-store/key=${store.key}/product-projections/${product.id}${query}`);
  if (response.status !== 200) return response.status;
  const projection = response.body as ProductProjection;
  return [projection.masterVariant, ...projection.variants].map((v) => v.sku ?? '');
}

const skusOfData = (data: ProductData) => [data.masterVariant, ...data.variants].map((v) => v.sku ?? '');
const skusOf = (product: Product) => skusOfData(product.masterData.current);

describe('Products in a Store', () => {
  let product: Product;
  let other: Product;
  let all: string[];
  beforeAll(async () => {
    product = await newProduct(skus(3));
    other = await newProduct(skus(1));
    all = skusOf(product);
  });

  it('rule 1: a Store without product selections offers every published product with all variants', async () => {
    const store = await newStore();
    expect(await offered(store, product)).toEqual(all);
    const projection = (await api.get(`in-store/key=${store.key}/product-projections/key=${product.key}`))
      .body;
    expect(projection).toMatchObject({
      id: product.id,
      version: product.version,
      key: product.key,
      productType: product.productType,
      name: product.masterData.current.name,
      slug: product.masterData.current.slug,
      createdAt: product.createdAt,
      lastModifiedAt: product.lastModifiedAt,
    });
    expect(projection.masterData).toBeUndefined();
  });

  it('rule 2: all selections inactive and all IndividualExclusion: every product', async () => {
    const exclusion = await newSelection('IndividualExclusion');
    await update('product-selections', exclusion, { action: 'excludeProduct', product: { id: product.id } });
    const store = await storeWith([exclusion, false], [await newSelection('IndividualExclusion'), false]);
    expect(await offered(store, product)).toEqual(all);
  });

  it('rule 3: all selections inactive and one Individual: no product', async () => {
    const individual = await newSelection();
    await update('product-selections', individual, { action: 'addProduct', product: { id: product.id } });
    const store = await storeWith([individual, false], [await newSelection('IndividualExclusion'), false]);
    expect(await offered(store, product)).toBe(404);
    expect(await offered(store, other)).toBe(404);
  });

  it('rule 4 and behaviour 1: only active selections count; an active Individual selection must include the product', async () => {
    const [active, inactive] = [await newSelection(), await newSelection()];
    await update('product-selections', active, { action: 'addProduct', product: { id: product.id } });
    await update('product-selections', inactive, { action: 'addProduct', product: { id: other.id } });
    const store = await storeWith([active, true], [inactive, false]);
    expect(await offered(store, product)).toEqual(all);
    const missing = await api.get(`in-store/key=${store.key}/product-projections/${other.id}`);
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].code).toBe('ResourceNotFound');
  });

  it('behaviour 1: an active IndividualExclusion selection removes a product even if an Individual one includes it', async () => {
    const [individual, exclusion] = [await newSelection(), await newSelection('IndividualExclusion')];
    await update(
      'product-selections',
      individual,
      { action: 'addProduct', product: { id: product.id } },
      { action: 'addProduct', product: { id: other.id } },
    );
    await update('product-selections', exclusion, { action: 'excludeProduct', product: { id: other.id } });
    const store = await storeWith([individual, true], [exclusion, true]);
    expect(await offered(store, product)).toEqual(all);
    expect(await offered(store, other)).toBe(404);
    const onlyExclusion = await storeWith([exclusion, true]);
    expect(await offered(onlyExclusion, product)).toEqual(all);
    expect(await offered(onlyExclusion, other)).toBe(404);
  });

  it('behaviour 2: a variant selection keeps only the selected variants; the first becomes master if the master is not selected', async () => {
    const [only, except] = [await newSelection(), await newSelection()];
    await update('product-selections', only, {
      action: 'addProduct',
      product: { id: product.id },
      variantSelection: { type: 'includeOnly', skus: [all[2], all[1]] },
    });
    await update('product-selections', except, {
      action: 'addProduct',
      product: { id: product.id },
      variantSelection: { type: 'includeAllExcept', skus: [all[1]] },
    });
    expect(await offered(await storeWith([only, true]), product)).toEqual([all[1], all[2]]);
    expect(await offered(await storeWith([except, true]), product)).toEqual([all[0], all[2]]);
    expect(await offered(await storeWith([only, true], [except, true]), product)).toEqual(all);
  });

  it('behaviour 3: no product when its variant selection excludes all variants, or an exclusion has no variant exclusion', async () => {
    const [none, partial, full] = [
      await newSelection(),
      await newSelection('IndividualExclusion'),
      await newSelection('IndividualExclusion'),
    ];
    await update('product-selections', none, {
      action: 'addProduct',
      product: { id: product.id },
      variantSelection: { type: 'includeOnly', skus: ['no-such-sku'] },
    });
    expect(await offered(await storeWith([none, true]), product)).toBe(404);
    await update('product-selections', partial, {
      action: 'excludeProduct',
      product: { id: product.id },
      variantExclusion: { skus: [all[0]] },
    });
    expect(await offered(await storeWith([partial, true]), product)).toEqual([all[1], all[2]]);
    await update('product-selections', full, { action: 'excludeProduct', product: { id: product.id } });
    expect(await offered(await storeWith([partial, true], [full, true]), product)).toBe(404);
  });

  it('answers the current projection of published products, the staged one on request', async () => {
    let draft = await newProduct(skus(1), { publish: false });
    const store = await newStore();
    expect(await offered(store, draft)).toBe(404);
    expect(await offered(store, draft, '?staged=true')).toEqual(skusOf(draft));
    draft = await update(
      'products',
      draft,
      { action: 'publish' },
      { action: 'changeName', name: { en: 'Draft' } },
    );
    const current = (await api.get(`in-store/key=${store.key}/product-projections/${draft.id}`)).body;
    const staged = (await api.get(`in-store/key=${store.key}/product-projections/${draft.id}?staged=true`))
      .body;
    expect([current.name, staged.name]).toEqual([{ en: 'Product' }, { en: 'Draft' }]);
    expect(staged.hasStagedChanges).toBe(true);
    expect(
      (await api.get(`in-store/key=${store.key}/product-projections/${draft.id}?staged=maybe`)).status,
    ).toBe(400);
    expect(
      (await api.get(`in-store/key=${uniqueKey('no-store')}/product-projections/${draft.id}`)).status,
    ).toBe(404);
  });

  it('follows Store changes (the cached configuration is dropped on change)', async () => {
    const selection = await newSelection();
    await update('product-selections', selection, { action: 'addProduct', product: { id: product.id } });
    let store = await newStore();
    expect(await offered(store, other)).toEqual(skusOf(other));
    store = await update('stores', store, {
      action: 'addProductSelection',
      productSelection: { id: selection.id },
      active: true,
    });
    await eventually(async () => ((await offered(store, other)) === 404 ? true : undefined));
    expect(await offered(store, product)).toEqual(all);
  });

  it('work through the SDK with store-scoped tokens, and need view_products for staged data', async () => {
    const { projectKey } = await platform();
    const store = await newStore();
    const client = await sdk([`view_published_products:${projectKey}:${store.key}`]);
    const byId = await client
      .inStoreKeyWithStoreKeyValue({ storeKey: store.key })
      .productProjections()
      .withId({ ID: product.id })
      .get()
      .execute();
    expect(byId.body.id).toBe(product.id);
    const byKey = await client
      .inStoreKeyWithStoreKeyValue({ storeKey: store.key })
      .productProjections()
      .withKey({ key: product.key! })
      .get({ queryArgs: { expand: ['productType'] } })
      .execute();
    expect(byKey.body.productType.obj).toMatchObject({ id: product.productType.id });
    const token = await adminToken([`view_published_products:${projectKey}:${store.key}`]);
    const staged = await http(
      'GET',
      `/${projectKey}/in-store/key=${store.key}/product-projections/${product.id}?staged=true`,
      { token },
    );
    expect(staged.status).toBe(403);
    const otherStore = await newStore();
    expect(
      (
        await http('GET', `/${projectKey}/in-store/key=${otherStore.key}/product-projections/${product.id}`, {
          token,
        })
      ).status,
    ).toBe(403);
    const viewer = await adminToken([`view_products:${projectKey}:${store.key}`]);
    expect(
      (
        await http(
          'GET',
          `/${projectKey}/in-store/key=${store.key}/product-projections/${product.id}?staged=true`,
          { token: viewer },
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await http('HEAD', `/${projectKey}/in-store/key=${store.key}/product-projections/${product.id}`, {
          token: viewer,
        })
      ).status,
    ).toBe(200);
  });
});

describe('Product selection assignments of a Store', () => {
  it('lists the products of its active Individual selections, with the selection and variant selection', async () => {
    const { projectKey } = await platform();
    const [a, inactive, exclusion] = [
      await newSelection(),
      await newSelection(),
      await newSelection('IndividualExclusion'),
    ];
    const products = [await newProduct(skus(2)), await newProduct(), await newProduct()];
    const variantSelection = {
      type: 'includeOnly',
      skus: [products[0].masterData.current.masterVariant.sku],
    };
    await update(
      'product-selections',
      a,
      { action: 'addProduct', product: { id: products[0].id }, variantSelection },
      { action: 'addProduct', product: { id: products[1].id } },
      { action: 'addProduct', product: { id: products[2].id } },
    );
    await update('product-selections', inactive, { action: 'addProduct', product: { id: products[1].id } });
    await update('product-selections', exclusion, {
      action: 'excludeProduct',
      product: { id: products[2].id },
    });
    const store = await storeWith([a, true], [inactive, false], [exclusion, true]);

    const client = await sdk([`view_product_selections:${projectKey}`]);
    const page = await client
      .inStoreKeyWithStoreKeyValue({ storeKey: store.key })
      .productSelectionAssignments()
      .get()
      .execute();
    expect(page.body).toMatchObject({ offset: 0, count: 2, total: 2 });
    expect(page.body.results).toEqual([
      {
        product: ref(products[0], 'product'),
        productSelection: ref(a, 'product-selection'),
        variantSelection,
      },
      { product: ref(products[1], 'product'), productSelection: ref(a, 'product-selection') },
    ]);
    const second = await api.get(
      `in-store/key=${store.key}/product-selection-assignments?limit=1&offset=1&expand=product`,
    );
    expect(second.body.results.map((r: ProductSelectionAssignment) => r.product.obj?.id)).toEqual([
      products[1].id,
    ]);
    const where = encodeURIComponent(`product(id = "${products[1].id}")`);
    expect(
      (await api.get(`in-store/key=${store.key}/product-selection-assignments?where=${where}`)).body.count,
    ).toBe(1);
    expect(
      (await api.get(`in-store/key=${(await newStore()).key}/product-selection-assignments`)).body,
    ).toMatchObject({ count: 0, total: 0 });
    const noScope = await adminToken([`view_products:${projectKey}`]);
    expect(
      (
        await http('GET', `/${projectKey}/in-store/key=${store.key}/product-selection-assignments`, {
          token: noScope,
        })
      ).status,
    ).toBe(403);
  });
});
