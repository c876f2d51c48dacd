import { api } from '../support/api.js';
import {
  channelDraft,
  customerGroupDraft,
  productDraft,
  productSelectionDraft,
  productTypeDraft,
  storeDraft,
  typeDraft,
  uniqueKey,
} from '../support/factories.js';
import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { adminToken } from '../support/tokens.js';
import { data, graphql, type Client } from './graphql-helpers.js';

describe('GraphQL queries through the official SDK', () => {
  let client: Client;
  beforeAll(async () => {
    client = await sdk();
  });

  it('reads a Store by id and by key, and answers null for a missing one', async () => {
    const store = await api.create('stores', storeDraft({ languages: ['en'], countries: [{ code: 'DE' }] }));
    const query = `query ($id: String, $key: String) {
      byId: store(id: $id) { id key version nameAllLocales { locale value } name(locale: "de") languages countries { code } createdAt }
      byKey: store(key: $key) { id }
      missing: store(key: "no-such-store") { id }
    }`;
    const result = await data(client, query, { id: store.id, key: store.key });
    expect(result.byId).toEqual({
      id: store.id,
      key: store.key,
      version: 1,
      nameAllLocales: expect.arrayContaining([
        { locale: 'en', value: 'Test store' },
        { locale: 'de', value: 'Testladen' },
      ]),
      name: 'Testladen',
      languages: ['en'],
      countries: [{ code: 'DE' }],
      createdAt: store.createdAt,
    });
    expect(result.byKey).toEqual({ id: store.id });
    expect(result.missing).toBeNull();
  });

  it('reads every resource of the schema by key or id', async () => {
    const channel = await api.create('channels', channelDraft());
    const group = await api.create('customer-groups', customerGroupDraft());
    const result = await data(
      client,
      `query ($channel: String!, $group: String!) {
        channel(key: $channel) { id key roles }
        customerGroup(key: $group) { id name }
        channels(where: "key = \\"${channel.key}\\"") { total results { id } }
        customerGroups(limit: 1) { count }
        productSelections(limit: 1) { count }
        productTypes(limit: 1) { count }
        products(limit: 1) { count }
        typeDefinitions(limit: 1) { count }
        customers(limit: 1) { count }
        apiClients(limit: 1) { count results { id name scope } }
      }`,
      { channel: channel.key, group: group.key },
    );
    expect(result.channel).toEqual({ id: channel.id, key: channel.key, roles: ['ProductDistribution'] });
    expect(result.customerGroup).toEqual({ id: group.id, name: group.name });
    expect(result.channels).toEqual({ total: 1, results: [{ id: channel.id }] });
    expect(result.apiClients.count).toBe(1);
  });

  it('reads products, product types, product selections and types with their nested references', async () => {
    const productType = await api.create('product-types', productTypeDraft());
    const sku = uniqueKey('sku');
    const product = await api.create('products', productDraft(productType.id, [sku, `${sku}-2`]));
    const selection = await api.create('product-selections', productSelectionDraft());
    const type = await api.create('types', typeDraft(['customer-group']));
    const group = await api.create(
      'customer-groups',
      customerGroupDraft({ custom: { type: { key: type.key }, fields: {} } }),
    );
    const result = await data(
      client,
      `query ($product: String!, $selection: String!, $type: String!, $group: String!) {
        product(key: $product) {
          id productTypeRef { typeId id } productType { key name attributeDefinitions { results { name label(locale: "en") isRequired type { name } } } }
          masterData { published hasStagedChanges
            current { name(locale: "en") slugAllLocales { locale } masterVariant { id sku } allVariants { sku attributesRaw { name } } } }
        }
        productSelection(key: $selection) { key name(locale: "en") mode productCount }
        typeDefinition(key: $type) { key resourceTypeIds fieldDefinitions { name required type { name } } }
        customerGroup(key: $group) { custom { typeRef { id } type { key } customFieldsRaw { name } } }
      }`,
      { product: product.key, selection: selection.key, type: type.key, group: group.key },
    );
    expect(result.product).toMatchObject({
      id: product.id,
      productTypeRef: { typeId: 'product-type', id: productType.id },
      productType: {
        key: productType.key,
        name: 'Shirt',
        attributeDefinitions: {
          results: [{ name: 'size', label: 'Size', isRequired: false, type: { name: 'enum' } }],
        },
      },
      masterData: {
        published: false,
        current: {
          name: 'Product',
          masterVariant: { id: 1, sku },
          allVariants: [{ sku }, { sku: `${sku}-2` }],
        },
      },
    });
    expect(result.productSelection).toEqual({
      key: selection.key,
      name: 'Selection',
      mode: 'Individual',
      productCount: 0,
    });
    expect(result.typeDefinition).toMatchObject({ key: type.key, resourceTypeIds: ['customer-group'] });
    expect(result.typeDefinition.fieldDefinitions.length).toBeGreaterThan(0);
    expect(result.customerGroup.custom).toEqual({
      typeRef: { id: type.id },
      type: { key: type.key },
      customFieldsRaw: [],
    });
  });

  it('lists with where, sort, limit and offset; total counts every match', async () => {
    const tag = uniqueKey('gq');
    const keys = [`${tag}-a`, `${tag}-b`, `${tag}-c`];
    for (const key of keys) await api.create('stores', storeDraft({ key }));
    const result = await data(
      client,
      `query ($where: String) {
        stores(where: $where, sort: ["key desc"], limit: 2, offset: 0) { offset count total exists results { key } }
        none: stores(where: "key = \\"${tag}-none\\"") { count total exists results { key } }
      }`,
      { where: `key in ("${keys.join('", "')}")` },
    );
    expect(result.stores).toEqual({
      offset: 0,
      count: 2,
      total: 3,
      exists: true,
      results: [{ key: keys[2] }, { key: keys[1] }],
    });
    expect(result.none).toEqual({ count: 0, total: 0, exists: false, results: [] });
  });

  it('resolves references as nested objects', async () => {
    const channels = [
      await api.create('channels', channelDraft()),
      await api.create('channels', channelDraft()),
    ];
    const tag = uniqueKey('nested');
    for (let i = 0; i < 3; i++) {
      await api.create(
        'stores',
        storeDraft({
          key: `${tag}-${i}`,
          distributionChannels: channels.map(({ key }) => ({ typeId: 'channel', key })),
        }),
      );
    }
    const result = await data(
      client,
      `{ stores(where: "key in (\\"${tag}-0\\", \\"${tag}-1\\", \\"${tag}-2\\")", sort: ["key asc"]) {
          results { key distributionChannelsRef { typeId id } distributionChannels { key roles } supplyChannels { key } }
      } }`,
    );
    expect(result.stores.results).toHaveLength(3);
    for (const store of result.stores.results) {
      expect(store.distributionChannels).toEqual(channels.map(({ key, roles }) => ({ key, roles })));
      expect(store.distributionChannelsRef).toEqual(channels.map(({ id }) => ({ typeId: 'channel', id })));
      expect(store.supplyChannels).toEqual([]);
    }
  });

  it('answers field errors with HTTP 200, the platform code and the path', async () => {
    const viewStores = await sdk([`view_stores:${(await platform()).projectKey}`]);
    const partly = await graphql(
      viewStores,
      `
        {
          stores(limit: 1) {
            count
          }
          channel(key: "any") {
            id
          }
        }
      `,
    );
    expect(partly.status).toBe(200);
    expect(partly.data).toEqual({ stores: { count: expect.any(Number) }, channel: null });
    expect(partly.errors).toEqual([
      {
        message: expect.stringContaining('view_channels'),
        locations: [{ line: 6, column: 11 }],
        path: ['channel'],
        extensions: { code: 'insufficient_scope' },
      },
    ]);

    const badWhere = await graphql(
      client,
      `
        {
          stores(where: "key ==") {
            count
          }
        }
      `,
    );
    expect(badWhere.status).toBe(200);
    expect(badWhere.data).toBeNull();
    expect(badWhere.errors).toEqual([
      expect.objectContaining({ path: ['stores'], extensions: { code: 'InvalidInput' } }),
    ]);
  });

  it('answers a syntax or validation error of the query itself with HTTP 400', async () => {
    const syntax = await graphql(client, '{ stores { count ');
    expect(syntax.status).toBe(400);
    expect(syntax.errors![0].extensions.code).toBe('InvalidInput');
    const unknownField = await graphql(client, '{ stores { nope } }');
    expect(unknownField.status).toBe(400);
    expect(unknownField.errors![0].message).toContain('nope');
    const badVariable = await graphql(client, 'query ($id: String!) { store(id: $id) { id } }', {});
    expect(badVariable.status).toBe(400);
    const noVariables = await graphql(client, 'query ($id: String!) { store(id: $id) { id } }');
    expect(noVariables.status).toBe(400);
    expect(noVariables.errors![0].message).toContain('$id');
  });

  it('refuses a too complex or too deep query before asking any service', async () => {
    const aliases = Array.from({ length: 8 }, (_, i) => `s${i}: stores(limit: 500) { results { id key } }`);
    const complex = await graphql(client, `{ ${aliases.join(' ')} }`);
    expect(complex.status).toBe(400);
    expect(complex.errors![0].message).toMatch(/too complex/);
    const deep = await graphql(
      client,
      `
        {
          inStore(key: "a1") {
            customers {
              results {
                stores {
                  productSelections {
                    productSelection {
                      custom {
                        type {
                          fieldDefinitions {
                            labelAllLocales {
                              locale
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      `,
    );
    expect(deep.status).toBe(400);
    expect(deep.errors![0].message).toMatch(/depth/i);
  });

  it('allows introspection with a valid token and serves the schema publicly', async () => {
    const result = await data(client, '{ __schema { queryType { name } mutationType { name } } }');
    expect(result.__schema).toEqual({ queryType: { name: 'Query' }, mutationType: { name: 'Mutation' } });
    const schema = await http('GET', '/graphql/schema.graphql');
    expect(schema.status).toBe(200);
    expect(schema.headers.get('content-type')).toContain('text/plain');
    expect(String(schema.body)).toContain('type StoreQueryResult');
    expect(String(schema.body)).toContain('input StoreUpdateAction');
  });

  it('needs a valid token of the project', async () => {
    const { projectKey } = await platform();
    const body = { query: '{ __typename }' };
    expect((await http('POST', `/${projectKey}/graphql`, { body })).status).toBe(401);
    expect((await http('POST', `/${projectKey}/graphql`, { body, token: 'nope' })).status).toBe(401);
    const ok = await http('POST', `/${projectKey}/graphql`, { body, token: await adminToken() });
    expect(ok).toMatchObject({ status: 200, body: { data: { __typename: 'Query' } } });
    const bad = await http('POST', `/${projectKey}/graphql`, {
      body: { nope: 1 },
      token: await adminToken(),
    });
    expect(bad.status).toBe(400);
  });
});
