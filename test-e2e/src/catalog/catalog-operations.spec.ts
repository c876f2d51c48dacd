import { api } from '../support/api.js';
import {
  categoryDraft,
  channelDraft,
  customerGroupDraft,
  productDraft,
  productSelectionDraft,
  productTypeDraft,
  stateDraft,
  taxCategoryDraft,
  typeDraft,
  uniqueKey,
} from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { newProductType } from './catalog-helpers.js';

type Client = Awaited<ReturnType<typeof sdk>>;

/** What every resource answers, as far as these tests look. */
interface Doc {
  id: string;
  key?: string;
  version: number;
}
interface Page {
  limit: number;
  offset: number;
  count: number;
  total?: number;
  results: Doc[];
}
interface Exec<T> {
  execute(): Promise<{ statusCode?: number; body: T }>;
}
interface ItemBuilder {
  get(): Exec<Doc>;
  head(): Exec<unknown>;
  post(args: { body: { version: number; actions: object[] } }): Exec<Doc>;
  delete(args: { queryArgs: { version: number } }): Exec<Doc>;
}
/** The SDK's request builder of one resource type (`client.channels()` and so on). */
interface Builder {
  post(args: { body: object }): Exec<Doc>;
  get(args?: { queryArgs?: Record<string, unknown> }): Exec<Page>;
  head(args?: { queryArgs?: Record<string, unknown> }): Exec<unknown>;
  withId(args: { ID: string }): ItemBuilder;
  withKey(args: { key: string }): ItemBuilder;
}

interface Resource {
  path: string;
  builder: (client: Client) => Builder;
  /** A valid draft with a unique key, and a `where` on another field that matches only it. */
  draft: () => Promise<{ body: { key: string }; where: string }>;
  /** An action that changes something, the field it changes and the new value. */
  change: () => [object, string, unknown];
  /** A draft field whose wrong type makes the draft InvalidJsonInput. */
  invalid: Record<string, unknown>;
}

const named = (body: { key: string }, where: string) => ({ body, where });

const resources: Resource[] = [
  {
    path: 'channels',
    builder: (c) => c.channels(),
    draft: async () => {
      const name = uniqueKey('Channel');
      return named(channelDraft(['InventorySupply'], { name: { en: name } }), `name(en = "${name}")`);
    },
    change: () => [{ action: 'changeName', name: { en: 'Renamed' } }, 'name', { en: 'Renamed' }],
    invalid: { roles: 'InventorySupply' },
  },
  {
    path: 'customer-groups',
    builder: (c) => c.customerGroups(),
    draft: async () => {
      const draft = customerGroupDraft();
      return named(draft, `name = "${draft.groupName}"`);
    },
    change: () => {
      const name = uniqueKey('Renamed');
      return [{ action: 'changeName', name }, 'name', name];
    },
    invalid: { groupName: 7 },
  },
  {
    path: 'types',
    builder: (c) => c.types(),
    draft: async () => {
      const name = uniqueKey('Type');
      return named(typeDraft(['channel'], { name: { en: name } }), `name(en = "${name}")`);
    },
    change: () => [{ action: 'changeName', name: { en: 'Renamed' } }, 'name', { en: 'Renamed' }],
    invalid: { resourceTypeIds: 'channel' },
  },
  {
    path: 'product-types',
    builder: (c) => c.productTypes(),
    draft: async () => {
      const name = uniqueKey('Shirt');
      return named(productTypeDraft({ name }), `name = "${name}"`);
    },
    change: () => [{ action: 'changeDescription', description: 'Changed' }, 'description', 'Changed'],
    invalid: { name: { en: 'not a string' } },
  },
  {
    path: 'products',
    builder: (c) => c.products(),
    draft: async () => {
      const slug = uniqueKey('slug');
      const draft = productDraft((await newProductType()).id, [uniqueKey('sku')], { slug: { en: slug } });
      return named(draft, `masterData(staged(slug(en = "${slug}")))`);
    },
    change: () => {
      const key = uniqueKey('renamed');
      return [{ action: 'setKey', key }, 'key', key];
    },
    invalid: { slug: { en: 'not a slug!' } },
  },
  {
    path: 'product-selections',
    builder: (c) => c.productSelections(),
    draft: async () => {
      const name = uniqueKey('Selection');
      return named(productSelectionDraft({ name: { en: name } }), `name(en = "${name}")`);
    },
    change: () => [{ action: 'changeName', name: { en: 'Renamed' } }, 'name', { en: 'Renamed' }],
    invalid: { mode: 'Everything' },
  },
  {
    path: 'categories',
    builder: (c) => c.categories(),
    draft: async () => {
      const slug = uniqueKey('slug');
      return named(categoryDraft({ slug: { en: slug } }), `slug(en = "${slug}")`);
    },
    change: () => [{ action: 'changeName', name: { en: 'Renamed' } }, 'name', { en: 'Renamed' }],
    invalid: { slug: { en: 'not a slug!' } },
  },
  {
    path: 'tax-categories',
    builder: (c) => c.taxCategories(),
    draft: async () => {
      const name = uniqueKey('Tax');
      return named(taxCategoryDraft({ name }), `name = "${name}"`);
    },
    change: () => [{ action: 'setDescription', description: 'Changed' }, 'description', 'Changed'],
    invalid: { rates: [{ name: 'x', amount: 1.5, includedInPrice: true, country: 'DE' }] },
  },
  {
    path: 'states',
    builder: (c) => c.states(),
    draft: async () => {
      const name = uniqueKey('State');
      return named(stateDraft({ name: { en: name } }), `name(en = "${name}")`);
    },
    change: () => [{ action: 'setName', name: { en: 'Renamed' } }, 'name', { en: 'Renamed' }],
    invalid: { type: 'CartState' },
  },
];

describe.each(resources)('$path: every operation through the official SDK', (resource) => {
  let client: Client;
  beforeAll(async () => {
    client = await sdk();
  });
  const builder = () => resource.builder(client);
  const create = async () =>
    (
      await builder()
        .post({ body: (await resource.draft()).body })
        .execute()
    ).body;

  it('creates (201), gets by id and by key, and checks existence with HEAD', async () => {
    const { body: draft, where } = await resource.draft();
    const created = await builder().post({ body: draft }).execute();
    expect(created.statusCode).toBe(201);
    const { id } = created.body;
    expect(created.body).toMatchObject({
      version: 1,
      key: draft.key,
      createdBy: { clientId: expect.any(String) },
    });
    expect((await builder().withId({ ID: id }).get().execute()).body).toEqual(created.body);
    expect((await builder().withKey({ key: draft.key }).get().execute()).body).toEqual(created.body);
    expect((await builder().withId({ ID: id }).head().execute()).statusCode).toBe(200);
    expect((await builder().withKey({ key: draft.key }).head().execute()).statusCode).toBe(200);
    expect((await builder().head({ queryArgs: { where } }).execute()).statusCode).toBe(200);
    const absent = `key = "${uniqueKey('absent')}"`;
    await expect(
      builder()
        .withKey({ key: uniqueKey('absent') })
        .head()
        .execute(),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      builder()
        .head({ queryArgs: { where: absent } })
        .execute(),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it('queries with where, sort, paging and withTotal', async () => {
    const drafts = [await resource.draft(), await resource.draft(), await resource.draft()];
    const created: Doc[] = [];
    for (const { body } of drafts) created.push((await builder().post({ body }).execute()).body);
    const keys = drafts.map((d) => d.body.key);
    const where = `key in (${keys.map((k) => `"${k}"`).join(', ')})`;
    const page = await builder()
      .get({ queryArgs: { where, sort: 'key desc', limit: 2, offset: 1 } })
      .execute();
    expect(page.body).toMatchObject({ limit: 2, offset: 1, count: 2, total: 3 });
    expect(page.body.results.map((r) => r.key)).toEqual([...keys].sort().reverse().slice(1));
    const byField = await builder()
      .get({ queryArgs: { where: drafts[0].where, withTotal: false } })
      .execute();
    expect(byField.body.results.map((r) => r.id)).toEqual([created[0].id]);
    expect(byField.body.total).toBeUndefined();
    const malformed = await api.get(`${resource.path}?where=${encodeURIComponent('key = ')}`);
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].code).toBe('InvalidInput');
  });

  it('updates by id and by key; the version rises only on a change; a stale version is 409', async () => {
    const created = await create();
    const [action, field, value] = resource.change();
    const updated = await builder()
      .withId({ ID: created.id })
      .post({ body: { version: 1, actions: [action] } })
      .execute();
    expect(updated.statusCode).toBe(200);
    expect(updated.body).toMatchObject({ version: 2, [field]: value });
    const byKey = builder().withKey({ key: updated.body.key! });
    const same = await byKey.post({ body: { version: 2, actions: [action] } }).execute();
    expect(same.statusCode).toBe(200);
    expect(same.body.version).toBe(2);
    const stale = await api.post(`${resource.path}/${created.id}`, { version: 1, actions: [action] });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
  });

  it('deletes by id and by key with the current version; a wrong or missing version is refused', async () => {
    const [first, second] = [await create(), await create()];
    const stale = await api.delete(`${resource.path}/${first.id}?version=7`);
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 1 });
    expect((await api.delete(`${resource.path}/${first.id}`)).status).toBe(400);
    const deleted = await builder()
      .withId({ ID: first.id })
      .delete({ queryArgs: { version: 1 } })
      .execute();
    expect(deleted.statusCode).toBe(200);
    expect(deleted.body.id).toBe(first.id);
    const byKey = await builder()
      .withKey({ key: second.key! })
      .delete({ queryArgs: { version: 1 } })
      .execute();
    expect(byKey.body.id).toBe(second.id);
    await expect(builder().withId({ ID: first.id }).get().execute()).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('answers 404 ResourceNotFound, 400 InvalidJsonInput and 400 DuplicateField', async () => {
    const missing = await api.get(`${resource.path}/key=${uniqueKey('absent')}`);
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].code).toBe('ResourceNotFound');
    const invalid = await api.post(resource.path, { ...(await resource.draft()).body, ...resource.invalid });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors[0]).toMatchObject({
      code: 'InvalidJsonInput',
      detailedErrorMessage: expect.any(String),
    });
    const malformedJson = await api.request('POST', resource.path, { rawBody: '{"key": ' });
    expect(malformedJson.status).toBe(400);
    expect(malformedJson.body.errors[0].code).toBe('InvalidJsonInput');
    const { body: draft } = await resource.draft();
    await api.create(resource.path, draft);
    const duplicate = await api.post(resource.path, { ...(await resource.draft()).body, key: draft.key });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.errors[0]).toMatchObject({
      code: 'DuplicateField',
      field: 'key',
      duplicateValue: draft.key,
    });
  });
});
