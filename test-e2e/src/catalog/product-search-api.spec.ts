import type {
  Category,
  Product,
  ProductPagedSearchResponse,
  ProductSearchRequest,
  ProjectUpdateAction,
  _SearchQuery,
} from '@commercetools/platform-sdk';
import { api, eventually } from '../support/api.js';
import { categoryDraft, productDraft } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { failure } from '../customers/customer-helpers.js';
import {
  newChannel,
  newCustomerGroup,
  newProductType,
  newSelection,
  newStore,
  ref,
  skus,
  update,
} from './catalog-helpers.js';

async function changeProject(...actions: ProjectUpdateAction[]) {
  const client = await sdk();
  const { body: project } = await client.get().execute();
  await client.post({ body: { version: project.version, actions } }).execute();
}

const activate = (enabled: boolean) =>
  changeProject({ action: 'changeProductSearchIndexingEnabled', enabled, mode: 'ProductsSearch' });

async function search(body: ProductSearchRequest): Promise<ProductPagedSearchResponse> {
  const { body: page } = await (await sdk()).products().search().post({ body }).execute();
  return page;
}

const price = (currencyCode: string, centAmount: number) => ({ value: { currencyCode, centAmount } });
const en = (field: string) => ({ field, language: 'en' });

describe('Product Search (POST /products/search)', () => {
  let category: Category;
  let p1: Product;
  let p2: Product;
  let p3: Product;
  const [s1, s2, s3, s4] = skus(4);

  /** Searches within this test's category, so other tests' products never count. */
  const within = (query?: _SearchQuery): _SearchQuery => ({
    and: [{ exact: { field: 'categories', value: category.id } }, ...(query ? [query] : [])],
  });
  const ids = async (query: _SearchQuery, extra: Partial<ProductSearchRequest> = {}) =>
    (await search({ query: within(query), ...extra })).results.map((result) => result.id).sort();

  beforeAll(async () => {
    await activate(true);
    const productType = await newProductType({
      attributes: [
        { name: 'color', label: { en: 'Color' }, isRequired: false, type: { name: 'text' } },
        { name: 'weight', label: { en: 'Weight' }, isRequired: false, type: { name: 'number' } },
        {
          name: 'size',
          label: { en: 'Size' },
          isRequired: false,
          type: {
            name: 'enum',
            values: [
              { key: 'M', label: 'M' },
              { key: 'L', label: 'L' },
            ],
          },
        },
      ],
    });
    category = await api.create('categories', categoryDraft());
    const product = (overrides: Record<string, unknown>) =>
      api.create<Product>(
        'products',
        productDraft(productType.id, [], {
          publish: true,
          categories: [ref(category, 'category')],
          ...overrides,
        }),
      );
    p1 = await product({
      name: { en: 'Red cotton shirt', de: 'Rotes Hemd' },
      masterVariant: {
        sku: s1,
        attributes: [
          { name: 'color', value: 'red' },
          { name: 'weight', value: 10 },
          { name: 'size', value: 'M' },
        ],
        prices: [price('EUR', 1000)],
      },
      variants: [
        {
          sku: s2,
          attributes: [
            { name: 'color', value: 'blue' },
            { name: 'weight', value: 30 },
            { name: 'size', value: 'L' },
          ],
          prices: [price('EUR', 3000)],
        },
      ],
    });
    p2 = await product({
      name: { en: 'Blue linen trousers', de: 'Blaue Hose' },
      masterVariant: {
        sku: s3,
        attributes: [
          { name: 'color', value: 'blue' },
          { name: 'weight', value: 50 },
          { name: 'size', value: 'M' },
        ],
        prices: [price('EUR', 5000), price('USD', 6000)],
      },
    });
    p3 = await product({
      name: { en: 'Green wool jacket' },
      masterVariant: {
        sku: s4,
        attributes: [
          { name: 'color', value: 'green' },
          { name: 'weight', value: 70 },
        ],
        prices: [price('EUR', 2000)],
      },
    });
    await eventually(async () => ((await ids({ exists: { field: 'key' } })).length === 3 ? true : undefined));
  });

  afterAll(() => activate(false));

  it('answers the MCP server’s SKU lookup: its own route, never the update of a product "search"', async () => {
    const page = await search({ query: { exact: { field: 'variants.sku', value: s3 } }, limit: 5 });
    expect(page).toMatchObject({ total: 1, offset: 0, limit: 5, facets: [], results: [{ id: p2.id }] });
  });

  it('takes every simple expression', async () => {
    expect(await ids({ exact: { field: 'variants.sku', values: [s1, s4] } })).toEqual([p1.id, p3.id].sort());
    expect(await ids({ exact: { ...en('name'), value: 'red COTTON shirt', caseInsensitive: true } })).toEqual(
      [p1.id],
    );
    expect(await ids({ exact: { ...en('name'), value: 'red COTTON shirt' } })).toEqual([]);
    expect(await ids({ fullText: { ...en('name'), value: 'Shirt cotton' } })).toEqual([p1.id]);
    expect(await ids({ fullText: { ...en('name'), value: 'cotton trousers', mustMatch: 'any' } })).toEqual(
      [p1.id, p2.id].sort(),
    );
    expect(await ids({ fullTextPrefix: { ...en('name'), value: 'blue lin' } })).toEqual([p2.id]);
    expect(await ids({ prefix: { ...en('name'), value: 'gre', caseInsensitive: true } })).toEqual([p3.id]);
    expect(await ids({ wildcard: { ...en('name'), value: '*w?ol*' } })).toEqual([p3.id]);
    expect(await ids({ fuzzy: { ...en('name'), value: 'cottn', level: 1 } })).toEqual([p1.id]);
    expect(await ids({ fuzzy: { ...en('name'), value: 'cottn', level: 0 } })).toEqual([]);
    expect(
      await ids({ range: { field: 'variants.attributes.weight', fieldType: 'number', gte: 40, lt: 60 } }),
    ).toEqual([p2.id]);
    expect(await ids({ range: { field: 'variants.prices.centAmount', gt: 5000 } })).toEqual([p2.id]);
    expect(await ids({ range: { field: 'createdAt', gte: p2.createdAt } })).toEqual([p2.id, p3.id].sort());
    expect(await ids({ exists: { field: 'variants.attributes.size', fieldType: 'enum' } })).toEqual(
      [p1.id, p2.id].sort(),
    );
    expect(
      await ids({ exact: { field: 'variants.attributes.size', fieldType: 'enum', value: 'L' } }),
    ).toEqual([p1.id]);
    expect(await ids({ exact: { field: 'productType', value: p1.productType.id } })).toHaveLength(3);
    expect(await ids({ exact: { field: 'categoriesSubTree', value: category.id } })).toHaveLength(3);
  });

  it('combines expressions: and on one variant, or, not, filter', async () => {
    const blue = { exact: { field: 'variants.attributes.color', fieldType: 'text', value: 'blue' } };
    const light = { range: { field: 'variants.attributes.weight', fieldType: 'number', lte: 40 } };
    expect(
      await ids({ or: [{ exact: { field: 'variants.sku', value: s4 } }, { and: [blue, light] }] }),
    ).toEqual([p1.id, p3.id].sort());
    // The variant expressions of an `and` hold on the same variant: no variant is blue and at most 20.
    const lighter = { range: { field: 'variants.attributes.weight', fieldType: 'number', lte: 20 } };
    expect(await ids({ and: [blue, lighter] })).toEqual([]);
    expect(await ids({ not: [{ fullText: { ...en('name'), value: 'shirt' } }] })).toEqual(
      [p2.id, p3.id].sort(),
    );
    expect(
      await ids({
        filter: [{ range: { field: 'variants.attributes.weight', fieldType: 'number', gte: 60 } }],
      }),
    ).toEqual([p3.id]);
    const marked = await search({
      query: within(blue),
      markMatchingVariants: true,
      sort: [{ ...en('name'), order: 'asc' }],
    });
    expect(marked.results).toEqual([
      { id: p2.id, matchingVariants: { allMatched: false, matchedVariants: [{ id: 1, sku: s3 }] } },
      { id: p1.id, matchingVariants: { allMatched: false, matchedVariants: [{ id: 2, sku: s2 }] } },
    ]);
  });

  it('sorts by a localized field and by price, and pages within the bounds', async () => {
    const sorted = async (sort: ProductSearchRequest['sort'], extra: Partial<ProductSearchRequest> = {}) =>
      (await search({ query: within(), sort, ...extra })).results.map((result) => result.id);
    expect(await sorted([{ ...en('name'), order: 'asc' }])).toEqual([p2.id, p3.id, p1.id]);
    expect(await sorted([{ ...en('name'), order: 'desc' }])).toEqual([p1.id, p3.id, p2.id]);
    const eur = { exact: { field: 'variants.prices.currencyCode', value: 'EUR' } };
    expect(
      await sorted([{ field: 'variants.prices.centAmount', order: 'asc', mode: 'min', filter: eur }]),
    ).toEqual([p1.id, p3.id, p2.id]);
    expect(await sorted([{ field: 'variants.prices.centAmount', order: 'desc', mode: 'max' }])).toEqual([
      p2.id,
      p1.id,
      p3.id,
    ]);
    const page = await search({
      query: within(),
      sort: [{ ...en('name'), order: 'asc' }],
      limit: 1,
      offset: 1,
    });
    expect(page).toMatchObject({ total: 3, limit: 1, offset: 1, results: [{ id: p3.id }] });
    for (const bounds of [{ limit: 101 }, { limit: -1 }, { offset: 10_001 }, { limit: 1.5 }]) {
      expect(await failure(search({ query: within(), ...bounds }))).toMatchObject({
        statusCode: 400,
        error: { code: 'InvalidInput', message: expect.stringContaining(Object.keys(bounds)[0]) },
      });
    }
  });

  it('ranks by the boosts of the expressions a product meets when no sort is given', async () => {
    const page = await search({
      query: within({
        or: [
          { exact: { field: 'variants.sku', value: s4, boost: 5 } },
          { fullText: { ...en('name'), value: 'cotton' } },
          { exact: { field: 'variants.attributes.color', fieldType: 'text', value: 'blue' } },
        ],
      }),
    });
    // s4 alone (5) over "cotton" and a blue variant (2) over a blue variant (1); created p1, p2, p3.
    expect(page.results.map((result) => result.id)).toEqual([p3.id, p1.id, p2.id]);
  });

  it('answers facets of each kind', async () => {
    const color = { field: 'variants.attributes.color', fieldType: 'text' };
    const page = await search({
      query: within(),
      limit: 0,
      facets: [
        { distinct: { name: 'colors', ...color } },
        {
          distinct: { name: 'colorVariants', ...color, level: 'variants', sort: { by: 'key', order: 'asc' } },
        },
        {
          ranges: {
            name: 'prices',
            field: 'variants.prices.centAmount',
            ranges: [{ to: 2000 }, { from: 2000, to: 5000 }, { from: 5000, key: 'expensive' }],
          },
        },
        { count: { name: 'found' } },
        { count: { name: 'red', filter: { exact: { ...color, value: 'red' } } } },
        { count: { name: 'everything', scope: 'all' } },
        { stats: { name: 'weight', field: 'variants.attributes.weight', fieldType: 'number' } },
      ],
    });
    expect(page.results).toEqual([]);
    expect(page.total).toBe(3);
    const [colors, colorVariants, prices, found, red, everything, weight] = page.facets as any[];
    expect(colors).toEqual({
      name: 'colors',
      buckets: [
        { key: 'blue', count: 2 },
        { key: 'green', count: 1 },
        { key: 'red', count: 1 },
      ],
    });
    expect(colorVariants).toEqual({
      name: 'colorVariants',
      buckets: [
        { key: 'blue', count: 2 },
        { key: 'green', count: 1 },
        { key: 'red', count: 1 },
      ],
    });
    expect(prices).toEqual({
      name: 'prices',
      buckets: [
        { key: '*-2000', count: 1 },
        { key: '2000-5000', count: 2 },
        { key: 'expensive', count: 1 },
      ],
    });
    expect(found).toEqual({ name: 'found', value: 3 });
    expect(red).toEqual({ name: 'red', value: 1 });
    expect(everything.value).toBeGreaterThanOrEqual(3);
    expect(weight).toMatchObject({ name: 'weight', min: 10, max: 70, count: 4, sum: 160 });
  });

  it('returns projections next to the hits with projection parameters, staged with view_products', async () => {
    const page = await search({
      query: within({ exact: { field: 'variants.sku', value: s3 } }),
      productProjectionParameters: {
        priceCurrency: 'USD',
        localeProjection: ['en'],
        expand: ['productType'],
      },
    });
    const projection = page.results[0].productProjection!;
    expect(projection.id).toBe(p2.id);
    expect(projection.name).toEqual({ en: 'Blue linen trousers' });
    expect(projection.masterVariant.price?.value).toMatchObject({ currencyCode: 'USD', centAmount: 6000 });
    expect(projection.productType.obj?.id).toBe(p1.productType.id);

    const changed = await update('products', p3, { action: 'changeName', name: { en: 'Green felt jacket' } });
    const staged = await search({
      query: within({ exact: { field: 'variants.sku', value: s4 } }),
      productProjectionParameters: { staged: true },
    });
    expect(staged.results[0].productProjection?.name).toEqual({ en: 'Green felt jacket' });
    expect(staged.results[0].productProjection?.version).toBe(changed.version);
    // The search itself reads the current projections: the staged name is not found before publishing.
    expect(await ids({ fullText: { ...en('name'), value: 'felt' } })).toEqual([]);
    p3 = await update('products', changed, { action: 'publish' });
    expect(
      await eventually(async () => {
        const found = await ids({ fullText: { ...en('name'), value: 'felt' } });
        return found.length > 0 ? found : undefined;
      }, 1_000),
    ).toEqual([p3.id]);

    const { projectKey } = await import('../support/platform.js').then((m) => m.platform());
    const published = await sdk([`view_published_products:${projectKey}`]);
    const denied = published
      .products()
      .search()
      .post({ body: { productProjectionParameters: { staged: true } } })
      .execute();
    expect(await failure(denied)).toMatchObject({ statusCode: 403 });
    const allowed = await published
      .products()
      .search()
      .post({ body: { query: within(), limit: 1 } })
      .execute();
    expect(allowed.body.total).toBe(3);
  });

  it('finds the products a Store offers by `stores` (its product selections), with exact only', async () => {
    const [individual, exclusion] = [await newSelection(), await newSelection('IndividualExclusion')];
    await update(
      'product-selections',
      individual,
      { action: 'addProduct', product: { id: p1.id } },
      { action: 'addProduct', product: { id: p3.id } },
    );
    await update('product-selections', exclusion, { action: 'excludeProduct', product: { id: p3.id } });
    const store = (...settings: Array<[{ id: string }, boolean]>) =>
      newStore({
        productSelections: settings.map(([s, active]) => ({ productSelection: { id: s.id }, active })),
      });
    const selected = await store([individual, true]);
    const excluding = await store([individual, true], [exclusion, true]);
    const everything = await store();
    const inactive = await store([individual, false]);

    expect(await ids({ exact: { field: 'stores', value: selected.id } })).toEqual([p1.id, p3.id].sort());
    expect(await ids({ exact: { field: 'stores', value: excluding.id } })).toEqual([p1.id]);
    expect(await ids({ exact: { field: 'stores', value: everything.id } })).toEqual(
      [p1.id, p2.id, p3.id].sort(),
    );
    expect(await ids({ exact: { field: 'stores', value: inactive.id } })).toEqual([]);
    expect(await ids({ exact: { field: 'stores', values: [excluding.id, inactive.id] } })).toEqual([p1.id]);
    expect(await ids({ exact: { field: 'stores', value: 'no-such-store' } })).toEqual([]);
    // With other expressions, and after the Store's selections change.
    expect(
      await ids({
        and: [
          { exact: { field: 'stores', value: selected.id } },
          { fullText: { ...en('name'), value: 'jacket' } },
        ],
      }),
    ).toEqual([p3.id]);
    expect(await ids({ not: [{ exact: { field: 'stores', value: excluding.id } }] })).toEqual(
      [p2.id, p3.id].sort(),
    );
    await update('stores', excluding, {
      action: 'removeProductSelection',
      productSelection: ref(exclusion, 'product-selection'),
    });
    expect(await ids({ exact: { field: 'stores', value: excluding.id } })).toEqual([p1.id, p3.id].sort());

    for (const body of [
      { query: within(), facets: [{ distinct: { name: 's', field: 'stores' } }] },
      { query: within({ exists: { field: 'stores' } }) },
      { query: within(), sort: [{ field: 'stores', order: 'asc' as const }] },
    ]) {
      expect(await failure(search(body as ProductSearchRequest))).toMatchObject({
        statusCode: 400,
        error: {
          code: 'InvalidInput',
          message: expect.stringContaining("'stores' is searched with 'exact'"),
        },
      });
    }
  });

  it('refuses what it cannot answer with 400 naming where, never 5xx', async () => {
    const refusal = (body: ProductSearchRequest) => failure(search(body));
    const cases: Array<[ProductSearchRequest, string]> = [
      [{ query: within({ exact: { field: 'nope', value: 'x' } }) }, 'query.and[1].exact.field'],
      [{ query: { and: [{ exact: { field: 'name', value: 'x' } }] } }, 'language'],
      [{ query: { range: { field: 'variants.sku', gte: 1 } } }, 'query.range'],
      [{ query: { exact: { field: 'variants.attributes.color', value: 'x' } } }, 'fieldType'],
      [{ query: { exists: { field: 'variants.availability.isOnStock' } } }, 'inventory'],
      [
        {
          query: { exact: { field: 'variants.sku', values: Array.from({ length: 501 }, (_, i) => `v${i}`) } },
        },
        'values',
      ],
      [{ query: { fullText: { ...en('name'), value: 'x'.repeat(300) } } }, '256'],
      [{ query: { unknown: {} } }, 'query'],
      [{ query: within(), sort: [{ field: 'variants.sku', order: 'asc', mode: 'avg' }] }, 'sort[0].mode'],
      [
        { query: within(), facets: [{ ranges: { name: 'r', field: 'variants.sku', ranges: [{ to: 1 }] } }] },
        'facets[0]',
      ],
      [{ query: within(), productProjectionParameters: { storeProjection: 'x' } }, 'storeProjection'],
    ];
    const wide: _SearchQuery = { or: Array.from({ length: 60 }, () => ({ exists: { field: 'key' } })) };
    cases.push([{ query: wide }, '50 expressions']);
    let nested: _SearchQuery = { exists: { field: 'key' } };
    for (let depth = 0; depth < 25; depth++) nested = { and: [nested] };
    cases.push([{ query: { and: [nested, nested] } }, '50 expressions']);
    for (const [body, detail] of cases) {
      expect(await refusal(body)).toMatchObject({
        statusCode: 400,
        error: { code: 'InvalidInput', message: expect.stringContaining(detail) },
      });
    }
    // Deeper than the gateway's JSON nesting limit: refused before parsing, still a 400.
    let deep: _SearchQuery = { exists: { field: 'key' } };
    for (let depth = 0; depth < 200; depth++) deep = { not: [deep] };
    expect(await refusal({ query: deep })).toMatchObject({ statusCode: 400 });
  });

  it('answers the live API’s error while Product Search is not activated', async () => {
    await activate(false);
    try {
      const refused = await eventually(async () => {
        const result = await failure(search({ query: within() })).catch(() => undefined);
        return result?.statusCode === 400 ? result : undefined;
      });
      expect(refused.error).toMatchObject({
        code: 'ObjectNotFound',
        message: expect.stringContaining('Product Search API is not enabled'),
      });
    } finally {
      await activate(true);
    }
    await eventually(async () =>
      (await search({ query: within() }).catch(() => undefined))?.total === 3 ? true : undefined,
    );
  });
});

describe('Product Search: ranges of every value type, and the fields of the issue’s list', () => {
  let category: Category;
  let early: Product;
  let late: Product;
  let channel: { id: string };
  let group: { id: string };
  const [s1, s2, s3] = skus(3);

  const within = (query?: _SearchQuery): _SearchQuery => ({
    and: [{ exact: { field: 'categories', value: category.id } }, ...(query ? [query] : [])],
  });
  const ids = async (query: _SearchQuery) =>
    (await search({ query: within(query) })).results.map((result) => result.id).sort();

  beforeAll(async () => {
    await activate(true);
    [channel, group] = await Promise.all([newChannel(), newCustomerGroup()]);
    const productType = await newProductType({
      attributes: [
        { name: 'released', label: { en: 'Released' }, isRequired: false, type: { name: 'date' } },
        { name: 'opens', label: { en: 'Opens' }, isRequired: false, type: { name: 'time' } },
        { name: 'launched', label: { en: 'Launched' }, isRequired: false, type: { name: 'datetime' } },
        { name: 'serial', label: { en: 'Serial' }, isRequired: false, type: { name: 'number' } },
      ],
    });
    category = await api.create('categories', categoryDraft());
    const product = (sku: string, attributes: Record<string, unknown>, overrides: Record<string, unknown>) =>
      api.create<Product>(
        'products',
        productDraft(productType.id, [], {
          publish: true,
          categories: [ref(category, 'category')],
          masterVariant: {
            sku,
            key: `${sku}-key`,
            attributes: Object.entries(attributes).map(([name, value]) => ({ name, value })),
            prices: [
              { value: { currencyCode: 'EUR', centAmount: 1000 } },
              {
                value: { currencyCode: 'EUR', centAmount: 900 },
                country: 'DE',
                channel: ref(channel, 'channel'),
                customerGroup: ref(group, 'customer-group'),
              },
            ],
          },
          ...overrides,
        }),
      );
    early = await product(
      s1,
      { released: '2020-03-01', opens: '08:30:00.000', launched: '2020-03-01T08:00:00.000Z', serial: 7 },
      {
        description: { en: 'A sturdy canvas bag' },
        slug: { en: `canvas-bag-${s1}` },
        searchKeywords: { en: [{ text: 'tote' }] },
      },
    );
    late = await product(
      s2,
      {
        released: '2024-11-15',
        opens: '17:45:00.000',
        launched: '2024-11-15T18:30:00.000Z',
        serial: 4_000_000_000_123,
      },
      {
        description: { en: 'A light paper lantern' },
        slug: { en: `paper-lantern-${s2}` },
        variants: [{ sku: s3, attributes: [{ name: 'serial', value: 12 }] }],
      },
    );
  });

  afterAll(() => activate(false));

  it('takes ranges on dates, times, datetimes, numbers and longs', async () => {
    const attribute = (name: string, fieldType: string) => ({
      field: `variants.attributes.${name}`,
      fieldType,
    });
    expect(await ids({ range: { ...attribute('released', 'date'), gte: '2021-01-01' } })).toEqual([late.id]);
    expect(await ids({ range: { ...attribute('released', 'date'), lt: '2020-03-02' } })).toEqual([early.id]);
    expect(await ids({ range: { ...attribute('opens', 'time'), lte: '12:00:00' } })).toEqual([early.id]);
    expect(await ids({ range: { ...attribute('opens', 'time'), gt: '17:45:00' } })).toEqual([]);
    expect(
      await ids({ range: { ...attribute('launched', 'datetime'), gt: '2024-11-15T19:00:00.000+02:00' } }),
    ).toEqual([late.id]);
    // Longs: integers past 2^32, and on the same variant as the rest of the query.
    expect(
      await ids({
        range: { ...attribute('serial', 'number'), gte: 4_000_000_000_000, lte: 4_000_000_000_200 },
      }),
    ).toEqual([late.id]);
    expect(
      await ids({
        and: [
          { range: { ...attribute('serial', 'number'), gt: 10 } },
          { exact: { field: 'variants.sku', value: s3 } },
        ],
      }),
    ).toEqual([late.id]);
    expect(await ids({ range: { field: 'variants.id', gte: 2 } })).toEqual([late.id]);
    expect(await ids({ range: { field: 'lastModifiedAt', lte: early.lastModifiedAt } })).toEqual([early.id]);
    expect(
      await failure(search({ query: { range: { ...attribute('released', 'date'), gte: 'yesterday' } } })),
    ).toMatchObject({ statusCode: 400, error: { code: 'InvalidInput' } });
  });

  it('answers the product, variant and price fields of the issue’s list', async () => {
    expect(await ids({ fullText: { field: 'description', language: 'en', value: 'canvas' } })).toEqual([
      early.id,
    ]);
    expect(await ids({ prefix: { field: 'slug', language: 'en', value: 'paper-lantern-' } })).toEqual([
      late.id,
    ]);
    expect(await ids({ exact: { field: 'searchKeywords', language: 'en', value: 'tote' } })).toEqual([
      early.id,
    ]);
    expect(await ids({ exact: { field: 'key', values: [early.key!, 'no-such-key'] } })).toEqual([early.id]);
    expect(await ids({ exact: { field: 'variants.key', value: `${s2}-key` } })).toEqual([late.id]);
    expect(await ids({ exists: { field: 'searchKeywords', language: 'en' } })).toEqual([early.id]);
    // A price's country, channel and customer group hold on the same price as its amount.
    const price = (field: string, value: string) => ({ exact: { field: `variants.prices.${field}`, value } });
    expect(
      await ids({
        and: [
          price('channel', channel.id),
          price('customerGroup', group.id),
          price('country', 'DE'),
          { range: { field: 'variants.prices.centAmount', lt: 950 } },
        ],
      }),
    ).toEqual([early.id, late.id].sort());
    expect(
      await ids({
        and: [price('channel', channel.id), { range: { field: 'variants.prices.centAmount', gte: 950 } }],
      }),
    ).toEqual([]);
    // What the platform cannot answer is refused naming the expression, never ignored.
    for (const [query, at] of [
      [{ exists: { field: 'variants.availability.isOnStock' } }, "'query.exists"],
      [{ exact: { field: 'keys', value: 'x' } }, "'query.exact.field'"],
      [{ exact: { field: 'reviewRatingStatistics.averageRating', value: '1' } }, "'query.exact"],
    ] as Array<[_SearchQuery, string]>) {
      expect(await failure(search({ query }))).toMatchObject({
        statusCode: 400,
        error: { code: 'InvalidInput', message: expect.stringContaining(at) },
      });
    }
  });
});
