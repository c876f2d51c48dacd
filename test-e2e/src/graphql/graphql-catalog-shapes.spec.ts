import { api } from '../support/api.js';
import { categoryDraft, stateDraft, taxCategoryDraft } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { data, type Client } from './graphql-helpers.js';

/** The catalog's resources whose GraphQL types are derived from their shapes, read through the official SDK. */
describe('GraphQL reads of the catalog resources declared by a shape', () => {
  let client: Client;
  beforeAll(async () => {
    client = await sdk();
  });

  it('reads a State by key and id with its transitions resolved, and lists States', async () => {
    const done = await api.create('states', stateDraft({ transitions: [], name: { en: 'Done' } }));
    const review = await api.create(
      'states',
      stateDraft({
        initial: true,
        roles: ['ReviewIncludedInStatistics'],
        transitions: [{ typeId: 'state', id: done.id }],
      }),
    );
    const result = await data(
      client,
      `query ($key: String!, $id: String!) {
        byKey: state(key: $key) { id key type roles initial builtIn transitionsRef { typeId id } transitions { key name(locale: "en") } }
        byId: state(id: $id) { key nameAllLocales { locale value } transitionsRef { id } }
        states(where: "key = \\"${review.key}\\"") { total results { id } }
      }`,
      { key: review.key, id: done.id },
    );
    expect(result.byKey).toEqual({
      id: review.id,
      key: review.key,
      type: 'ProductState',
      roles: ['ReviewIncludedInStatistics'],
      initial: true,
      builtIn: false,
      transitionsRef: [{ typeId: 'state', id: done.id }],
      transitions: [{ key: done.key, name: 'Done' }],
    });
    expect(result.byId).toEqual({
      key: done.key,
      nameAllLocales: [{ locale: 'en', value: 'Done' }],
      transitionsRef: [],
    });
    expect(result.states).toEqual({ total: 1, results: [{ id: review.id }] });
  });

  it('reads a TaxCategory with its rates and sub-rates', async () => {
    const category = await api.create(
      'tax-categories',
      taxCategoryDraft({
        rates: [
          { key: 'de', name: 'DE standard', amount: 0.19, includedInPrice: true, country: 'DE' },
          {
            name: 'US NY',
            includedInPrice: false,
            country: 'US',
            state: 'NY',
            subRates: [
              { name: 'state', amount: 0.04 },
              { name: 'city', amount: 0.045 },
            ],
          },
        ],
      }),
    );
    const result = await data(
      client,
      `query ($key: String!) {
        taxCategory(key: $key) { id key name description rates { id key name amount includedInPrice country state subRates { name amount } } }
        taxCategories(where: "key = \\"${category.key}\\"") { total results { key } }
      }`,
      { key: category.key },
    );
    expect(result.taxCategory).toEqual({
      id: category.id,
      key: category.key,
      name: category.name,
      description: null,
      rates: [
        {
          id: category.rates[0].id,
          key: 'de',
          name: 'DE standard',
          amount: 0.19,
          includedInPrice: true,
          country: 'DE',
          state: null,
          subRates: null,
        },
        {
          id: category.rates[1].id,
          key: null,
          name: 'US NY',
          amount: 0.085,
          includedInPrice: false,
          country: 'US',
          state: 'NY',
          subRates: [
            { name: 'state', amount: 0.04 },
            { name: 'city', amount: 0.045 },
          ],
        },
      ],
    });
    expect(result.taxCategories).toEqual({ total: 1, results: [{ key: category.key }] });
  });

  it('reads a Category with its parent and ancestors resolved and its assets', async () => {
    const root = await api.create('categories', categoryDraft({ name: { en: 'Root' } }));
    const child = await api.create(
      'categories',
      categoryDraft({
        name: { en: 'Shirts', de: 'Hemden' },
        parent: { typeId: 'category', id: root.id },
        orderHint: '0.5',
        assets: [
          {
            key: 'manual',
            name: { en: 'Manual' },
            sources: [{ uri: 'https://example.com/m.pdf', dimensions: { w: 10, h: 20 } }],
            tags: ['pdf'],
          },
        ],
      }),
    );
    const result = await data(
      client,
      `query ($key: String!) {
        category(key: $key) {
          id name(locale: "de") slugAllLocales { locale } orderHint
          parentRef { typeId id } parent { key name(locale: "en") } ancestorsRef { id } ancestors { key }
          assets { key name(locale: "en") tags sources { uri dimensions { width height } } }
        }
        categories(where: "parent(id = \\"${root.id}\\")") { total results { id } }
      }`,
      { key: child.key },
    );
    expect(result.category).toEqual({
      id: child.id,
      name: 'Hemden',
      slugAllLocales: [{ locale: 'en' }],
      orderHint: '0.5',
      parentRef: { typeId: 'category', id: root.id },
      parent: { key: root.key, name: 'Root' },
      ancestorsRef: [{ id: root.id }],
      ancestors: [{ key: root.key }],
      assets: [
        {
          key: 'manual',
          name: 'Manual',
          tags: ['pdf'],
          // The live schema's AssetDimensions says width and height (REST: w and h).
          sources: [{ uri: 'https://example.com/m.pdf', dimensions: { width: 10, height: 20 } }],
        },
      ],
    });
    expect(result.categories).toEqual({ total: 1, results: [{ id: child.id }] });
  });
});
