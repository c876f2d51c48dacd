import { api } from '../support/api.js';
import { uniqueKey } from '../support/factories.js';
import { failure, importApi, newContainer } from './import-helpers.js';

describe('Import containers', () => {
  it('are created (201) with an expiry 72 hours after creation, read, updated with their version and deleted', async () => {
    const importer = await importApi();
    const key = uniqueKey('container');
    const created = await importer.importContainers().post({ body: { key } }).execute();
    expect(created.statusCode).toBe(201);
    expect(created.body).toMatchObject({ key, version: 1 });
    expect(created.body.resourceType).toBeUndefined();
    expect(Date.parse(created.body.expiresAt!) - Date.parse(created.body.createdAt)).toBe(72 * 3_600_000);

    const container = importer.importContainers().withImportContainerKeyValue({ importContainerKey: key });
    expect((await container.get().execute()).body).toEqual(created.body);

    const updated = await container.put({ body: { version: 1, resourceType: 'price' } }).execute();
    expect(updated.body).toMatchObject({ key, version: 2, resourceType: 'price' });

    const stale = await failure(container.put({ body: { version: 1 } }).execute());
    expect(stale.statusCode).toBe(409);
    expect(stale.body.errors[0]).toMatchObject({
      code: 'ConcurrentModification',
      currentVersion: 2,
      specifiedVersion: 1,
    });

    const deleted = await container.delete().execute();
    expect(deleted.body).toMatchObject({ key, version: 2 });
    const gone = await failure(container.get().execute());
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toMatchObject({
      statusCode: 404,
      message: `Import container ${key} does not exist`,
      errors: [{ code: 'ResourceNotFound' }],
    });
    expect((await failure(container.delete().execute())).statusCode).toBe(404);
  });

  it('take a ttl retention policy from 1h to 30d', async () => {
    const importer = await importApi();
    const key = uniqueKey('container');
    const { body } = await importer
      .importContainers()
      .post({ body: { key, retentionPolicy: { strategy: 'ttl', config: { timeToLive: '2h' } } } })
      .execute();
    expect(body.retentionPolicy).toEqual({ strategy: 'ttl', config: { timeToLive: '2h' } });
    expect(Date.parse(body.expiresAt!) - Date.parse(body.createdAt)).toBe(2 * 3_600_000);
    for (const timeToLive of ['30m', '31d', '2w', '']) {
      const response = await api.post('import-containers', {
        key: uniqueKey('container'),
        retentionPolicy: { strategy: 'ttl', config: { timeToLive } },
      });
      expect(response.status).toBe(400);
    }
  });

  it('refuse a duplicate key and a malformed one', async () => {
    const importer = await importApi();
    const { key } = await newContainer(importer);
    const duplicate = await api.post('import-containers', { key });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key' });
    expect((await api.post('import-containers', { key: 'no spaces' })).status).toBe(400);
    expect((await api.post('import-containers', { key: uniqueKey(), resourceType: 'nonsense' })).status).toBe(
      400,
    );
  });

  it('are paged with limit, offset and sort, with a total', async () => {
    const importer = await importApi();
    await Promise.all([newContainer(importer), newContainer(importer), newContainer(importer)]);
    const all = (
      await importer
        .importContainers()
        .get({ queryArgs: { limit: 500 } })
        .execute()
    ).body;
    expect(all.total).toBeGreaterThanOrEqual(3);
    const sorted = (
      await importer
        .importContainers()
        .get({ queryArgs: { sort: 'key desc', limit: 2, offset: 1 } })
        .execute()
    ).body;
    const keys = all.results
      .map((container) => container.key)
      .sort()
      .reverse();
    expect(sorted).toMatchObject({ limit: 2, offset: 1, count: 2, total: all.total });
    expect(sorted.results.map((container) => container.key)).toEqual(keys.slice(1, 3));
    expect((await api.get('import-containers?sort=nonsense')).status).toBe(400);
    expect((await api.get('import-containers?limit=501')).status).toBe(400);
  });
});
