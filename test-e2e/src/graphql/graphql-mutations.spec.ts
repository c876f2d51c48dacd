import { randomUUID } from 'node:crypto';
import { api } from '../support/api.js';
import { channelDraft, productSelectionDraft, storeTypeDraft, uniqueKey } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { data, graphql, localized, type Client } from './graphql-helpers.js';

const STORE_FIELDS = `id key version nameAllLocales { locale value } languages countries { code }
  distributionChannels { key } supplyChannels { key }
  productSelections { active productSelection { key } }
  custom { typeRef { id } customFieldsRaw { name value } }`;

describe('GraphQL mutations through the official SDK', () => {
  let client: Client;
  beforeAll(async () => {
    client = await sdk();
  });

  it('creates a Store, applies every Store update action and deletes it', async () => {
    const [dc1, dc2] = [
      await api.create('channels', channelDraft(['ProductDistribution'])),
      await api.create('channels', channelDraft(['ProductDistribution'])),
    ];
    const [sc1, sc2] = [
      await api.create('channels', channelDraft(['InventorySupply'])),
      await api.create('channels', channelDraft(['InventorySupply'])),
    ];
    const [ps1, ps2] = [
      await api.create('product-selections', productSelectionDraft()),
      await api.create('product-selections', productSelectionDraft()),
    ];
    const type = await api.create('types', storeTypeDraft());
    const key = uniqueKey('gql-store');

    const created = (
      await data(
        client,
        `mutation ($draft: CreateStore!) { createStore(draft: $draft) { ${STORE_FIELDS} } }`,
        {
          draft: {
            key,
            name: localized({ en: 'Created' }),
            languages: ['en'],
            countries: [{ code: 'DE' }],
            distributionChannels: [{ typeId: 'channel', key: dc1.key }],
            supplyChannels: [{ key: sc1.key }],
            productSelections: [{ productSelection: { key: ps1.key }, active: true }],
            custom: { typeKey: type.key, fields: [{ name: 'region', value: '"north"' }] },
          },
        },
      )
    ).createStore;
    expect(created).toMatchObject({
      key,
      version: 1,
      nameAllLocales: [{ locale: 'en', value: 'Created' }],
      languages: ['en'],
      countries: [{ code: 'DE' }],
      distributionChannels: [{ key: dc1.key }],
      supplyChannels: [{ key: sc1.key }],
      productSelections: [{ active: true, productSelection: { key: ps1.key } }],
      custom: { typeRef: { id: type.id }, customFieldsRaw: [{ name: 'region', value: 'north' }] },
    });

    const actions = [
      { setName: { name: localized({ en: 'Renamed', de: 'Umbenannt' }) } },
      { setLanguages: { languages: ['de'] } },
      { setCountries: { countries: [{ code: 'DE' }, { code: 'US' }] } },
      { addCountry: { country: { code: 'FR' } } },
      { removeCountry: { country: { code: 'DE' } } },
      { setDistributionChannels: { distributionChannels: [{ id: dc1.id }] } },
      { addDistributionChannel: { distributionChannel: { key: dc2.key } } },
      { removeDistributionChannel: { distributionChannel: { id: dc1.id } } },
      { setSupplyChannels: { supplyChannels: [{ key: sc1.key }] } },
      { addSupplyChannel: { supplyChannel: { key: sc2.key } } },
      { removeSupplyChannel: { supplyChannel: { key: sc1.key } } },
      { setProductSelections: { productSelections: [{ productSelection: { key: ps1.key }, active: true }] } },
      { addProductSelection: { productSelection: { key: ps2.key }, active: false } },
      { changeProductSelectionStatus: { productSelection: { key: ps2.key }, active: true } },
      { removeProductSelection: { productSelection: { key: ps1.key } } },
      { setCustomType: { type: { key: type.key }, fields: [{ name: 'region', value: '"south"' }] } },
      { setCustomField: { name: 'size', value: '42' } },
    ];
    const updated = (
      await data(
        client,
        `mutation ($key: String, $version: Long!, $actions: [StoreUpdateAction!]!) {
          updateStore(key: $key, version: $version, actions: $actions) { ${STORE_FIELDS} } }`,
        { key, version: created.version, actions },
      )
    ).updateStore;
    expect(updated.version).toBeGreaterThan(created.version);
    expect(updated).toMatchObject({
      nameAllLocales: expect.arrayContaining([
        { locale: 'en', value: 'Renamed' },
        { locale: 'de', value: 'Umbenannt' },
      ]),
      languages: ['de'],
      countries: [{ code: 'US' }, { code: 'FR' }],
      distributionChannels: [{ key: dc2.key }],
      supplyChannels: [{ key: sc2.key }],
      productSelections: [{ active: true, productSelection: { key: ps2.key } }],
    });
    expect(updated.custom.customFieldsRaw).toEqual(
      expect.arrayContaining([
        { name: 'region', value: 'south' },
        { name: 'size', value: 42 },
      ]),
    );

    const conflict = await graphql(
      client,
      `mutation { updateStore(id: "${created.id}", version: 1, actions: [{setLanguages: {languages: ["en"]}}]) { id } }`,
    );
    expect(conflict.status).toBe(200);
    expect(conflict.errors).toEqual([
      expect.objectContaining({
        path: ['updateStore'],
        extensions: { code: 'ConcurrentModification', currentVersion: updated.version },
      }),
    ]);

    const invalid = await graphql(
      client,
      `mutation { updateStore(id: "${created.id}", version: ${updated.version}, actions: [{}]) { id } }`,
    );
    expect(invalid.errors![0].extensions.code).toBe('InvalidInput');

    const deleted = await data(
      client,
      `mutation { deleteStore(key: "${key}", version: ${updated.version}) { id key } }`,
    );
    expect(deleted.deleteStore).toEqual({ id: created.id, key });
    expect((await data(client, `{ store(key: "${key}") { id } }`)).store).toBeNull();

    const gone = await graphql(client, `mutation { deleteStore(key: "${key}", version: 1) { id } }`);
    expect(gone.errors![0].extensions.code).toBe('ResourceNotFound');
  });

  it('refuses a Store draft the REST API refuses, with its code', async () => {
    const result = await graphql(
      client,
      `
        mutation {
          createStore(draft: { key: "x" }) {
            id
          }
        }
      `,
    );
    expect(result.status).toBe(200);
    expect(result.errors![0]).toMatchObject({ path: ['createStore'], extensions: { code: 'InvalidInput' } });
    const missingChannel = await graphql(
      client,
      `mutation { createStore(draft: {key: "${uniqueKey('s')}", distributionChannels: [{key: "nope-${randomUUID()}"}]}) { id } }`,
    );
    expect(missingChannel.errors![0].extensions.code).toBe('ReferencedResourceNotFound');
  });

  it('creates, updates and deletes a Channel', async () => {
    const key = uniqueKey('gql-channel');
    const created = (
      await data(
        client,
        `mutation { createChannel(draft: {key: "${key}", roles: [InventorySupply], name: [{locale: "en", value: "Depot"}]}) { id version key roles name(locale: "en") } }`,
      )
    ).createChannel;
    expect(created).toMatchObject({ key, roles: ['InventorySupply'], name: 'Depot' });
    const updated = (
      await data(
        client,
        `mutation ($actions: [ChannelUpdateAction!]!) { updateChannel(id: "${created.id}", version: ${created.version}, actions: $actions) {
          version key roles name(locale: "en") description(locale: "en") address { country city } geoLocation { type coordinates } } }`,
        {
          actions: [
            { changeName: { name: localized({ en: 'Warehouse' }) } },
            { changeDescription: { description: localized({ en: 'North' }) } },
            { addRoles: { roles: ['ProductDistribution'] } },
            { removeRoles: { roles: ['InventorySupply'] } },
            { setAddress: { address: { country: 'DE', city: 'Berlin' } } },
            { setGeoLocation: { geoLocation: { type: 'Point', coordinates: [13.4, 52.5] } } },
            { changeKey: { key: `${key}-2` } },
          ],
        },
      )
    ).updateChannel;
    expect(updated).toMatchObject({
      key: `${key}-2`,
      roles: ['ProductDistribution'],
      name: 'Warehouse',
      description: 'North',
      address: { country: 'DE', city: 'Berlin' },
      geoLocation: { type: 'Point', coordinates: [13.4, 52.5] },
    });
    const deleted = await data(
      client,
      `mutation { deleteChannel(key: "${key}-2", version: ${updated.version}) { id } }`,
    );
    expect(deleted.deleteChannel.id).toBe(created.id);
  });

  it('creates, updates and deletes a customer group', async () => {
    const key = uniqueKey('gql-group');
    const created = (
      await data(
        client,
        `mutation { createCustomerGroup(draft: {groupName: "${key}", key: "${key}"}) { id version name key } }`,
      )
    ).createCustomerGroup;
    expect(created).toMatchObject({ name: key, key });
    const updated = (
      await data(
        client,
        `mutation { updateCustomerGroup(key: "${key}", version: ${created.version}, actions: [
          {changeName: {name: "${key}-renamed"}}, {setKey: {key: "${key}-2"}}]) { version name key } }`,
      )
    ).updateCustomerGroup;
    expect(updated).toMatchObject({ name: `${key}-renamed`, key: `${key}-2` });
    const deleted = await data(
      client,
      `mutation { deleteCustomerGroup(id: "${created.id}", version: ${updated.version}) { id } }`,
    );
    expect(deleted.deleteCustomerGroup.id).toBe(created.id);
  });

  it('refuses a mutation without the manage scope of its REST operation', async () => {
    const { projectKey } = await import('../support/platform.js').then(async (m) => m.platform());
    const viewer = await sdk([`view_stores:${projectKey}`]);
    const result = await graphql(
      viewer,
      `mutation { createStore(draft: {key: "${uniqueKey('s')}"}) { id } }`,
    );
    expect(result.errors![0]).toMatchObject({
      path: ['createStore'],
      extensions: { code: 'insufficient_scope' },
    });
  });
});
