import type { AttributeGroup, AttributeGroupUpdateAction } from '@commercetools/platform-sdk';
import { data, graphql } from '../graphql/graphql-helpers.js';
import { uniqueKey } from '../support/factories.js';
import { sdk } from '../support/sdk.js';

type Api = Awaited<ReturnType<typeof sdk>>;

/** Updates through the SDK at the group's version; the answer's body. */
async function update(client: Api, group: AttributeGroup, ...actions: AttributeGroupUpdateAction[]) {
  const { body } = await client
    .attributeGroups()
    .withId({ ID: group.id })
    .post({ body: { version: group.version, actions } })
    .execute();
  return body;
}

/** The error of a request the platform refuses: its status and first error. */
async function refused(request: Promise<unknown>) {
  const error = (await request.then(
    () => {
      throw new Error('the request succeeded');
    },
    (failure: unknown) => failure,
  )) as { statusCode: number; body: { errors: Array<Record<string, unknown>> } };
  return { statusCode: error.statusCode, error: error.body.errors[0] };
}

describe('Attribute Groups (/attribute-groups)', () => {
  it('are created, read by id and key, queried, changed by every update action and deleted through the SDK', async () => {
    const client = await sdk();
    const key = uniqueKey('ag');
    const created = await client
      .attributeGroups()
      .post({
        body: {
          key,
          name: { en: 'SEO attributes' },
          description: { en: 'Only SEO' },
          attributes: [{ key: 'metaTitle' }, { key: 'metaKeywords' }],
        },
      })
      .execute();
    expect(created.statusCode).toBe(201);
    const group = created.body;
    expect(group).toMatchObject({
      id: expect.any(String),
      version: 1,
      key,
      name: { en: 'SEO attributes' },
      description: { en: 'Only SEO' },
      attributes: [{ key: 'metaTitle' }, { key: 'metaKeywords' }],
      createdAt: expect.any(String),
      lastModifiedAt: expect.any(String),
    });
    expect((await client.attributeGroups().withKey({ key }).get().execute()).body.id).toBe(group.id);
    const page = await client
      .attributeGroups()
      .get({ queryArgs: { where: `key = "${key}" and name(en = "SEO attributes")`, withTotal: true } })
      .execute();
    expect(page.body).toMatchObject({ total: 1, results: [{ id: group.id }] });

    const added = await update(client, group, { action: 'addAttribute', attribute: { key: 'slugText' } });
    expect(added.attributes.map((a) => a.key)).toEqual(['metaTitle', 'metaKeywords', 'slugText']);
    const removed = await update(
      client,
      added,
      { action: 'removeAttribute', attribute: { key: 'metaKeywords' } },
      // Removing a name the group does not hold changes nothing.
      { action: 'removeAttribute', attribute: { key: 'neverThere' } },
    );
    expect(removed.attributes.map((a) => a.key)).toEqual(['metaTitle', 'slugText']);
    const renamed = await update(
      client,
      removed,
      { action: 'changeName', name: { en: 'Search', de: 'Suche' } },
      { action: 'setDescription' },
      { action: 'setAttributes', attributes: [{ key: 'b' }, { key: 'a' }] },
    );
    expect(renamed).toMatchObject({
      version: 4,
      name: { en: 'Search', de: 'Suche' },
      attributes: [{ key: 'b' }, { key: 'a' }],
    });
    expect(renamed).not.toHaveProperty('description');
    const newKey = uniqueKey('ag');
    const rekeyed = await update(client, renamed, { action: 'setKey', key: newKey });
    expect(rekeyed.key).toBe(newKey);
    const keyless = await update(client, rekeyed, { action: 'setKey' }, { action: 'setAttributes', attributes: [] });
    expect(keyless).not.toHaveProperty('key');
    expect(keyless.attributes).toEqual([]);

    const deleted = await client
      .attributeGroups()
      .withId({ ID: group.id })
      .delete({ queryArgs: { version: keyless.version } })
      .execute();
    expect(deleted.body.id).toBe(group.id);
    expect(await refused(client.attributeGroups().withId({ ID: group.id }).get().execute())).toMatchObject({
      statusCode: 404,
      error: { code: 'ResourceNotFound' },
    });
  });

  it('refuses a repeated Attribute, a duplicate key, a missing name and a stale version, writing nothing', async () => {
    const client = await sdk();
    const key = uniqueKey('ag');
    expect(
      await refused(
        client
          .attributeGroups()
          .post({ body: { key, name: { en: 'x' }, attributes: [{ key: 'a' }, { key: 'a' }] } })
          .execute(),
      ),
    ).toMatchObject({ statusCode: 400, error: { code: 'DuplicateField', field: 'attributes' } });
    expect(await refused(client.attributeGroups().withKey({ key }).get().execute())).toMatchObject({
      statusCode: 404,
    });
    expect(
      await refused(
        client
          .attributeGroups()
          .post({ body: { key, attributes: [] } as never })
          .execute(),
      ),
    ).toMatchObject({ statusCode: 400, error: { code: 'InvalidJsonInput' } });

    const group = (
      await client
        .attributeGroups()
        .post({ body: { key, name: { en: 'x' }, attributes: [{ key: 'a' }] } })
        .execute()
    ).body;
    expect(
      await refused(
        client
          .attributeGroups()
          .post({ body: { key, name: { en: 'y' }, attributes: [] } })
          .execute(),
      ),
    ).toMatchObject({ statusCode: 400, error: { code: 'DuplicateField', field: 'key' } });
    expect(
      await refused(
        client
          .attributeGroups()
          .withId({ ID: group.id })
          .post({
            body: { version: group.version, actions: [{ action: 'addAttribute', attribute: { key: 'a' } }] },
          })
          .execute(),
      ),
    ).toMatchObject({ statusCode: 400, error: { code: 'DuplicateField', field: 'attributes' } });
    expect(
      await refused(
        client
          .attributeGroups()
          .withId({ ID: group.id })
          .post({
            body: { version: group.version + 1, actions: [{ action: 'changeName', name: { en: 'z' } }] },
          })
          .execute(),
      ),
    ).toMatchObject({
      statusCode: 409,
      error: { code: 'ConcurrentModification', currentVersion: group.version },
    });
    expect((await client.attributeGroups().withId({ ID: group.id }).get().execute()).body).toMatchObject({
      version: 1,
      name: { en: 'x' },
      attributes: [{ key: 'a' }],
    });
  });

  it('are read and written through GraphQL', async () => {
    const client = await sdk();
    const key = uniqueKey('ag');
    const created = await data(
      client,
      `mutation ($draft: AttributeGroupDraft!) { createAttributeGroup(draft: $draft) { id version key attributes { key } } }`,
      { draft: { key, name: [{ locale: 'en', value: 'GraphQL' }], attributes: [{ key: 'color' }] } },
    );
    expect(created.createAttributeGroup).toMatchObject({ key, version: 1, attributes: [{ key: 'color' }] });
    const read = await data(
      client,
      `query ($key: String!) { attributeGroup(key: $key) { id name(locale: "en") } }`,
      {
        key,
      },
    );
    expect(read.attributeGroup).toEqual({ id: created.createAttributeGroup.id, name: 'GraphQL' });
    const response = await graphql(
      client,
      `
        mutation ($key: String!) {
          updateAttributeGroup(
            key: $key
            version: 1
            actions: [{ addAttribute: { attribute: { key: "size" } } }]
          ) {
            version
            attributes {
              key
            }
          }
        }
      `,
      { key },
    );
    expect(response.data?.updateAttributeGroup).toEqual({
      version: 2,
      attributes: [{ key: 'color' }, { key: 'size' }],
    });
  });
});
