import { api } from '../support/api.js';
import { customerGroupDraft, storeDraft } from '../support/factories.js';

/**
 * Requests of the security suite's property run (api8-hostile-input.security.ts) kept as regular cases.
 * `customerGroups.create`, seed -917365165: the six requests that seed makes, with the seed draft's key.
 */
const seedRuns = (draft: { key: string; groupName: string }): Array<[string, unknown]> => [
  [
    'sort=%5D%3D&expand=custom.type.%5B*%5D.productSelection.obj.obj.a&limit=1e309&offset=15040&withTotal=false&var.v=%00&version=-2',
    {
      ...draft,
      custom: [
        { 'bp3{V_(Tr': null, Xt4: false, e_Ocjwh: 3.039116880506683e236, HZ9: -3.9566291975012156e-55 },
        -4.9e-9,
      ],
      version: true,
    },
  ],
  [
    'where=%F0%9D%94%98%F0%9D%94%AB%F0%9D%94%A6&sort=x+asc&expand=%2F3brhKS%25%3BQ&limit=595&offset=17307&withTotal=true&var.v=call&version=2&staged=true',
    { version: { Pe: [false, [-1.79e208], false], '}y': {} }, actions: [null, null, false, 4.96e-156] },
  ],
  [
    'where=not&sort=x+&expand=&limit=43&offset=5&withTotal=true&var.v=X%40.%27%23%27&version=2&staged=x',
    { ...draft, custom: [[]] },
  ],
  ['where=G&sort=name.en+asc&limit=3&offset=%2CDR%7DMG&withTotal=maybe&version=3', draft],
  [
    'where=-9e99+%29+%2C&sort=+asc&expand=%22J%5C&limit=521&offset=%60&withTotal=false&version=-2&staged=x',
    {
      version: null,
      actions: [
        { '~WJ\\y4-EA': false, action: '' },
        { action: '\u{F4CA4}\u{C85C4}', value: 1e-104 },
      ],
    },
  ],
  [
    'where=id+is+defined+is&expand=&limit=239&offset=&withTotal=false&var.v=NaN&version=%28N&staged=true',
    { ...draft, version: null },
  ],
];

const isErrorBody = (body: any, status: number) =>
  body?.statusCode === status &&
  typeof body.message === 'string' &&
  body.errors?.length > 0 &&
  body.errors.every(
    (e: { code: unknown; message: unknown }) => typeof e.code === 'string' && typeof e.message === 'string',
  );

describe('hostile requests found by the property run', () => {
  it('customerGroups.create, seed -917365165: each a 4xx with the error body, nothing written', async () => {
    const draft = customerGroupDraft();
    for (const [query, body] of seedRuns(draft)) {
      const response = await api.post(`customer-groups?${query}`, body);
      expect([query, response.status, isErrorBody(response.body, response.status)]).toEqual([
        query,
        400,
        true,
      ]);
    }
    expect((await api.get(`customer-groups/key=${draft.key}`)).status).toBe(404);
  });

  it.each([
    ['customer-groups', customerGroupDraft],
    ['stores', storeDraft],
  ])('refuses a %s create whose expand is no path before writing it', async (path, draftOf) => {
    const draft = draftOf() as { key: string };
    for (const expand of ['%2F3brhKS%25%3BQ', '', 'a..b']) {
      const response = await api.post(`${path}?expand=${expand}`, draft);
      expect([expand, response.status, response.body.errors[0].code]).toEqual([expand, 400, 'InvalidInput']);
    }
    expect((await api.get(`${path}/key=${draft.key}`)).status).toBe(404);
  });

  it('refuses an update or a delete whose expand is no path before making it', async () => {
    const store = await api.create('stores', storeDraft());
    const update = await api.post(`stores/${store.id}?expand=%2Fx`, {
      version: store.version,
      actions: [{ action: 'setName', name: { en: 'changed' } }],
    });
    expect(update.status).toBe(400);
    expect((await api.delete(`stores/${store.id}?version=${store.version}&expand=%2Fx`)).status).toBe(400);
    expect((await api.get(`stores/${store.id}`)).body).toMatchObject({
      version: store.version,
      name: store.name,
    });
  });
});
