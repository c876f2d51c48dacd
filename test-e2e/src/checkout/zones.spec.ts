import type { Zone, ZoneDraft } from '@commercetools/platform-sdk';
import { data, graphql } from '../graphql/graphql-helpers.js';
import { uniqueKey, zoneDraft } from '../support/factories.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { failure, freshProject } from './checkout-helpers.js';

const createZone = async (draft: ZoneDraft = zoneDraft()) =>
  (await (await sdk()).zones().post({ body: draft }).execute()).body;

describe('Zones', () => {
  it('are created, read by id and key, queried, updated by every action and deleted through the SDK', async () => {
    const client = await sdk();
    const draft = zoneDraft({ description: 'Germany, a part' });
    const created = await client.zones().post({ body: draft }).execute();
    expect(created.statusCode).toBe(201);
    const zone = created.body;
    expect(zone).toEqual({
      id: expect.any(String),
      version: 1,
      key: draft.key,
      name: draft.name,
      description: 'Germany, a part',
      locations: draft.locations,
      createdAt: expect.any(String),
      lastModifiedAt: expect.any(String),
      createdBy: expect.any(Object),
      lastModifiedBy: expect.any(Object),
    });
    expect((await client.zones().withId({ ID: zone.id }).get().execute()).body).toEqual(zone);
    expect((await client.zones().withKey({ key: zone.key! }).get().execute()).body).toEqual(zone);
    const [location] = draft.locations;
    const page = await client
      .zones()
      .get({ queryArgs: { where: `locations(state = "${location.state}")`, withTotal: true } })
      .execute();
    expect(page.body).toMatchObject({ count: 1, total: 1, results: [{ id: zone.id }] });

    const added = { country: 'AT', state: uniqueKey('tirol') };
    const newKey = uniqueKey('zone');
    const updated = await client
      .zones()
      .withKey({ key: zone.key! })
      .post({
        body: {
          version: zone.version,
          actions: [
            { action: 'addLocation', location: added },
            { action: 'removeLocation', location },
            { action: 'changeName', name: 'Alps' },
            { action: 'setDescription', description: 'Mountains' },
            { action: 'setKey', key: newKey },
          ],
        },
      })
      .execute();
    expect(updated.body).toMatchObject({
      version: 2,
      key: newKey,
      name: 'Alps',
      description: 'Mountains',
      locations: [added],
    });
    const cleared = await client
      .zones()
      .withId({ ID: zone.id })
      .post({
        body: {
          version: 2,
          actions: [
            { action: 'setDescription' },
            { action: 'setKey' },
            { action: 'addLocation', location: added },
          ],
        },
      })
      .execute();
    expect(cleared.body.version).toBe(3);
    expect(cleared.body).not.toHaveProperty('description');
    expect(cleared.body).not.toHaveProperty('key');
    expect(cleared.body.locations).toEqual([added]);

    const stale = await failure(
      client
        .zones()
        .withId({ ID: zone.id })
        .delete({ queryArgs: { version: 2 } })
        .execute(),
    );
    expect(stale).toMatchObject({ statusCode: 409, code: 'ConcurrentModification' });
    const deleted = await client
      .zones()
      .withId({ ID: zone.id })
      .delete({ queryArgs: { version: 3 } })
      .execute();
    expect(deleted.statusCode).toBe(200);
    const gone = await failure(client.zones().withId({ ID: zone.id }).get().execute());
    expect(gone).toMatchObject({ statusCode: 404, code: 'ResourceNotFound' });
  });

  it('keep a location in at most one Zone: a draft or addLocation naming another Zone’s location is DuplicateField', async () => {
    const client = await sdk();
    const first = await createZone();
    const [taken] = first.locations;
    const refused = await failure(
      client
        .zones()
        .post({ body: zoneDraft({ locations: [taken] }) })
        .execute(),
    );
    expect(refused).toMatchObject({
      statusCode: 400,
      code: 'DuplicateField',
      error: { field: 'locations', duplicateValue: taken },
    });
    const second = await createZone();
    const add = (zone: Zone) =>
      client
        .zones()
        .withId({ ID: zone.id })
        .post({ body: { version: zone.version, actions: [{ action: 'addLocation', location: taken }] } })
        .execute();
    expect(await failure(add(second))).toMatchObject({ statusCode: 400, code: 'DuplicateField' });
    // The same country without the state is another location.
    const countryOnly = await failure(
      client
        .zones()
        .post({ body: zoneDraft({ locations: [{ country: 'SM' }, { country: 'SM' }] }) })
        .execute(),
    );
    expect(countryOnly).toBeUndefined();
    const freed = await client
      .zones()
      .withId({ ID: first.id })
      .post({ body: { version: first.version, actions: [{ action: 'removeLocation', location: taken }] } })
      .execute();
    expect(freed.body.locations).toEqual([]);
    expect((await add(second)).body.locations).toEqual([...second.locations, taken]);
  });

  it('let exactly one of two Zones created at once with the same location have it', async () => {
    const client = await sdk();
    const location = { country: 'CH', state: uniqueKey('canton') };
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        client
          .zones()
          .post({ body: zoneDraft({ locations: [location] }) })
          .execute(),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') {
        expect(result.reason).toMatchObject({
          statusCode: 400,
          body: { errors: [{ code: 'DuplicateField' }] },
        });
      }
    }
    const holders = await client
      .zones()
      .get({ queryArgs: { where: `locations(state = "${location.state}")` } })
      .execute();
    expect(holders.body.count).toBe(1);
  });

  it.each([
    ['a country that is not ISO 3166-1', { locations: [{ country: 'Germany' }] }],
    ['no name', { name: undefined }],
    ['an empty name', { name: '' }],
    ['a key with spaces', { key: 'a key' }],
  ])('refuse a draft with %s', async (_case, overrides) => {
    const client = await sdk();
    const refused = await failure(
      client
        .zones()
        .post({ body: zoneDraft(overrides) })
        .execute(),
    );
    expect(refused).toMatchObject({ statusCode: 400, code: 'InvalidJsonInput' });
  });

  it('are read with view_zones or view_orders and written with manage_zones or manage_orders', async () => {
    const { projectKey } = await platform();
    const zone = await createZone();
    for (const scope of ['view_zones', 'view_orders', 'manage_zones', 'manage_orders']) {
      const client = await sdk([`${scope}:${projectKey}`]);
      expect((await client.zones().withId({ ID: zone.id }).get().execute()).body.id).toBe(zone.id);
    }
    for (const scope of ['view_zones', 'view_orders', 'view_shipping_methods']) {
      const client = await sdk([`${scope}:${projectKey}`]);
      const refused = await failure(client.zones().post({ body: zoneDraft() }).execute());
      expect(refused?.statusCode).toBe(403);
    }
    const viewProducts = await sdk([`view_products:${projectKey}`]);
    expect((await failure(viewProducts.zones().get().execute()))?.statusCode).toBe(403);
    for (const scope of ['manage_zones', 'manage_orders']) {
      const client = await sdk([`${scope}:${projectKey}`]);
      expect((await client.zones().post({ body: zoneDraft() }).execute()).statusCode).toBe(201);
    }
  });

  it('are limited to 100 per project (MaxResourceLimitExceeded)', async () => {
    const { client } = await freshProject();
    for (let batch = 0; batch < 10; batch++) {
      await Promise.all(
        Array.from({ length: 10 }, () => client.zones().post({ body: zoneDraft() }).execute()),
      );
    }
    const refused = await failure(client.zones().post({ body: zoneDraft() }).execute());
    expect(refused).toMatchObject({
      statusCode: 400,
      code: 'MaxResourceLimitExceeded',
      error: { exceededResource: 'zone' },
    });
  }, 60_000);

  it('are read and written through GraphQL: zone, zones, createZone, updateZone, deleteZone', async () => {
    const client = await sdk();
    const state = uniqueKey('state');
    const key = uniqueKey('zone');
    const created = await data(
      client,
      `mutation ($draft: CreateZone!) { createZone(draft: $draft) { id version key name locations { country state } } }`,
      { draft: { key, name: 'GraphQL zone', locations: [{ country: 'DE', state }] } },
    );
    expect(created.createZone).toMatchObject({
      key,
      name: 'GraphQL zone',
      locations: [{ country: 'DE', state }],
    });
    const read = await data(
      client,
      `query ($key: String, $where: String) {
        zone(key: $key) { id name description }
        zones(where: $where) { count results { key } }
      }`,
      { key, where: `key = "${key}"` },
    );
    expect(read).toEqual({
      zone: { id: created.createZone.id, name: 'GraphQL zone', description: null },
      zones: { count: 1, results: [{ key }] },
    });
    const updated = await data(
      client,
      `mutation ($key: String, $version: Long!, $actions: [ZoneUpdateAction!]!) {
        updateZone(key: $key, version: $version, actions: $actions) { version name locations { country state } }
      }`,
      {
        key,
        version: 1,
        actions: [
          { changeName: { name: 'Renamed' } },
          { addLocation: { location: { country: 'VA' } } },
          { removeLocation: { location: { country: 'DE', state } } },
        ],
      },
    );
    expect(updated.updateZone).toEqual({
      version: 2,
      name: 'Renamed',
      locations: [{ country: 'VA', state: null }],
    });
    const deleted = await data(client, `mutation { deleteZone(key: "${key}", version: 2) { id } }`);
    expect(deleted.deleteZone.id).toBe(created.createZone.id);
    const readOnly = await sdk([`view_zones:${(await platform()).projectKey}`]);
    const refused = await graphql(
      readOnly,
      `
        mutation {
          createZone(draft: { name: "x" }) {
            id
          }
        }
      `,
    );
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'insufficient_scope' });
  });
});
