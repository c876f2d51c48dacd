import type { Store } from '@commercetools/platform-sdk';
import { api } from '../support/api.js';
import { storeDraft, uniqueKey } from '../support/factories.js';
import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { adminToken } from '../support/tokens.js';

describe('Stores: every operation through the official SDK', () => {
  let client: Awaited<ReturnType<typeof sdk>>;
  beforeAll(async () => {
    client = await sdk();
  });

  it('creates (201), gets by id and key, queries, and checks existence with HEAD', async () => {
    const draft = storeDraft();
    const created = await client.stores().post({ body: draft }).execute();
    expect(created.statusCode).toBe(201);
    const store = created.body;
    expect((await client.stores().withId({ ID: store.id }).get().execute()).body.key).toBe(draft.key);
    expect((await client.stores().withKey({ key: draft.key }).get().execute()).body.id).toBe(store.id);

    const page = await client
      .stores()
      .get({ queryArgs: { where: `key = "${draft.key}"` } })
      .execute();
    expect(page.body).toMatchObject({
      count: 1,
      total: 1,
      offset: 0,
      limit: 20,
      results: [{ id: store.id }],
    });

    expect((await client.stores().withId({ ID: store.id }).head().execute()).statusCode).toBe(200);
    expect((await client.stores().withKey({ key: draft.key }).head().execute()).statusCode).toBe(200);
    expect(
      (
        await client
          .stores()
          .head({ queryArgs: { where: `key = "${draft.key}"` } })
          .execute()
      ).statusCode,
    ).toBe(200);
    await expect(
      client
        .stores()
        .withKey({ key: uniqueKey('absent') })
        .head()
        .execute(),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(client.stores().withId({ ID: 'no-such-id' }).head().execute()).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      client
        .stores()
        .head({ queryArgs: { where: `key = "${uniqueKey('absent')}"` } })
        .execute(),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it('updates by id and by key, raising the version only when something changed', async () => {
    const store = (await client.stores().post({ body: storeDraft() }).execute()).body;
    const renamed = await client
      .stores()
      .withId({ ID: store.id })
      .post({ body: { version: store.version, actions: [{ action: 'setName', name: { en: 'Renamed' } }] } })
      .execute();
    expect(renamed.statusCode).toBe(200);
    expect(renamed.body).toMatchObject({ version: 2, name: { en: 'Renamed' } });

    const same = await client
      .stores()
      .withKey({ key: store.key })
      .post({ body: { version: 2, actions: [{ action: 'setName', name: { en: 'Renamed' } }] } })
      .execute();
    expect(same.body.version).toBe(2);
    expect(same.body.lastModifiedAt).toBe(renamed.body.lastModifiedAt);
  });

  it('deletes by id and by key with the current version (200 with the Store)', async () => {
    const byId = (await client.stores().post({ body: storeDraft() }).execute()).body;
    const deleted = await client
      .stores()
      .withId({ ID: byId.id })
      .delete({ queryArgs: { version: byId.version } })
      .execute();
    expect(deleted.statusCode).toBe(200);
    expect(deleted.body.id).toBe(byId.id);
    await expect(client.stores().withId({ ID: byId.id }).get().execute()).rejects.toMatchObject({
      statusCode: 404,
    });

    const byKey = (await client.stores().post({ body: storeDraft() }).execute()).body;
    const gone = await client
      .stores()
      .withKey({ key: byKey.key })
      .delete({ queryArgs: { version: 1 } })
      .execute();
    expect(gone.body.key).toBe(byKey.key);
  });

  it('refuses a delete without version (400) and with a stale version (409 with currentVersion)', async () => {
    const store = (await client.stores().post({ body: storeDraft() }).execute()).body;
    const missing = await api.delete(`stores/${store.id}`);
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].code).toBe('InvalidInput');
    await expect(
      client
        .stores()
        .withId({ ID: store.id })
        .delete({ queryArgs: { version: 7 } })
        .execute(),
    ).rejects.toMatchObject({
      statusCode: 409,
      body: { errors: [{ code: 'ConcurrentModification', currentVersion: 1 }] },
    });
  });

  it('answers a stale update version with 409 ConcurrentModification and currentVersion', async () => {
    const store = (await client.stores().post({ body: storeDraft() }).execute()).body;
    await expect(
      client
        .stores()
        .withId({ ID: store.id })
        .post({ body: { version: 5, actions: [{ action: 'setName', name: { en: 'x' } }] } })
        .execute(),
    ).rejects.toMatchObject({
      statusCode: 409,
      body: { errors: [{ code: 'ConcurrentModification', currentVersion: 1 }] },
    });
  });

  it('lets exactly one of many concurrent writers of the same version win', async () => {
    const store = (await client.stores().post({ body: storeDraft() }).execute()).body;
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api.post(`stores/${store.id}`, {
          version: 1,
          actions: [{ action: 'setName', name: { en: `writer ${i}` } }],
        }),
      ),
    );
    const statuses = attempts.map((attempt) => attempt.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    expect((await api.get(`stores/${store.id}`)).body.version).toBe(2);
  });

  it('answers 404 ResourceNotFound on get, update and delete of a missing Store', async () => {
    const key = uniqueKey('missing');
    for (const response of [
      await api.get(`stores/key=${key}`),
      await api.post(`stores/key=${key}`, { version: 1, actions: [] }),
      await api.delete(`stores/key=${key}?version=1`),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.errors[0].code).toBe('ResourceNotFound');
    }
  });

  it('never shows one project the Stores of another', async () => {
    const store = await api.create<Store>('stores', storeDraft());
    const token = await adminToken();
    const { otherProjectKey } = await platform();
    const response = await http('GET', `/${otherProjectKey}/stores/${store.id}`, { token });
    expect(response.status).toBe(403);
    expect(JSON.stringify(response.body)).not.toContain(store.key);
  });

  it('records createdBy and lastModifiedBy with the client and X-External-User-ID', async () => {
    const { clientId } = await platform();
    const created = await api.post('stores', storeDraft(), {
      headers: { 'X-External-User-ID': 'ext-user-7' },
    });
    expect(created.body.createdBy).toMatchObject({ clientId, externalUserId: 'ext-user-7' });
    const updated = await api.post(
      `stores/${created.body.id}`,
      { version: 1, actions: [{ action: 'setName', name: { en: 'by ext' } }] },
      { headers: { 'X-External-User-ID': 'ext-user-8' } },
    );
    expect(updated.body.lastModifiedBy).toMatchObject({ clientId, externalUserId: 'ext-user-8' });
    expect(updated.body.createdBy.externalUserId).toBe('ext-user-7');
  });
});

describe('Stores: draft and update validation', () => {
  it.each([
    [{ key: 'a' }, 'key'],
    [{ key: 'x'.repeat(257) }, 'key'],
    [{ key: 'bad key!' }, 'key'],
    [{ name: { en: 'no key' } }, 'key'],
    [{ key: uniqueKey(), countries: [{ code: 'germany' }] }, 'code'],
  ])('refuses %j with 400 InvalidJsonInput naming %s', async (draft, field) => {
    const response = await api.post('stores', draft);
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ code: 'InvalidJsonInput' });
    expect(response.body.errors[0].detailedErrorMessage).toContain(field);
  });

  it('refuses a resource identifier with both id and key with InvalidJsonInput', async () => {
    const response = await api.post(
      'stores',
      storeDraft({ distributionChannels: [{ typeId: 'channel', id: 'a', key: 'b' }] }),
    );
    expect(response.status).toBe(400);
    expect(response.body.errors[0].code).toBe('InvalidJsonInput');
  });

  it('refuses languages the project does not define with ProjectNotConfiguredForLanguages', async () => {
    const response = await api.post('stores', storeDraft({ languages: ['en', 'xx'] }));
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({
      code: 'ProjectNotConfiguredForLanguages',
      languages: ['xx'],
    });
  });

  it('refuses an unknown action, a malformed action and more than 500 actions, changing nothing', async () => {
    const store = await api.create('stores', storeDraft());
    const unknown = await api.post(`stores/${store.id}`, {
      version: 1,
      actions: [{ action: 'setNmae', name: {} }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].code).toBe('InvalidJsonInput');
    const malformed = await api.post(`stores/${store.id}`, {
      version: 1,
      actions: [
        { action: 'setName', name: { en: 'ok' } },
        { action: 'setLanguages', languages: 'en' },
      ],
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].detailedErrorMessage).toContain('actions[1]');
    const tooMany = await api.post(`stores/${store.id}`, {
      version: 1,
      actions: Array.from({ length: 501 }, () => ({ action: 'setName', name: { en: 'x' } })),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors[0].code).toBe('InvalidInput');
    expect((await api.get(`stores/${store.id}`)).body).toMatchObject({ version: 1, name: store.name });
  });

  it('applies all actions of a request or none', async () => {
    const store = await api.create('stores', storeDraft());
    const response = await api.post(`stores/${store.id}`, {
      version: 1,
      actions: [
        { action: 'setName', name: { en: 'changed' } },
        { action: 'setLanguages', languages: ['xx'] },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].code).toBe('ProjectNotConfiguredForLanguages');
    expect((await api.get(`stores/${store.id}`)).body).toMatchObject({ version: 1, name: store.name });
  });

  it('ignores misspelled optional fields inside an action', async () => {
    const store = await api.create('stores', storeDraft());
    const response = await api.post(`stores/${store.id}`, {
      version: 1,
      actions: [{ action: 'setName', name: { en: 'kept' }, nmae: { en: 'typo' } }],
    });
    expect(response.status).toBe(200);
    expect(response.body.name).toEqual({ en: 'kept' });
  });
});

describe('Stores referenced by customers', () => {
  it('refuses to delete a Store while a customer is assigned to it (ReferenceExists), then allows it', async () => {
    const store = await api.create<Store>('stores', storeDraft());
    const signUp = await api.post(`in-store/key=${store.key}/customers`, {
      email: `${uniqueKey('c')}@example.com`,
      password: 'correct horse battery staple',
    });
    expect(signUp.status).toBe(201);
    const customer = signUp.body.customer;
    const refused = await api.delete(`stores/${store.id}?version=${store.version}`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ code: 'ReferenceExists', referencedBy: 'customer' });
    expect((await api.delete(`customers/${customer.id}?version=${customer.version}`)).status).toBe(200);
    expect((await api.delete(`stores/${store.id}?version=${store.version}`)).status).toBe(200);
  });
});
