import type {
  CustomerPagedSearchResponse,
  CustomerSearchRequest,
  ProjectUpdateAction,
  _SearchQuery,
} from '@commercetools/platform-sdk';
import { api, eventually } from '../support/api.js';
import { uniqueKey } from '../support/factories.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { newCustomerGroup, newStore } from '../catalog/catalog-helpers.js';
import { adminToken } from '../support/tokens.js';
import { failure, newCustomer, updateCustomer, type Api } from './customer-helpers.js';

async function changeProject(...actions: ProjectUpdateAction[]) {
  const client = await sdk();
  const { body: project } = await client.get().execute();
  await client.post({ body: { version: project.version, actions } }).execute();
}

const activate = (on: boolean) =>
  changeProject({ action: 'changeCustomerSearchStatus', status: on ? 'Activated' : 'Deactivated' });

describe('Customer Search (POST /customers/search)', () => {
  let client: Api;
  const company = uniqueKey('company').replace(/[^a-z0-9]/gi, '');
  let ada: { id: string; version: number; createdAt: string };
  let alan: { id: string };
  let grace: { id: string };
  let storeKey: string;
  let groupId: string;

  const within = (query?: _SearchQuery): _SearchQuery => ({
    and: [{ exact: { field: 'companyName', value: company } }, ...(query ? [query] : [])],
  });
  const search = async (body: CustomerSearchRequest): Promise<CustomerPagedSearchResponse> =>
    (await client.customers().search().post({ body }).execute()).body;
  const ids = async (query: _SearchQuery, extra: Partial<CustomerSearchRequest> = {}) =>
    (await search({ query: within(query), ...extra })).results.map((result) => result.id).sort();

  beforeAll(async () => {
    client = await sdk();
    await activate(true);
    const store = await newStore();
    storeKey = store.key;
    groupId = (await newCustomerGroup()).id;
    ada = await newCustomer(client, {
      email: `${uniqueKey('Ada.Lovelace')}@Example.com`,
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: company,
      customerNumber: uniqueKey('n-ada'),
      addresses: [{ country: 'GB', city: 'London', postalCode: 'W1' }],
      stores: [{ typeId: 'store', key: storeKey }],
    });
    alan = await newCustomer(client, {
      firstName: 'Alan',
      lastName: 'Turing',
      companyName: company,
      addresses: [{ country: 'GB', city: 'Manchester' }],
      dateOfBirth: '1912-06-23',
      customerGroup: { typeId: 'customer-group', id: groupId },
    });
    grace = await newCustomer(client, {
      firstName: 'Grace',
      middleName: 'Brewster',
      lastName: 'Hopper',
      companyName: company,
      addresses: [{ country: 'US', city: 'New York' }],
    });
  });

  afterAll(() => activate(false));

  it('finds customers by each kind of expression over the indexed fields', async () => {
    expect(await ids({ exact: { field: 'firstName', value: 'Ada' } })).toEqual([ada.id]);
    expect(await ids({ exact: { field: 'lastName', values: ['Turing', 'Hopper'] } })).toEqual(
      [alan.id, grace.id].sort(),
    );
    const email = (await client.customers().withId({ ID: ada.id }).get().execute()).body.email;
    expect(await ids({ exact: { field: 'lowercaseEmail', value: email.toLowerCase() } })).toEqual([ada.id]);
    expect(
      await ids({ exact: { field: 'email', value: email.toUpperCase(), caseInsensitive: true } }),
    ).toEqual([ada.id]);
    expect(await ids({ fullText: { field: 'fullName', value: 'grace hopper' } })).toEqual([grace.id]);
    expect(await ids({ fullTextPrefix: { field: 'fullName', value: 'grace brew' } })).toEqual([grace.id]);
    expect(await ids({ prefix: { field: 'lastName', value: 'tur', caseInsensitive: true } })).toEqual([
      alan.id,
    ]);
    expect(await ids({ wildcard: { field: 'addresses.city', value: 'New*' } })).toEqual([grace.id]);
    expect(await ids({ fuzzy: { field: 'lastName', value: 'Lovelase', level: 1 } })).toEqual([ada.id]);
    expect(await ids({ exact: { field: 'addresses.country', value: 'GB' } })).toEqual(
      [ada.id, alan.id].sort(),
    );
    expect(await ids({ range: { field: 'dateOfBirth', lt: '1950-01-01' } })).toEqual([alan.id]);
    expect(await ids({ range: { field: 'createdAt', gt: ada.createdAt } })).toEqual(
      [alan.id, grace.id].sort(),
    );
    expect(await ids({ exists: { field: 'customerNumber' } })).toEqual([ada.id]);
    expect(await ids({ exact: { field: 'stores', value: storeKey } })).toEqual([ada.id]);
    expect(await ids({ exact: { field: 'customerGroup', value: groupId } })).toEqual([alan.id]);
    expect(await ids({ exists: { field: 'customerGroup' } })).toEqual([alan.id]);
    expect(
      await ids({
        and: [
          { filter: [{ exact: { field: 'addresses.country', value: 'GB' } }] },
          { not: [{ prefix: { field: 'addresses.city', value: 'Lon' } }] },
        ],
      }),
    ).toEqual([alan.id]);
    expect(
      await ids({
        or: [
          { exact: { field: 'firstName', value: 'Ada' } },
          { not: [{ exact: { field: 'addresses.country', value: 'GB' } }] },
        ],
      }),
    ).toEqual([ada.id, grace.id].sort());
  });

  it('keeps the index current: a changed customer is found at once', async () => {
    const changed = await updateCustomer(client, ada, { action: 'setLastName', lastName: 'Byron' });
    ada = changed;
    const found = await eventually(async () => {
      const result = await ids({ exact: { field: 'lastName', value: 'Byron' } });
      return result.length > 0 ? result : undefined;
    }, 1_000);
    expect(found).toEqual([ada.id]);
  });

  it('sorts, ranks by relevance and pages within the bounds', async () => {
    const sorted = await search({ query: within(), sort: [{ field: 'firstName', order: 'desc' }] });
    expect(sorted.results.map((result) => result.id)).toEqual([grace.id, alan.id, ada.id]);
    const ranked = await search({
      query: within({
        or: [
          { exact: { field: 'firstName', value: 'Alan', boost: 3 } },
          { exact: { field: 'addresses.country', value: 'GB' } },
        ],
      }),
    });
    expect(ranked.results.map((result) => result.id)).toEqual([alan.id, ada.id]);
    expect(ranked.results[0].relevance).toBeGreaterThan(ranked.results[1].relevance);
    const page = await search({
      query: within(),
      sort: [{ field: 'firstName', order: 'asc' }],
      limit: 1,
      offset: 2,
    });
    expect(page).toMatchObject({ total: 3, limit: 1, offset: 2, results: [{ id: grace.id }] });
    for (const bounds of [{ limit: 101 }, { offset: 10_001 }]) {
      expect(await failure(search({ query: within(), ...bounds }))).toMatchObject({
        statusCode: 400,
        error: { code: 'InvalidInput' },
      });
    }
  });

  it('searches a Store’s customers in the Store, with a store-scoped token', async () => {
    const { projectKey } = await platform();
    const response = await api.post(`in-store/key=${storeKey}/customers/search`, { query: within() });
    expect(response.status).toBe(200);
    expect(response.body.results.map((result: { id: string }) => result.id)).toEqual([ada.id]);
    const storeClient = await sdk([`view_customers:${projectKey}:${storeKey}`]);
    const global = storeClient
      .customers()
      .search()
      .post({ body: { query: within() } })
      .execute();
    expect(await failure(global)).toMatchObject({ statusCode: 403 });
    const viewer = await sdk([`view_customers:${projectKey}`]);
    expect(
      (
        await viewer
          .customers()
          .search()
          .post({ body: { query: within() } })
          .execute()
      ).body.total,
    ).toBe(3);
    // The store-scoped token answers in its Store's route, and only there.
    const scoped = await adminToken([`view_customers:${projectKey}:${storeKey}`]);
    const inStore = await api.post(
      `in-store/key=${storeKey}/customers/search`,
      { query: within() },
      { token: scoped },
    );
    expect(inStore.status).toBe(200);
    expect(inStore.body.results.map((result: { id: string }) => result.id)).toEqual([ada.id]);
    const other = (await newStore()).key;
    const elsewhere = await api.post(
      `in-store/key=${other}/customers/search`,
      { query: within() },
      { token: scoped },
    );
    expect(elsewhere.status).toBe(403);
    const products = await sdk([`view_products:${projectKey}`]);
    expect(await failure(products.customers().search().post({ body: {} }).execute())).toMatchObject({
      statusCode: 403,
    });
  });

  it('refuses what it cannot answer with 400 naming where', async () => {
    const cases: Array<[CustomerSearchRequest, string]> = [
      [{ query: within({ exact: { field: 'password', value: 'x' } }) }, 'query.and[1].exact.field'],
      [{ query: { range: { field: 'lastName', gte: 'a' } } }, 'query.range'],
      [{ query: { fullText: { field: 'lastName', value: 'y'.repeat(257) } } }, '256'],
      [
        { query: { or: Array.from({ length: 51 }, () => ({ exists: { field: 'email' } })) } },
        '50 expressions',
      ],
      [
        { query: { exact: { field: 'email', values: Array.from({ length: 501 }, (_, i) => `${i}`) } } },
        'values',
      ],
      [{ query: within(), sort: [{ field: 'nope', order: 'asc' }] }, 'sort[0].field'],
    ];
    let nested: _SearchQuery = { exists: { field: 'email' } };
    for (let depth = 0; depth < 25; depth++) nested = { and: [nested] };
    cases.push([{ query: { or: [nested, nested] } }, '50 expressions']);
    cases.push([{ query: { fuzzy: { field: 'lastName', value: 'z'.repeat(300), level: 2 } } }, '256']);
    for (const [body, detail] of cases) {
      expect(await failure(search(body))).toMatchObject({
        statusCode: 400,
        error: { code: 'InvalidInput', message: expect.stringContaining(detail) },
      });
    }
    // Deeper than the gateway's JSON nesting limit: refused before parsing, still a 400.
    let deep: _SearchQuery = { exists: { field: 'email' } };
    for (let depth = 0; depth < 200; depth++) deep = { not: [deep] };
    expect(await failure(search({ query: deep }))).toMatchObject({ statusCode: 400 });
  });

  it('reports its status, and answers the live API’s error while not activated', async () => {
    expect((await client.customers().search().head().execute()).statusCode).toBe(200);
    const { body: status } = await client.customers().searchIndexingStatus().get().execute();
    expect(status).toMatchObject({ status: 'Ready' });
    expect(status.states!.indexed).toBeGreaterThanOrEqual(3);
    await activate(false);
    try {
      expect(await failure(search({ query: within() }))).toMatchObject({
        statusCode: 400,
        error: { code: 'ObjectNotFound', message: expect.stringContaining('Customer Search') },
      });
      expect((await api.head('customers/search')).status).toBe(404);
    } finally {
      await activate(true);
    }
    expect((await search({ query: within() })).total).toBe(3);
  });
});
