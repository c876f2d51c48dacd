import { api } from '../support/api.js';
import {
  lastMessage,
  messagesOf,
  newChannel,
  newSelection,
  newStore,
  newStoreType,
  updateStore,
} from './store-helpers.js';

const ref = (resource: { id: string }, typeId: string) => ({ typeId, id: resource.id });

describe('Store update actions and their Messages', () => {
  it('StoreCreated carries the Store with the envelope fields', async () => {
    const store = await newStore({ languages: ['en'], countries: [{ code: 'DE' }] });
    const [created] = await messagesOf(store.id);
    expect(created).toMatchObject({
      type: 'StoreCreated',
      version: 1,
      sequenceNumber: 1,
      resource: { typeId: 'store', id: store.id },
      resourceVersion: 1,
      resourceUserProvidedIdentifiers: { key: store.key },
      name: store.name,
      languages: ['en'],
      countries: [{ code: 'DE' }],
      distributionChannels: [],
      supplyChannels: [],
      productSelections: [],
      createdBy: { clientId: expect.any(String) },
    });
    expect(created.createdAt).toBe(created.lastModifiedAt);
  });

  it('setName sets and unsets the name (StoreNameSet)', async () => {
    let store = await newStore();
    store = await updateStore(store, { action: 'setName', name: { en: 'New', de: 'Neu' } });
    expect(store.name).toEqual({ en: 'New', de: 'Neu' });
    expect(await lastMessage(store.id, 2)).toMatchObject({
      type: 'StoreNameSet',
      name: { en: 'New', de: 'Neu' },
      sequenceNumber: 2,
      resourceVersion: 2,
    });
    store = await updateStore(store, { action: 'setName' });
    expect(store.name).toBeUndefined();
  });

  it('setLanguages replaces the languages (StoreLanguagesChanged) and refuses unknown ones', async () => {
    let store = await newStore({ languages: ['en'] });
    store = await updateStore(store, { action: 'setLanguages', languages: ['de'] });
    expect(store.languages).toEqual(['de']);
    expect(await lastMessage(store.id, 2)).toMatchObject({
      type: 'StoreLanguagesChanged',
      addedLanguages: ['de'],
      removedLanguages: ['en'],
    });
    const refused = await api.post(`stores/${store.id}`, {
      version: store.version,
      actions: [{ action: 'setLanguages', languages: ['fr'] }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({
      code: 'ProjectNotConfiguredForLanguages',
      languages: ['fr'],
    });
  });

  it('setCountries, addCountry and removeCountry (StoreCountriesChanged; add and remove are no-ops when nothing changes)', async () => {
    let store = await newStore();
    store = await updateStore(store, { action: 'setCountries', countries: [{ code: 'DE' }, { code: 'US' }] });
    expect(store.countries).toEqual([{ code: 'DE' }, { code: 'US' }]);
    expect(await lastMessage(store.id, 2)).toMatchObject({
      type: 'StoreCountriesChanged',
      addedCountries: [{ code: 'DE' }, { code: 'US' }],
    });

    const same = await updateStore(store, { action: 'addCountry', country: { code: 'DE' } });
    expect(same.version).toBe(store.version);
    store = await updateStore(store, { action: 'addCountry', country: { code: 'AT' } });
    expect(store.countries).toContainEqual({ code: 'AT' });
    expect(await lastMessage(store.id, 3)).toMatchObject({
      type: 'StoreCountriesChanged',
      addedCountries: [{ code: 'AT' }],
    });

    const unchanged = await updateStore(store, { action: 'removeCountry', country: { code: 'FR' } });
    expect(unchanged.version).toBe(store.version);
    store = await updateStore(store, { action: 'removeCountry', country: { code: 'US' } });
    expect(store.countries).toEqual([{ code: 'DE' }, { code: 'AT' }]);
    expect(await lastMessage(store.id, 4)).toMatchObject({
      type: 'StoreCountriesChanged',
      removedCountries: [{ code: 'US' }],
    });
    expect(await messagesOf(store.id)).toHaveLength(4);
  });

  it.each([
    [
      'distributionChannels',
      'DistributionChannel',
      'ProductDistribution',
      'InventorySupply',
      'StoreDistributionChannelsChanged',
      'DistributionChannels',
    ],
    [
      'supplyChannels',
      'SupplyChannel',
      'InventorySupply',
      'ProductDistribution',
      'StoreSupplyChannelsChanged',
      'SupplyChannels',
    ],
  ])(
    '%s: set, add and remove with role checks (%s)',
    async (field, singular, role, wrongRole, message, plural) => {
      const [c1, c2, wrong] = await Promise.all([
        newChannel([role]),
        newChannel([role]),
        newChannel([wrongRole]),
      ]);
      let store = await newStore();
      const lower = singular[0].toLowerCase() + singular.slice(1);

      store = await updateStore(store, {
        action: `set${plural}`,
        [field]: [{ typeId: 'channel', key: c1.key }],
      });
      expect(store[field]).toEqual([ref(c1, 'channel')]);
      expect(await lastMessage(store.id, 2)).toMatchObject({
        type: message,
        [`added${plural}`]: [ref(c1, 'channel')],
      });

      store = await updateStore(store, {
        action: `add${singular}`,
        [lower]: { typeId: 'channel', id: c2.id },
      });
      expect(store[field]).toEqual([ref(c1, 'channel'), ref(c2, 'channel')]);
      expect(await lastMessage(store.id, 3)).toMatchObject({
        type: message,
        [`added${plural}`]: [ref(c2, 'channel')],
      });
      const again = await updateStore(store, { action: `add${singular}`, [lower]: { key: c2.key } });
      expect(again.version).toBe(store.version);

      store = await updateStore(store, { action: `remove${singular}`, [lower]: { key: c1.key } });
      expect(store[field]).toEqual([ref(c2, 'channel')]);
      expect(await lastMessage(store.id, 4)).toMatchObject({
        type: message,
        [`removed${plural}`]: [ref(c1, 'channel')],
      });

      const missingRole = await api.post(`stores/${store.id}`, {
        version: store.version,
        actions: [{ action: `add${singular}`, [lower]: { id: wrong.id } }],
      });
      expect(missingRole.status).toBe(400);
      expect(missingRole.body.errors[0]).toMatchObject({
        code: 'MissingRoleOnChannel',
        missingRole: role,
        channel: { typeId: 'channel', id: wrong.id },
      });

      store = await updateStore(store, { action: `set${plural}` });
      expect(store[field]).toEqual([]);
    },
  );

  it('refuses a channel that does not exist with ReferencedResourceNotFound, in a draft and in an action', async () => {
    const draft = await api.post('stores', {
      key: `s-${Date.now()}`,
      supplyChannels: [{ typeId: 'channel', key: 'no-such-channel' }],
    });
    expect(draft.status).toBe(400);
    expect(draft.body.errors[0]).toMatchObject({
      code: 'ReferencedResourceNotFound',
      typeId: 'channel',
      key: 'no-such-channel',
    });
    const store = await newStore();
    const action = await api.post(`stores/${store.id}`, {
      version: 1,
      actions: [{ action: 'addSupplyChannel', supplyChannel: { id: 'nope' } }],
    });
    expect(action.status).toBe(400);
    expect(action.body.errors[0].code).toBe('ReferencedResourceNotFound');
  });

  it('creates a Store with channels of the right roles and refuses a wrong role in the draft', async () => {
    const [distribution, supply] = await Promise.all([
      newChannel(['ProductDistribution']),
      newChannel(['InventorySupply']),
    ]);
    const store = await newStore({
      distributionChannels: [{ key: distribution.key }],
      supplyChannels: [{ id: supply.id }],
    });
    expect(store.distributionChannels).toEqual([ref(distribution, 'channel')]);
    expect(store.supplyChannels).toEqual([ref(supply, 'channel')]);
    const wrong = await api.post('stores', {
      key: `w-${Date.now()}`,
      distributionChannels: [{ key: supply.key }],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatchObject({
      code: 'MissingRoleOnChannel',
      missingRole: 'ProductDistribution',
    });
  });

  it('product selections: add, change active, set and remove (StoreProductSelectionsChanged)', async () => {
    const [s1, s2] = await Promise.all([newSelection(), newSelection('IndividualExclusion')]);
    let store = await newStore();

    store = await updateStore(store, {
      action: 'addProductSelection',
      productSelection: { typeId: 'product-selection', key: s1.key },
      active: true,
    });
    expect(store.productSelections).toEqual([
      { productSelection: ref(s1, 'product-selection'), active: true },
    ]);
    expect(await lastMessage(store.id, 2)).toMatchObject({
      type: 'StoreProductSelectionsChanged',
      addedProductSelections: [{ productSelection: ref(s1, 'product-selection'), active: true }],
    });
    const same = await updateStore(store, {
      action: 'addProductSelection',
      productSelection: { id: s1.id },
      active: true,
    });
    expect(same.version).toBe(store.version);

    store = await updateStore(store, {
      action: 'changeProductSelectionActive',
      productSelection: { id: s1.id },
      active: false,
    });
    expect(store.productSelections[0].active).toBe(false);
    expect(await lastMessage(store.id, 3)).toMatchObject({
      type: 'StoreProductSelectionsChanged',
      updatedProductSelections: [{ productSelection: ref(s1, 'product-selection'), active: false }],
    });

    store = await updateStore(store, {
      action: 'setProductSelections',
      productSelections: [{ productSelection: { key: s2.key }, active: true }],
    });
    expect(store.productSelections).toEqual([
      { productSelection: ref(s2, 'product-selection'), active: true },
    ]);
    expect(await lastMessage(store.id, 4)).toMatchObject({
      addedProductSelections: [{ productSelection: ref(s2, 'product-selection'), active: true }],
      removedProductSelections: [{ productSelection: ref(s1, 'product-selection'), active: false }],
    });

    const absent = await updateStore(store, {
      action: 'removeProductSelection',
      productSelection: { id: s1.id },
    });
    expect(absent.version).toBe(store.version);
    store = await updateStore(store, { action: 'removeProductSelection', productSelection: { id: s2.id } });
    expect(store.productSelections).toEqual([]);
    expect(await lastMessage(store.id, 5)).toMatchObject({
      removedProductSelections: [{ productSelection: ref(s2, 'product-selection'), active: true }],
    });

    store = await updateStore(store, {
      action: 'setProductSelections',
      productSelections: [{ productSelection: { id: s1.id } }],
    });
    store = await updateStore(store, { action: 'setProductSelections' });
    expect(store.productSelections).toEqual([]);

    const notInStore = await api.post(`stores/${store.id}`, {
      version: store.version,
      actions: [{ action: 'changeProductSelectionActive', productSelection: { id: s2.id }, active: true }],
    });
    expect(notInStore.status).toBe(400);
    expect(notInStore.body.errors[0].code).toBe('InvalidOperation');
  });

  it('setCustomType and setCustomField check values against the Type, and removing a missing field is InvalidOperation', async () => {
    const type = await newStoreType();
    let store = await newStore();
    store = await updateStore(store, {
      action: 'setCustomType',
      type: { typeId: 'type', key: type.key },
      fields: { region: 'north' },
    });
    expect(store.custom).toEqual({ type: { typeId: 'type', id: type.id }, fields: { region: 'north' } });

    store = await updateStore(store, { action: 'setCustomField', name: 'size', value: 42 });
    expect(store.custom.fields).toEqual({ region: 'north', size: 42 });
    const wrongType = await api.post(`stores/${store.id}`, {
      version: store.version,
      actions: [{ action: 'setCustomField', name: 'size', value: 'big' }],
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'size' });
    const undefinedField = await api.post(`stores/${store.id}`, {
      version: store.version,
      actions: [{ action: 'setCustomField', name: 'colour', value: 'red' }],
    });
    expect(undefinedField.status).toBe(400);

    store = await updateStore(store, { action: 'setCustomField', name: 'size', value: null });
    expect(store.custom.fields).toEqual({ region: 'north' });
    const missing = await api.post(`stores/${store.id}`, {
      version: store.version,
      actions: [{ action: 'setCustomField', name: 'size' }],
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].code).toBe('InvalidOperation');

    store = await updateStore(store, { action: 'setCustomType' });
    expect(store.custom).toBeUndefined();
  });

  it('creates a Store with custom fields checked against the Type', async () => {
    const type = await newStoreType();
    const store = await newStore({
      custom: { type: { key: type.key }, fields: { region: 'south', size: 3 } },
    });
    expect(store.custom.fields).toEqual({ region: 'south', size: 3 });
    const bad = await api.post('stores', {
      key: `c-${Date.now()}`,
      custom: { type: { key: type.key }, fields: { size: 'x' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'size' });
  });

  it('StoreDeleted ends the Store history', async () => {
    const store = await newStore();
    await api.delete(`stores/${store.id}?version=1`);
    const messages = await messagesOf(store.id);
    expect(messages.map((m) => m.type)).toEqual(['StoreCreated', 'StoreDeleted']);
    expect(messages[1]).toMatchObject({ sequenceNumber: 2, resourceVersion: 2 });
  });

  it('serves a single Message by id and answers 404 for an unknown one', async () => {
    const store = await newStore();
    const [created] = await messagesOf(store.id);
    expect((await api.get(`messages/${created.id}`)).body).toEqual(created);
    expect((await api.get('messages/no-such-message')).status).toBe(404);
  });
});
