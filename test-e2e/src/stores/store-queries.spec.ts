import { api } from '../support/api.js';
import { uniqueKey } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { newChannel, newStore } from './store-helpers.js';

describe('Store queries: where, variables, sort, paging, withTotal, expand', () => {
  const tag = uniqueKey('q').replace('-', '');
  let stores: any[] = [];

  beforeAll(async () => {
    stores = [];
    for (const [i, name, countries, languages] of [
      [1, 'Alpha', ['DE'], ['en']],
      [2, 'beta', ['US'], ['de']],
      [3, 'Gamma', ['DE', 'US'], ['en', 'de']],
      [4, 'delta', [], []],
    ] as const) {
      stores.push(
        await newStore({
          key: `${tag}-${i}`,
          name: { en: `${name}` },
          countries: countries.map((code) => ({ code })),
          languages: [...languages],
        }),
      );
    }
  });

  const keysOf = (body: { results: Array<{ key: string }> }) => body.results.map((s) => s.key);
  const ours = `key in ("${tag}-1", "${tag}-2", "${tag}-3", "${tag}-4")`;

  it.each([
    [`countries(code = "DE")`, [1, 3]],
    [`countries(code = "DE") and countries(code = "US")`, [3]],
    [`languages contains any ("de")`, [2, 3]],
    [`languages contains all ("en", "de")`, [3]],
    [`languages is empty`, [4]],
    [`name(en = "Alpha") or name(en = "delta")`, [1, 4]],
    [`not (countries(code = "DE"))`, [2, 4]],
    [`key <> "${tag}-1"`, [2, 3, 4]],
    [`key not in ("${tag}-1", "${tag}-2")`, [3, 4]],
    [`custom is not defined`, [1, 2, 3, 4]],
    [`version >= 1 and createdAt > "2020-01-01T00:00:00.000Z"`, [1, 2, 3, 4]],
  ])('where %s', async (predicate, expected) => {
    const response = await api.get(
      `stores?where=${encodeURIComponent(ours)}&where=${encodeURIComponent(predicate)}&sort=key+asc`,
    );
    expect(response.status).toBe(200);
    expect(keysOf(response.body)).toEqual(expected.map((i) => `${tag}-${i}`));
  });

  it('reads input variables, repeated for in-lists, as the SDK sends them', async () => {
    const client = await sdk();
    const page = await client
      .stores()
      .get({
        queryArgs: { where: ['key in :keys'], 'var.keys': [`${tag}-2`, `${tag}-4`], sort: ['key desc'] },
      })
      .execute();
    expect(keysOf(page.body)).toEqual([`${tag}-4`, `${tag}-2`]);
  });

  it('sorts case-sensitively on localized names, in both directions, and with several expressions', async () => {
    const asc = await api.get(`stores?where=${encodeURIComponent(ours)}&sort=name.en+asc`);
    expect(keysOf(asc.body)).toEqual([1, 3, 2, 4].map((i) => `${tag}-${i}`));
    const desc = await api.get(`stores?where=${encodeURIComponent(ours)}&sort=name.en+desc`);
    expect(keysOf(desc.body)).toEqual([4, 2, 3, 1].map((i) => `${tag}-${i}`));
    const multi = await api.get(`stores?where=${encodeURIComponent(ours)}&sort=version+asc&sort=key+desc`);
    expect(keysOf(multi.body)).toEqual([4, 3, 2, 1].map((i) => `${tag}-${i}`));
  });

  it('pages with limit and offset, reports total unless withTotal=false', async () => {
    const page = await api.get(`stores?where=${encodeURIComponent(ours)}&sort=key+asc&limit=2&offset=1`);
    expect(page.body).toMatchObject({ limit: 2, offset: 1, count: 2, total: 4 });
    expect(keysOf(page.body)).toEqual([`${tag}-2`, `${tag}-3`]);
    const noTotal = await api.get(`stores?where=${encodeURIComponent(ours)}&withTotal=false&limit=0`);
    expect(noTotal.body).toEqual({ limit: 0, offset: 0, count: 0, results: [] });
  });

  it('iterates deeply with sort=id asc and id > last id', async () => {
    const seen: string[] = [];
    let last = '';
    for (;;) {
      const where = last ? `&where=${encodeURIComponent(`id > "${last}"`)}` : '';
      const page = await api.get(
        `stores?where=${encodeURIComponent(ours)}${where}&sort=id+asc&limit=3&withTotal=false`,
      );
      seen.push(...page.body.results.map((s: { id: string }) => s.id));
      if (page.body.count < 3) break;
      last = page.body.results[page.body.count - 1].id;
    }
    expect(seen).toEqual(stores.map((s) => s.id).sort());
  });

  it.each([
    ['limit=501', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=abc', 'limit'],
    ['offset=10001', 'offset'],
    ['withTotal=maybe', 'withTotal'],
    ['sort=key+sideways', 'sort'],
    ['sort=nosuchfield+asc', 'sort'],
    [`where=${encodeURIComponent('key = ')}`, 'where'],
    [`where=${encodeURIComponent('nosuchfield = "x"')}`, 'where'],
    [`where=${encodeURIComponent('key = :missing')}`, 'where'],
    [`where=${encodeURIComponent('version = "one"')}`, 'where'],
  ])('refuses %s with 400 InvalidInput naming %s', async (query, parameter) => {
    const response = await api.get(`stores?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.errors[0].code).toBe('InvalidInput');
    expect(response.body.message).toContain(parameter);
  });

  it('expands channel references on get, query, create and update; unexpandable ones stay references', async () => {
    const channel = await newChannel(['ProductDistribution']);
    const store = await newStore({ distributionChannels: [{ key: channel.key }] });
    const got = await api.get(`stores/${store.id}?expand=distributionChannels[*]`);
    expect(got.body.distributionChannels[0].obj).toMatchObject({ id: channel.id, key: channel.key });
    const queried = await api.get(
      `stores?where=${encodeURIComponent(`id = "${store.id}"`)}&expand=distributionChannels[0]`,
    );
    expect(queried.body.results[0].distributionChannels[0].obj.key).toBe(channel.key);
    const updated = await api.post(`stores/${store.id}?expand=distributionChannels[*]`, {
      version: store.version,
      actions: [{ action: 'setName', name: { en: 'expanded' } }],
    });
    expect(updated.body.distributionChannels[0].obj.id).toBe(channel.id);
    const nothing = await api.get(`stores/${store.id}?expand=supplyChannels[*]&expand=custom.type`);
    expect(nothing.status).toBe(200);
    expect(nothing.body.supplyChannels).toEqual([]);
  });
});
