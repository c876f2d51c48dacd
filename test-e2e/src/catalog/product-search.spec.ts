import type { Product, ProductProjectionPagedSearchResponse } from '@commercetools/platform-sdk';
import { api, eventually } from '../support/api.js';
import { categoryDraft, productDraft, uniqueKey } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { newProductType, ref, skus, update } from './catalog-helpers.js';

type QueryArgs = Record<string, string | string[] | number | boolean>;

async function search(queryArgs: QueryArgs): Promise<ProductProjectionPagedSearchResponse> {
  const client = await sdk();
  const { body } = await client.productProjections().search().get({ queryArgs: queryArgs }).execute();
  return body;
}

/** Searches until `accept` holds (the index may lag behind a write), within a deadline. */
function searchUntil(
  queryArgs: QueryArgs,
  accept: (page: ProductProjectionPagedSearchResponse) => boolean,
): Promise<ProductProjectionPagedSearchResponse> {
  return eventually(async () => {
    const page = await search(queryArgs);
    return accept(page) ? page : undefined;
  });
}

const colorType = () =>
  newProductType({
    attributes: [
      { name: 'color', label: { en: 'Color' }, isRequired: false, type: { name: 'text' } },
      { name: 'weight', label: { en: 'Weight' }, isRequired: false, type: { name: 'number' } },
    ],
  });

describe('Product projection search', () => {
  it('finds just created and changed products by text, filters and facets', async () => {
    const word = uniqueKey('word').replace(/[^a-z0-9]/gi, '');
    const productType = await colorType();
    const category = await api.create('categories', categoryDraft());
    const child = await api.create('categories', categoryDraft({ parent: ref(category, 'category') }));
    const [a1, a2, b1] = skus(3);
    const productA = await api.create<Product>(
      'products',
      productDraft(productType.id, [], {
        publish: true,
        name: { en: `Red ${word} shirt` },
        categories: [ref(child, 'category')],
        masterVariant: {
          sku: a1,
          attributes: [
            { name: 'color', value: 'red' },
            { name: 'weight', value: 10 },
          ],
        },
        variants: [
          {
            sku: a2,
            attributes: [
              { name: 'color', value: 'blue' },
              { name: 'weight', value: 30 },
            ],
          },
        ],
      }),
    );
    let productB = await api.create<Product>(
      'products',
      productDraft(productType.id, [], {
        publish: true,
        name: { en: `Green ${word} trousers` },
        masterVariant: {
          sku: b1,
          attributes: [
            { name: 'color', value: 'red' },
            { name: 'weight', value: 50 },
          ],
        },
      }),
    );
    productB = await update('products', productB, {
      action: 'addPrice',
      variantId: 1,
      price: { value: { currencyCode: 'EUR', centAmount: 1500 } },
      staged: false,
    });

    const both = await searchUntil({ [`text.en`]: word }, (page) => page.total === 2);
    expect(both.results.map((p) => p.id).sort()).toEqual([productA.id, productB.id].sort());

    const shirts = await search({ 'text.en': `${word} shirt` });
    expect(shirts.results.map((p) => p.id)).toEqual([productA.id]);

    const byType = `productType.id:"${productType.id}"`;
    const blue = await search({
      filter: [byType, 'variants.attributes.color:"blue"'],
      markMatchingVariants: true,
    });
    expect(blue.results.map((p) => p.id)).toEqual([productA.id]);
    expect(blue.results[0].masterVariant.isMatchingVariant).toBe(false);
    expect(blue.results[0].variants[0].isMatchingVariant).toBe(true);

    const heavy = await search({ 'filter.query': [byType, 'variants.attributes.weight:range (40 to *)'] });
    expect(heavy.results.map((p) => p.id)).toEqual([productB.id]);

    const inTree = await search({ filter: [byType, `categories.id:subtree("${category.id}")`] });
    expect(inTree.results.map((p) => p.id)).toEqual([productA.id]);
    const uncategorized = await search({ filter: [byType, 'categories:missing'] });
    expect(uncategorized.results.map((p) => p.id)).toEqual([productB.id]);

    const priced = await search({ filter: [byType, 'variants.price.centAmount:range (1000 to 2000)'] });
    expect(priced.results.map((p) => p.id)).toEqual([productB.id]);

    const faceted = await search({
      'filter.query': byType,
      filter: 'variants.attributes.color:"blue"',
      facet: [
        'variants.attributes.color counting products',
        'variants.attributes.weight:range (0 to 20), (20 to *) as weights',
        'variants.attributes.color:"red" as red counting products',
        'categories.id',
      ],
    });
    // `filter` narrows the results only; facets count over what `filter.query` leaves.
    expect(faceted.total).toBe(1);
    expect(faceted.facets!['variants.attributes.color']).toEqual({
      type: 'terms',
      dataType: 'text',
      missing: 0,
      total: 3,
      other: 0,
      terms: [
        { term: 'red', count: 2, productCount: 2 },
        { term: 'blue', count: 1, productCount: 1 },
      ],
    });
    expect(faceted.facets!.weights).toMatchObject({
      type: 'range',
      ranges: [
        { from: 0, to: 20, count: 1, min: 10, max: 10, mean: 10 },
        { from: 20, toStr: '', count: 2, min: 30, max: 50, total: 80, mean: 40 },
      ],
    });
    expect(faceted.facets!.red).toEqual({ type: 'filter', count: 2, productCount: 2 });
    expect(faceted.facets!['categories.id']).toMatchObject({
      type: 'terms',
      missing: 1,
      terms: [{ term: child.id, count: 1 }],
    });

    // A change is searchable: the staged name at once with staged=true, the current one after publishing.
    const renamed = await update('products', productA, {
      action: 'changeName',
      name: { en: `Yellow ${word} blouse` },
    });
    await searchUntil({ 'text.en': `${word} blouse`, staged: true }, (page) => page.total === 1);
    expect((await search({ 'text.en': `${word} blouse` })).total).toBe(0);
    await update('products', renamed, { action: 'publish' });
    const published = await searchUntil({ 'text.en': `${word} blouse` }, (page) => page.total === 1);
    expect(published.results[0].name).toEqual({ en: `Yellow ${word} blouse` });
  });

  it('sorts, pages, selects prices and answers POST with form parameters', async () => {
    const productType = await colorType();
    const names = ['b', 'c', 'a'];
    for (const name of names) {
      const created = await api.create<Product>(
        'products',
        productDraft(productType.id, skus(1), { publish: true, name: { en: name } }),
      );
      await update('products', created, {
        action: 'addPrice',
        variantId: 1,
        price: { value: { currencyCode: 'EUR', centAmount: name.charCodeAt(0) } },
        staged: false,
      });
    }
    const filter = `productType.id:"${productType.id}"`;
    const page = await search({ filter, sort: 'name.en asc', limit: 2, offset: 1, priceCurrency: 'EUR' });
    expect(page).toMatchObject({ limit: 2, offset: 1, count: 2, total: 3 });
    expect(page.results.map((p) => p.name.en)).toEqual(['b', 'c']);
    expect(page.results[0].masterVariant.price?.value.centAmount).toBe(98);

    const byPrice = await search({ filter, sort: 'price desc' });
    expect(byPrice.results.map((p) => p.name.en)).toEqual(['c', 'b', 'a']);

    const form = new URLSearchParams([
      ['filter.query', filter],
      ['sort', 'createdAt desc'],
      ['facet', 'variants.price.centAmount'],
    ]);
    const posted = await api.request('POST', 'product-projections/search', { rawForm: form.toString() });
    expect(posted.status).toBe(200);
    expect(posted.body.results.map((p: { name: { en: string } }) => p.name.en)).toEqual(['a', 'c', 'b']);
    expect(posted.body.facets['variants.price.centAmount']).toMatchObject({
      type: 'terms',
      dataType: 'number',
      total: 3,
    });
  });

  it('refuses expressions it does not support, naming them', async () => {
    for (const [name, value] of [
      ['filter', 'variants.attributes.color:"red'],
      ['filter', 'variants.availability.isOnStock:true'],
      ['facet', 'variants.scopedPrice.value.centAmount'],
      ['sort', 'variants.attributes.color asc'],
    ]) {
      const response = await api.get(`product-projections/search?${name}=${encodeURIComponent(value)}`);
      expect(response.status).toBe(400);
      expect(response.body.errors[0].code).toBe('InvalidInput');
      expect(response.body.errors[0].message).toContain(value.split(':')[0].split(' ')[0]);
    }
  });

  it('needs view_products for staged search', async () => {
    const { platform } = await import('../support/platform.js');
    const { projectKey } = await platform();
    const reader = await sdk([`view_published_products:${projectKey}`]);
    const { statusCode } = await reader.productProjections().search().get().execute();
    expect(statusCode).toBe(200);
    await expect(
      reader
        .productProjections()
        .search()
        .get({ queryArgs: { staged: true } })
        .execute(),
    ).rejects.toMatchObject({ statusCode: 403 });
  });
});
