import { OPERATION_SCOPES } from '@commerce/auth';
import { api } from '../support/api.js';
import {
  categoryDraft,
  channelDraft,
  customerGroupDraft,
  productSelectionDraft,
  productTypeDraft,
  stateDraft,
  storeDraft,
  taxCategoryDraft,
  typeDraft,
  uniqueKey,
} from '../support/factories.js';

/**
 * Every query route of the operation table, as a path under the project (in-store ones in `storeKey`); the
 * `/me` routes of a customer's or anonymous session's own resources count with their own tokens (checkout e2e).
 */
const queryPaths = (storeKey: string) =>
  Object.entries(OPERATION_SCOPES)
    .filter(([id, operation]) => id.endsWith('.query') && operation.method === 'GET')
    .filter(([, operation]) => !('session' in operation))
    .map(([, operation]) =>
      operation.path.replace('/:projectKey/', '').replace(':storeKey', encodeURIComponent(storeKey)),
    );

/**
 * `limit=0` is how clients count: the page holds nothing by request, and `total` still says how many match
 * (a tester saw `total: 0` with 219 Stores in the project, and the right total once `offset=1` was added).
 */
describe('limit=0 answers the total', () => {
  let storeKey: string;
  beforeAll(async () => {
    const drafts: Array<[string, object]> = [
      ['stores', storeDraft()],
      ['channels', channelDraft()],
      ['customer-groups', customerGroupDraft()],
      ['types', typeDraft(['category'])],
      ['product-types', productTypeDraft()],
      ['product-selections', productSelectionDraft()],
      ['categories', categoryDraft()],
      ['tax-categories', taxCategoryDraft()],
      ['states', stateDraft()],
      ['customers', { email: `${uniqueKey('count')}@example.com`, password: 'count-password-1' }],
      ['import-containers', { key: uniqueKey('ic') }],
    ];
    for (const [path, draft] of drafts) await api.create(path, draft);
    storeKey = (drafts[0][1] as { key: string }).key;
  });

  it('on every query route, at offset 0 and beyond, as the full page counts', async () => {
    for (const path of queryPaths(storeKey)) {
      const all = await api.get(`${path}?limit=500`);
      expect([path, all.status]).toEqual([path, 200]);
      const expected = all.body.total as number;
      for (const offset of [0, 1, expected + 3]) {
        const counted = await api.get(`${path}?limit=0&offset=${offset}`);
        expect([path, offset, counted.body]).toEqual([
          path,
          offset,
          { limit: 0, offset, count: 0, total: expected, results: [] },
        ]);
      }
    }
  });

  it('with a predicate, and keeps the total of a partial page', async () => {
    const tag = uniqueKey('counted');
    for (let i = 0; i < 5; i++) await api.create('stores', storeDraft({ key: `${tag}-${i}` }));
    const where = `where=${encodeURIComponent(`key in (${[0, 1, 2, 3, 4, 9].map((i) => `"${tag}-${i}"`).join(', ')})`)}`;
    for (const offset of [0, 1, 4, 5, 7]) {
      expect((await api.get(`stores?${where}&limit=0&offset=${offset}`)).body).toMatchObject({
        count: 0,
        total: 5,
      });
    }
    expect((await api.get(`stores?${where}&limit=3&offset=4`)).body).toMatchObject({ count: 1, total: 5 });
    expect((await api.get(`stores?${where}&limit=3`)).body).toMatchObject({ count: 3, total: 5 });
    const none = `where=${encodeURIComponent(`key = "${tag}-none"`)}`;
    expect((await api.get(`stores?${none}&limit=0`)).body).toMatchObject({ count: 0, total: 0 });
  });

  it('counts Messages too (they are merged from every service)', async () => {
    const store = await api.create('stores', storeDraft());
    const where = `where=${encodeURIComponent(`resource(id = "${store.id}")`)}`;
    expect((await api.get(`messages?${where}&limit=0`)).body).toMatchObject({ count: 0, total: 1 });
  });
});
