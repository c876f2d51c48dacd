import { api } from '../support/api.js';
import { channelDraft, uniqueKey } from '../support/factories.js';
import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';
import { newChannel, newStore, newType, ref, update, updateError } from './catalog-helpers.js';

describe('Channels', () => {
  it('defaults roles to InventorySupply and refuses an empty role list (InvalidOperation)', async () => {
    const channel = await api.create('channels', { key: uniqueKey('channel') });
    expect(channel.roles).toEqual(['InventorySupply']);
    const empty = await api.post('channels', channelDraft([]));
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].code).toBe('InvalidOperation');
  });

  it('addRoles, removeRoles and setRoles, never to no role', async () => {
    let channel = await newChannel();
    channel = await update('channels', channel, {
      action: 'addRoles',
      roles: ['ProductDistribution', 'Primary'],
    });
    expect(channel.roles).toEqual(['InventorySupply', 'ProductDistribution', 'Primary']);
    channel = await update('channels', channel, {
      action: 'removeRoles',
      roles: ['Primary', 'InventorySupply'],
    });
    expect(channel.roles).toEqual(['ProductDistribution']);
    channel = await update('channels', channel, {
      action: 'setRoles',
      roles: ['OrderExport', 'OrderImport'],
    });
    expect(channel.roles).toEqual(['OrderExport', 'OrderImport']);
    expect((await updateError('channels', channel, { action: 'setRoles', roles: [] })).error.code).toBe(
      'InvalidOperation',
    );
    expect(
      (await updateError('channels', channel, { action: 'addRoles', roles: ['Warehouse'] })).error.code,
    ).toBe('InvalidJsonInput');
  });

  it('changeKey, changeName, changeDescription, setAddress and setGeoLocation', async () => {
    let channel = await newChannel();
    const key = uniqueKey('moved');
    channel = await update(
      'channels',
      channel,
      { action: 'changeKey', key },
      { action: 'changeName', name: { en: 'Berlin' } },
      { action: 'changeDescription', description: { en: 'Warehouse' } },
      { action: 'setAddress', address: { country: 'DE', city: 'Berlin', postalCode: '10115' } },
      { action: 'setGeoLocation', geoLocation: { type: 'Point', coordinates: [13.4, 52.52] } },
    );
    expect(channel).toMatchObject({
      key,
      version: 2,
      name: { en: 'Berlin' },
      description: { en: 'Warehouse' },
      address: { country: 'DE', city: 'Berlin', postalCode: '10115' },
      geoLocation: { type: 'Point', coordinates: [13.4, 52.52] },
    });
    expect((await api.get(`channels/key=${key}`)).body.id).toBe(channel.id);
    channel = await update('channels', channel, { action: 'setAddress' }, { action: 'setGeoLocation' });
    expect(channel.address).toBeUndefined();
    expect(channel.geoLocation).toBeUndefined();
    const taken = await newChannel();
    expect(
      (await updateError('channels', channel, { action: 'changeKey', key: taken.key })).error,
    ).toMatchObject({
      code: 'DuplicateField',
      field: 'key',
    });
  });

  it('finds channels with geoLocation within circle', async () => {
    const near = await newChannel({ geoLocation: { type: 'Point', coordinates: [13.405, 52.52] } });
    const far = await newChannel({ geoLocation: { type: 'Point', coordinates: [11.58, 48.14] } });
    const keys = `key in ("${near.key}", "${far.key}")`;
    const where = encodeURIComponent(`${keys} and geoLocation within circle(13.4, 52.52, 5000)`);
    const page = await api.get(`channels?where=${where}`);
    expect(page.body.results.map((c: { id: string }) => c.id)).toEqual([near.id]);
  });

  it('setCustomType and setCustomField, checked against the Type', async () => {
    const type = await newType(['channel']);
    let channel = await newChannel({ custom: { type: { key: type.key }, fields: { note: 'hello' } } });
    expect(channel.custom).toEqual({ type: ref(type, 'type'), fields: { note: 'hello' } });
    channel = await update('channels', channel, { action: 'setCustomField', name: 'rank', value: 3 });
    expect(channel.custom.fields).toEqual({ note: 'hello', rank: 3 });
    expect(
      (await updateError('channels', channel, { action: 'setCustomField', name: 'rank', value: 'x' })).error
        .code,
    ).toBe('InvalidField');
    expect(
      (await updateError('channels', channel, { action: 'setCustomField', name: 'absent' })).error.code,
    ).toBe('InvalidOperation');
    channel = await update('channels', channel, { action: 'setCustomType' });
    expect(channel.custom).toBeUndefined();
    const missing = await updateError('channels', channel, {
      action: 'setCustomType',
      type: { key: uniqueKey('no-type') },
    });
    expect(missing).toMatchObject({
      status: 400,
      error: { code: 'ReferencedResourceNotFound', typeId: 'type' },
    });
  });

  it('can not be deleted while a Store uses it (ReferenceExists)', async () => {
    const channel = await newChannel();
    const store = await newStore({ supplyChannels: [{ typeId: 'channel', key: channel.key }] });
    const refused = await api.delete(`channels/${channel.id}?version=${channel.version}`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ code: 'ReferenceExists', referencedBy: 'store' });
    await api.delete(`stores/${store.id}?version=${store.version}`);
    expect((await api.delete(`channels/${channel.id}?version=${channel.version}`)).status).toBe(200);
  });

  it('is readable with view_channels or view_products and writable with manage_channels or manage_products', async () => {
    const { projectKey } = await platform();
    const channel = await newChannel();
    for (const scope of ['view_channels', 'view_products']) {
      const token = await adminToken([`${scope}:${projectKey}`]);
      expect((await http('GET', `/${projectKey}/channels/${channel.id}`, { token })).status).toBe(200);
      expect((await http('POST', `/${projectKey}/channels`, { token, body: channelDraft() })).status).toBe(
        403,
      );
    }
    for (const scope of ['manage_channels', 'manage_products']) {
      const token = await adminToken([`${scope}:${projectKey}`]);
      expect((await http('POST', `/${projectKey}/channels`, { token, body: channelDraft() })).status).toBe(
        201,
      );
    }
    const other = await adminToken([`view_stores:${projectKey}`]);
    const refused = await http('GET', `/${projectKey}/channels/${channel.id}`, { token: other });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('insufficient_scope');
    expect((await http('GET', `/${projectKey}/channels/${channel.id}`)).status).toBe(401);
  });
});
