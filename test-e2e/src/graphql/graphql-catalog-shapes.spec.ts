import { api } from '../support/api.js';
import {
  categoryDraft,
  productTypeDraft,
  stateDraft,
  taxCategoryDraft,
  typeDraft,
} from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { data, graphql, type Client } from './graphql-helpers.js';

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

  it('reads a ProductType as the live schema: attributeDefinitions paged and selected, attribute types by __typename', async () => {
    const productType = await api.create(
      'product-types',
      productTypeDraft({
        attributes: [
          {
            name: 'size',
            label: { en: 'Size', de: 'Größe' },
            isRequired: true,
            type: { name: 'enum', values: ['s', 'm', 'l'].map((key) => ({ key, label: key.toUpperCase() })) },
          },
          {
            name: 'color',
            label: { en: 'Color' },
            isRequired: false,
            type: { name: 'lenum', values: [{ key: 'red', label: { en: 'Red', de: 'Rot' } }] },
          },
          {
            name: 'related',
            label: { en: 'Related' },
            isRequired: false,
            attributeConstraint: 'SameForAll',
            type: { name: 'set', elementType: { name: 'reference', referenceTypeId: 'product' } },
          },
          {
            name: 'care',
            label: { en: 'Care' },
            isRequired: false,
            inputHint: 'MultiLine',
            type: { name: 'ltext' },
          },
        ],
      }),
    );
    const result = await data(
      client,
      `query ($key: String!) {
        productType(key: $key) {
          key name description
          all: attributeDefinitions { total limit offset results { name } }
          page: attributeDefinitions(sort: ["name asc"], offset: 1, limit: 2) { total limit offset results { name } }
          chosen: attributeDefinitions(includeNames: ["size", "color", "related", "care"], excludeNames: ["care"]) {
            total
            results {
              name label(locale: "de") labelAllLocales { locale } isRequired attributeConstraint inputHint
              type {
                __typename name
                ... on EnumAttributeDefinitionType { values(sort: ["key desc"], limit: 2) { total results { key label } } }
                ... on LocalizableEnumAttributeDefinitionType { values { results { key localized: label(locale: "de") } } }
                ... on SetAttributeDefinitionType { elementType { __typename name ... on ReferenceAttributeDefinitionType { referenceTypeId } } }
              }
            }
          }
        }
        productTypes(where: "key = \\"${productType.key}\\"") { total results { id } }
      }`,
      { key: productType.key },
    );
    expect(result.productType).toEqual({
      key: productType.key,
      name: 'Shirt',
      description: 'Shirts',
      all: {
        total: 4,
        limit: null,
        offset: null,
        results: [{ name: 'size' }, { name: 'color' }, { name: 'related' }, { name: 'care' }],
      },
      page: { total: 4, limit: 2, offset: 1, results: [{ name: 'color' }, { name: 'related' }] },
      chosen: {
        total: 3,
        results: [
          {
            name: 'size',
            label: 'Größe',
            labelAllLocales: expect.arrayContaining([{ locale: 'en' }, { locale: 'de' }]),
            isRequired: true,
            attributeConstraint: 'None',
            inputHint: 'SingleLine',
            type: {
              __typename: 'EnumAttributeDefinitionType',
              name: 'enum',
              values: {
                total: 3,
                results: [
                  { key: 's', label: 'S' },
                  { key: 'm', label: 'M' },
                ],
              },
            },
          },
          {
            name: 'color',
            label: null,
            labelAllLocales: [{ locale: 'en' }],
            isRequired: false,
            attributeConstraint: 'None',
            inputHint: 'SingleLine',
            type: {
              __typename: 'LocalizableEnumAttributeDefinitionType',
              name: 'lenum',
              values: { results: [{ key: 'red', localized: 'Rot' }] },
            },
          },
          {
            name: 'related',
            label: null,
            labelAllLocales: [{ locale: 'en' }],
            isRequired: false,
            attributeConstraint: 'SameForAll',
            inputHint: 'SingleLine',
            type: {
              __typename: 'SetAttributeDefinitionType',
              name: 'set',
              elementType: {
                __typename: 'ReferenceAttributeDefinitionType',
                name: 'reference',
                referenceTypeId: 'product',
              },
            },
          },
        ],
      },
    });
    expect(result.productTypes).toEqual({ total: 1, results: [{ id: productType.id }] });
  });

  it('answers a malformed sort of attributeDefinitions with InvalidInput in the error body', async () => {
    const productType = await api.create('product-types', productTypeDraft());
    const response = await graphql(
      client,
      `
        query ($key: String!) {
          productType(key: $key) {
            attributeDefinitions(sort: ["colour sideways"]) {
              total
            }
          }
        }
      `,
      { key: productType.key },
    );
    expect(response.errors?.[0]).toMatchObject({
      message: expect.stringContaining("Malformed sort 'colour sideways'"),
      extensions: { code: 'InvalidInput' },
    });
  });

  it('reads a Type as the live schema: fieldDefinitions selected by name, field types by __typename', async () => {
    const type = await api.create(
      'types',
      typeDraft(['category'], {
        name: { en: 'Extras', de: 'Extras DE' },
        fieldDefinitions: [
          {
            name: 'note',
            label: { en: 'Note' },
            required: false,
            inputHint: 'MultiLine',
            type: { name: 'String' },
          },
          {
            name: 'tier',
            label: { en: 'Tier' },
            required: true,
            type: { name: 'LocalizedEnum', values: [{ key: 'gold', label: { en: 'Gold', de: 'Gold DE' } }] },
          },
          {
            name: 'sizes',
            label: { en: 'Sizes' },
            required: false,
            type: { name: 'Set', elementType: { name: 'Enum', values: [{ key: 'm', label: 'M' }] } },
          },
        ],
      }),
    );
    const result = await data(
      client,
      `query ($key: String!) {
        typeDefinition(key: $key) {
          key name(locale: "de") resourceTypeIds
          fieldDefinitions(excludeNames: ["note"]) {
            name label(locale: "en") required inputHint
            type {
              __typename name
              ... on LocalizedEnumType { values { key label(locale: "de") labelAllLocales { locale value } } }
              ... on SetType { elementType { __typename name ... on EnumType { values { key label } } } }
            }
          }
          note: fieldDefinitions(includeNames: ["note"]) { inputHint type { __typename name } }
        }
        typeDefinitions(where: "key = \\"${type.key}\\"") { total results { key } }
      }`,
      { key: type.key },
    );
    expect(result.typeDefinition).toEqual({
      key: type.key,
      name: 'Extras DE',
      resourceTypeIds: ['category'],
      fieldDefinitions: [
        {
          name: 'tier',
          label: 'Tier',
          required: true,
          inputHint: null,
          type: {
            __typename: 'LocalizedEnumType',
            name: 'LocalizedEnum',
            values: [
              {
                key: 'gold',
                label: 'Gold DE',
                labelAllLocales: expect.arrayContaining([
                  { locale: 'en', value: 'Gold' },
                  { locale: 'de', value: 'Gold DE' },
                ]),
              },
            ],
          },
        },
        {
          name: 'sizes',
          label: 'Sizes',
          required: false,
          inputHint: null,
          type: {
            __typename: 'SetType',
            name: 'Set',
            elementType: { __typename: 'EnumType', name: 'Enum', values: [{ key: 'm', label: 'M' }] },
          },
        },
      ],
      note: [{ inputHint: 'MultiLine', type: { __typename: 'StringType', name: 'String' } }],
    });
    expect(result.typeDefinitions).toEqual({ total: 1, results: [{ key: type.key }] });
  });
});
