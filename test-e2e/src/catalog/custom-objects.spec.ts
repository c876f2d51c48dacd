import type { Category } from '@commercetools/platform-sdk';
import { data, graphql } from '../graphql/graphql-helpers.js';
import { api } from '../support/api.js';
import { categoryDraft, typeDraft, uniqueKey } from '../support/factories.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';

const objects = async () => (await sdk()).customObjects();

describe('Custom Objects', () => {
  it('are created by POST (201), replaced by POST (200, version + 1) and read by container and key', async () => {
    const client = await objects();
    const container = uniqueKey('container');
    const created = await client
      .post({ body: { container, key: 'a.b~c', value: { size: 42, tags: ['x', null], gone: null } } })
      .execute();
    expect(created.statusCode).toBe(201);
    expect(created.body).toMatchObject({
      container,
      key: 'a.b~c',
      version: 1,
      value: { size: 42, tags: ['x', null] },
    });
    expect(created.body.value).not.toHaveProperty('gone');
    expect(created.body.id).toEqual(expect.any(String));

    const replaced = await client.post({ body: { container, key: 'a.b~c', value: 'plain text' } }).execute();
    expect(replaced.statusCode).toBe(200);
    expect(replaced.body).toMatchObject({ id: created.body.id, version: 2, value: 'plain text' });

    const read = await client.withContainerAndKey({ container, key: 'a.b~c' }).get().execute();
    expect(read.body).toEqual(replaced.body);
  });

  it('take any JSON value: numbers, booleans, arrays, nested objects', async () => {
    const client = await objects();
    const container = uniqueKey('container');
    for (const [key, value] of [
      ['n', 3.5],
      ['b', false],
      ['a', [1, 'two', { three: 3 }]],
      ['o', { deep: { deeper: { list: [true] } } }],
    ] as const) {
      const { body } = await client.post({ body: { container, key, value } }).execute();
      expect(body.value).toEqual(value);
    }
  });

  it('refuse a version that does not match with 409 ConcurrentModification and write nothing', async () => {
    const client = await objects();
    const container = uniqueKey('container');
    const first = await client.post({ body: { container, key: 'k', value: 1 } }).execute();
    const stale = await api.post('custom-objects', { container, key: 'k', value: 2, version: 7 });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 1 });
    const matching = await client
      .post({ body: { container, key: 'k', value: 3, version: first.body.version } })
      .execute();
    expect(matching.body).toMatchObject({ version: 2, value: 3 });
  });

  it('of two concurrent replacements at one version, exactly one wins', async () => {
    const container = uniqueKey('container');
    await api.create('custom-objects', { container, key: 'race', value: 0 });
    const answers = await Promise.all(
      [1, 2, 3, 4].map((value) => api.post('custom-objects', { container, key: 'race', value, version: 1 })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(3);
  });

  it('are queried per container and in the whole project, with where, sort and paging', async () => {
    const client = await objects();
    const container = uniqueKey('container');
    const other = uniqueKey('container');
    for (const key of ['c', 'a', 'b']) {
      await client.post({ body: { container, key, value: { rank: key.charCodeAt(0) } } }).execute();
    }
    await client.post({ body: { container: other, key: 'a', value: { rank: 1 } } }).execute();

    const page = await client
      .withContainer({ container })
      .get({ queryArgs: { sort: 'key asc', limit: 2 } })
      .execute();
    expect(page.body.results.map((object) => object.key)).toEqual(['a', 'b']);
    expect(page.body.total).toBe(3);

    const filtered = await client
      .withContainer({ container })
      .get({ queryArgs: { where: 'value(rank > 97)', sort: 'key desc' } })
      .execute();
    expect(filtered.body.results.map((object) => object.key)).toEqual(['c', 'b']);

    const everywhere = await client
      .get({ queryArgs: { where: `key = "a" and container in ("${container}", "${other}")` } })
      .execute();
    expect(everywhere.body.results.map((object) => object.container).sort()).toEqual(
      [container, other].sort(),
    );
    await expect(
      client.head({ queryArgs: { where: `container = "${other}"` } }).execute(),
    ).resolves.toMatchObject({
      statusCode: 200,
    });
    const none = await api.head(`custom-objects?where=${encodeURIComponent('container = "nothing-here"')}`);
    expect(none.status).toBe(404);
  });

  it('keep a key unique within its container only', async () => {
    const client = await objects();
    const [one, two] = [uniqueKey('container'), uniqueKey('container')];
    const a = await client.post({ body: { container: one, key: 'same', value: 1 } }).execute();
    const b = await client.post({ body: { container: two, key: 'same', value: 2 } }).execute();
    expect(b.statusCode).toBe(201);
    expect(b.body.id).not.toBe(a.body.id);
  });

  it('refuse containers and keys outside the live pattern, and a missing value', async () => {
    for (const body of [
      { container: 'with space', key: 'k', value: 1 },
      { container: 'c', key: 'slash/key', value: 1 },
      { container: 'c', key: '', value: 1 },
      { container: 'c', key: 'k'.repeat(257), value: 1 },
      { container: 'c', key: 'k' },
      { container: 'c', key: 'k', value: null },
      { container: 'c', key: 'k', value: 1, version: -1 },
    ]) {
      const refused = await api.post('custom-objects', body);
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].code).toBe('InvalidJsonInput');
    }
  });

  it('are deleted by container and key, with or without a version; a wrong version is 409', async () => {
    const client = await objects();
    const container = uniqueKey('container');
    const first = await client.post({ body: { container, key: 'v', value: 1 } }).execute();
    const wrong = await api.delete(`custom-objects/${container}/v?version=5`);
    expect(wrong.status).toBe(409);
    expect(wrong.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 1 });
    const deleted = await client
      .withContainerAndKey({ container, key: 'v' })
      .delete({ queryArgs: { version: first.body.version, dataErasure: true } })
      .execute();
    expect(deleted.body).toMatchObject({ id: first.body.id, value: 1 });
    const gone = await api.get(`custom-objects/${container}/v`);
    expect(gone.status).toBe(404);
    expect(gone.body.errors[0].code).toBe('ResourceNotFound');

    await client.post({ body: { container, key: 'w', value: 2 } }).execute();
    const unversioned = await client.withContainerAndKey({ container, key: 'w' }).delete().execute();
    expect(unversioned.body.key).toBe('w');
    expect((await api.delete(`custom-objects/${container}/w`)).status).toBe(404);
    expect((await api.delete(`custom-objects/${container}/x?dataErasure=maybe`)).status).toBe(400);
  });

  it('are the key-value-document of a Reference custom field, expandable', async () => {
    const client = await sdk();
    const container = uniqueKey('container');
    const object = (
      await client
        .customObjects()
        .post({ body: { container, key: 'doc', value: { hello: 'world' } } })
        .execute()
    ).body;
    const type = await api.create(
      'types',
      typeDraft(['category'], {
        fieldDefinitions: [
          {
            name: 'doc',
            label: { en: 'Document' },
            required: false,
            type: { name: 'Reference', referenceTypeId: 'key-value-document' },
          },
        ],
      }),
    );
    const category = await api.create<Category>(
      'categories',
      categoryDraft({
        custom: {
          type: { typeId: 'type', id: type.id },
          fields: { doc: { typeId: 'key-value-document', id: object.id } },
        },
      }),
    );
    const expanded = await client
      .categories()
      .withId({ ID: category.id })
      .get({ queryArgs: { expand: ['custom.fields.doc'] } })
      .execute();
    expect(expanded.body.custom?.fields.doc).toMatchObject({
      typeId: 'key-value-document',
      id: object.id,
      obj: { container, key: 'doc', value: { hello: 'world' } },
    });

    // A reference kept in a value expands too (its integrity is not guaranteed: the SDK's doc).
    await client
      .customObjects()
      .post({
        body: { container, key: 'pointer', value: { category: { typeId: 'category', id: category.id } } },
      })
      .execute();
    const pointer = await client
      .customObjects()
      .withContainerAndKey({ container, key: 'pointer' })
      .get({ queryArgs: { expand: ['value.category'] } })
      .execute();
    expect(pointer.body.value.category.obj).toMatchObject({ id: category.id, key: category.key });
  });

  it('are read with view_key_value_documents (or the product, order or customer view scopes) and written with the manage ones', async () => {
    const { projectKey } = await platform();
    const container = uniqueKey('container');
    await api.create('custom-objects', { container, key: 'k', value: 1 });
    const reader = (await sdk([`view_key_value_documents:${projectKey}`])).customObjects();
    const read = await reader.withContainerAndKey({ container, key: 'k' }).get().execute();
    expect(read.body.value).toBe(1);
    await expect(reader.post({ body: { container, key: 'k', value: 2 } }).execute()).rejects.toMatchObject({
      statusCode: 403,
    });
    const writer = (await sdk([`manage_key_value_documents:${projectKey}`])).customObjects();
    const written = await writer.post({ body: { container, key: 'k', value: 2 } }).execute();
    expect(written.body.version).toBe(2);
    for (const scope of ['view_products', 'view_orders', 'view_customers']) {
      const other = (await sdk([`${scope}:${projectKey}`])).customObjects();
      const page = await other.withContainer({ container }).get().execute();
      expect(page.body.results.map((object) => object.key)).toEqual(['k']);
    }
    const orders = (await sdk([`manage_orders:${projectKey}`])).customObjects();
    expect((await orders.post({ body: { container, key: 'k', value: 3 } }).execute()).body.version).toBe(3);
    const stores = (await sdk([`view_stores:${projectKey}`])).customObjects();
    await expect(stores.withContainer({ container }).get().execute()).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it('are read, created, replaced and deleted through GraphQL', async () => {
    const client = await sdk();
    const container = uniqueKey('container');
    const fields = 'id version container key value';
    const created = await data(
      client,
      `mutation($draft: CustomObjectDraft!) { createOrUpdateCustomObject(draft: $draft) { ${fields} } }`,
      { draft: { container, key: 'g', value: { a: [1, 2] } } },
    );
    expect(created.createOrUpdateCustomObject).toMatchObject({
      container,
      key: 'g',
      version: 1,
      value: { a: [1, 2] },
    });
    const { id } = created.createOrUpdateCustomObject;
    const replaced = await data(
      client,
      `mutation($draft: CustomObjectDraft!) { createOrUpdateCustomObject(draft: $draft) { ${fields} } }`,
      { draft: { container, key: 'g', value: 'b', version: 1 } },
    );
    expect(replaced.createOrUpdateCustomObject).toMatchObject({ id, version: 2, value: 'b' });
    const stale = await graphql(
      client,
      `
        mutation ($draft: CustomObjectDraft!) {
          createOrUpdateCustomObject(draft: $draft) {
            id
          }
        }
      `,
      { draft: { container, key: 'g', value: 'c', version: 1 } },
    );
    expect(stale.errors?.[0].extensions.code).toBe('ConcurrentModification');

    const read = await data(
      client,
      `query($id: String, $container: String!) {
        byId: customObject(id: $id) { key value }
        byKey: customObject(container: $container, key: "g") { id }
        missing: customObject(container: $container, key: "nope") { id }
        customObjects(container: $container, where: "key = \\"g\\"") { total results { id } }
      }`,
      { id, container },
    );
    expect(read).toEqual({
      byId: { key: 'g', value: 'b' },
      byKey: { id },
      missing: null,
      customObjects: { total: 1, results: [{ id }] },
    });
    const deleted = await data(
      client,
      `mutation($container: String) { deleteCustomObject(container: $container, key: "g", version: 2) { id } }`,
      { container },
    );
    expect(deleted.deleteCustomObject).toEqual({ id });
    expect((await api.get(`custom-objects/${container}/g`)).status).toBe(404);
  });
});
