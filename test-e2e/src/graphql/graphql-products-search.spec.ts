import type { Category, Product, ProjectUpdateAction } from '@commercetools/platform-sdk';
import { api, eventually } from '../support/api.js';
import { categoryDraft, productDraft } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { newProductType, ref, skus } from '../catalog/catalog-helpers.js';
import { data, graphql, type Client } from './graphql-helpers.js';

async function changeProject(...actions: ProjectUpdateAction[]) {
  const client = await sdk();
  const { body: project } = await client.get().execute();
  await client.post({ body: { version: project.version, actions } }).execute();
}

const activate = (enabled: boolean) =>
  changeProject({ action: 'changeProductSearchIndexingEnabled', enabled, mode: 'ProductsSearch' });

const SEARCH = `query ($query: Json, $sort: [Json!], $limit: Int, $offset: Int, $facets: [Json!],
                       $postFilter: Json, $markMatchingVariants: Boolean) {
  productsSearch(query: $query, sort: $sort, limit: $limit, offset: $offset, facets: $facets,
                 postFilter: $postFilter, markMatchingVariants: $markMatchingVariants) {
    total offset limit facets
    results { id matchingVariants product { id key masterData { current { name(locale: "en") } } } }
  }
}`;

/**
 * The GraphQL `productsSearch` field (the live schema's, in public beta) through the official SDK's
 * `graphql()` builder: the same search as `POST /products/search`, the product resolved beside each hit.
 * The live schema has no `customersSearch`; neither does the platform's.
 */
describe('GraphQL productsSearch through the official SDK', () => {
  let client: Client;
  let category: Category;
  let shirt: Product;
  let trousers: Product;
  const [s1, s2, s3] = skus(3);

  const within = (query?: object) => ({
    and: [{ exact: { field: 'categories', value: category.id } }, ...(query ? [query] : [])],
  });

  beforeAll(async () => {
    client = await sdk();
    await activate(true);
    const productType = await newProductType({
      attributes: [{ name: 'color', label: { en: 'Color' }, isRequired: false, type: { name: 'text' } }],
    });
    category = await api.create('categories', categoryDraft());
    const product = (name: string, variants: Array<{ sku: string; color: string; cents: number }>) => {
      const [master, ...rest] = variants.map(({ sku, color, cents }) => ({
        sku,
        attributes: [{ name: 'color', value: color }],
        prices: [{ value: { currencyCode: 'EUR', centAmount: cents } }],
      }));
      return api.create<Product>(
        'products',
        productDraft(productType.id, [], {
          publish: true,
          name: { en: name },
          categories: [ref(category, 'category')],
          masterVariant: master,
          variants: rest,
        }),
      );
    };
    shirt = await product('Red cotton shirt', [
      { sku: s1, color: 'red', cents: 1000 },
      { sku: s2, color: 'blue', cents: 3000 },
    ]);
    trousers = await product('Blue linen trousers', [{ sku: s3, color: 'blue', cents: 5000 }]);
    await eventually(async () => {
      const page = await data(client, SEARCH, { query: within() });
      return page.productsSearch.total === 2 ? true : undefined;
    });
  });

  afterAll(() => activate(false));

  it('answers what POST /products/search answers, with the product of each hit', async () => {
    const request = {
      query: within({ exact: { field: 'variants.attributes.color', fieldType: 'text', value: 'blue' } }),
      sort: [{ field: 'variants.prices.centAmount', order: 'desc' }],
      facets: [
        { distinct: { name: 'color', field: 'variants.attributes.color', fieldType: 'text' } },
        {
          ranges: {
            name: 'price',
            field: 'variants.prices.centAmount',
            ranges: [{ to: 3000 }, { from: 3000 }],
          },
        },
        { count: { name: 'products' } },
      ],
      markMatchingVariants: true,
    };
    const { productsSearch: page } = await data(client, SEARCH, request);
    const { body: rest } = await client.products().search().post({ body: request }).execute();

    expect(page).toMatchObject({ total: 2, offset: 0, limit: 20 });
    expect(page.results.map((hit: { id: string }) => hit.id)).toEqual([trousers.id, shirt.id]);
    expect(page.results.map((hit: { id: string }) => hit.id)).toEqual(rest.results.map((hit) => hit.id));
    expect(page.facets).toEqual(rest.facets);
    expect(page.facets).toEqual([
      { name: 'color', buckets: [{ key: 'blue', count: 2 }] },
      {
        name: 'price',
        buckets: [
          { key: '*-3000', count: 0 },
          { key: '3000-*', count: 2 },
        ],
      },
      { name: 'products', value: 2 },
    ]);
    expect(page.results[1]).toEqual({
      id: shirt.id,
      matchingVariants: rest.results[1].matchingVariants,
      product: {
        id: shirt.id,
        key: shirt.key ?? null,
        masterData: { current: { name: 'Red cotton shirt' } },
      },
    });
    expect(page.results[1].matchingVariants).toEqual({
      allMatched: false,
      matchedVariants: [{ id: 2, sku: s2 }],
    });
  });

  it('pages as the REST endpoint does', async () => {
    const second = await data(client, SEARCH, {
      query: within(),
      sort: [{ field: 'createdAt', order: 'asc' }],
      limit: 1,
      offset: 1,
    });
    expect(second.productsSearch).toMatchObject({
      total: 2,
      offset: 1,
      limit: 1,
      results: [{ id: trousers.id }],
    });
  });

  it('answers an expression it cannot take as an InvalidInput error of the field, never a server error', async () => {
    const bad = await graphql(client, SEARCH, { query: { exact: { field: 'nope', value: 'x' } } });
    expect(bad.status).toBe(200);
    expect(bad.errors).toEqual([
      expect.objectContaining({
        path: ['productsSearch'],
        message: expect.stringContaining("'nope'"),
        extensions: expect.objectContaining({ code: 'InvalidInput' }),
      }),
    ]);
  });

  it('has no customersSearch, as the live schema has none', async () => {
    const unknown = await graphql(client, '{ customersSearch { total } }');
    expect(unknown.status).toBe(400);
    expect(unknown.errors![0].message).toContain('customersSearch');
  });

  it('answers the live API’s error while Product Search is not activated', async () => {
    await activate(false);
    try {
      const off = await graphql(client, SEARCH, { query: within() });
      expect(off.errors).toEqual([
        expect.objectContaining({
          path: ['productsSearch'],
          message: expect.stringContaining('Product Search API is not enabled'),
          extensions: expect.objectContaining({ code: 'ObjectNotFound' }),
        }),
      ]);
    } finally {
      await activate(true);
    }
  });
});
