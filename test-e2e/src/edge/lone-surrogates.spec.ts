import { api } from '../support/api.js';
import {
  categoryDraft,
  channelDraft,
  productSelectionDraft,
  stateDraft,
  storeDraft,
  typeDraft,
  uniqueKey,
} from '../support/factories.js';

/**
 * A lone UTF-16 surrogate (`"\ud800"` as a JSON escape) makes a JavaScript string that is no Unicode text;
 * PostgreSQL's jsonb refuses it (22P02), which the testers saw as 500s. The gateway's JSON parser refuses it
 * in any body (InvalidJsonInput) and the where decoder in any literal (InvalidInput), before anything is
 * written. `JSON.stringify` writes a lone surrogate as its `\u` escape, so these bodies carry it on the wire.
 */
const LONE = '\ud800';

const expectRefused = (
  response: { status: number; body: { errors: Array<{ code: string }> } },
  code: string,
) => {
  expect(response.status).toBe(400);
  expect(response.body.errors[0]).toMatchObject({ code });
};

describe('a lone UTF-16 surrogate in input', () => {
  const drafts: Array<[string, Record<string, unknown>]> = [
    ['stores', storeDraft({ name: { en: `a${LONE}b` } })],
    [
      'customers',
      { key: uniqueKey('c'), email: `${uniqueKey('s')}@example.com`, password: 'secret-1', firstName: LONE },
    ],
    ['categories', categoryDraft({ name: { en: LONE }, slug: { en: uniqueKey('slug') } })],
    ['channels', channelDraft(['ProductDistribution'], { name: { en: LONE } })],
    ['types', typeDraft(['category'], { name: { en: LONE } })],
    ['states', stateDraft({ name: { en: LONE } })],
    ['product-selections', productSelectionDraft({ name: { en: LONE } })],
  ];

  it.each(drafts)('refuses it in a %s draft with InvalidJsonInput, writing nothing', async (path, draft) => {
    expectRefused(await api.post(path, draft), 'InvalidJsonInput');
    const stored = await api.get(`${path}?where=${encodeURIComponent(`key = "${String(draft.key)}"`)}`);
    expect(stored.body.total ?? stored.body.results.length).toBe(0);
  });

  it('refuses it in a member name and in an update action', async () => {
    expectRefused(await api.post('stores', { ...storeDraft(), [LONE]: 1 }), 'InvalidJsonInput');
    const store = await api.create('stores', storeDraft());
    const update = await api.post(`stores/${store.id}`, {
      version: store.version,
      actions: [{ action: 'setName', name: { en: LONE } }],
    });
    expectRefused(update, 'InvalidJsonInput');
    expect((await api.get(`stores/${store.id}`)).body.version).toBe(store.version);
  });

  it.each([
    'stores',
    'customers',
    'categories',
    'channels',
    'types',
    'states',
    'product-selections',
    'product-projections',
  ])('refuses it as a where literal on %s with InvalidInput', async (path) => {
    const where = encodeURIComponent('key = "\\ud800"');
    expectRefused(await api.get(`${path}?where=${where}`), 'InvalidInput');
    const pair = encodeURIComponent('key = "\\ud83d\\ude00"');
    expect((await api.get(`${path}?where=${pair}`)).status).toBe(200);
  });

  it('refuses it in GraphQL variables, literals and where arguments', async () => {
    const variables = await api.post('graphql', {
      query: 'mutation ($draft: CreateStore!) { createStore(draft: $draft) { key } }',
      variables: { draft: { key: uniqueKey('gql'), name: [{ locale: 'en', value: LONE }] } },
    });
    expectRefused(variables, 'InvalidJsonInput');

    const literal = await api.post('graphql', {
      query: `mutation { createStore(draft: {key: "${uniqueKey('gql')}", name: [{locale: "en", value: "\\ud800"}]}) { key } }`,
    });
    expect(literal.status).toBe(400);
    expect(literal.body.errors[0].message).toContain('Invalid Unicode escape sequence');

    const where = await api.post('graphql', {
      query: '{ stores(where: "key = \\"\\\\ud800\\"") { total } }',
    });
    expect(where.status).toBeLessThan(500);
    expect(where.body.errors[0].extensions.code).toBe('InvalidInput');
  });

  it('refuses it in an Import API body', async () => {
    const container = await api.create('import-containers', { key: uniqueKey('ic') });
    const response = await api.post(`prices/import-containers/${container.key}`, {
      type: 'price',
      resources: [{ key: LONE, value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 1 } }],
    });
    expectRefused(response, 'InvalidJsonInput');
  });

  it('cannot reach the API through a URL: a surrogate encoded as UTF-8 is no UTF-8', async () => {
    // CESU-8 `ED A0 80` is what a lone surrogate would be in UTF-8; decoders refuse or replace it.
    const paths = [
      'stores/key=%ED%A0%80',
      'product-projections/search?text.en=%ED%A0%80',
      `product-projections/search?filter=${encodeURIComponent('variants.attributes.a:"\\ud800"')}`,
    ];
    for (const path of paths) expect((await api.get(path)).status).toBeLessThan(500);
    expect((await api.get(`stores?where=${encodeURIComponent('key = :v')}&var.v=%ED%A0%80`)).status).toBe(
      200,
    );
    expect((await api.get('stores?sort=key%ED%A0%80%20asc&expand=%ED%A0%80')).status).toBe(400);
  });
});
