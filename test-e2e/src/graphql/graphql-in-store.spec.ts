import { createClient, passwordGrant } from '../auth/auth-helpers.js';
import { api } from '../support/api.js';
import { http } from '../support/http.js';
import { storeDraft, uniqueKey } from '../support/factories.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { data, graphql, type Client } from './graphql-helpers.js';

const signUpReturning = (
  fields: string,
) => `mutation ($draft: CustomerSignUpDraft!, $storeKey: KeyReferenceInput) {
  customerSignUp(draft: $draft, storeKey: $storeKey) { customer { ${fields} } } }`;
const signUp = signUpReturning('id version email storesRef { key } stores { key }');
/** What a token with only a customer scope may read back (nested Stores need view_stores). */
const scopedSignUp = signUpReturning('id storesRef { key }');

describe('GraphQL inStore, inStores and storeKey', () => {
  let client: Client;
  let projectKey: string;
  let storeA: string;
  let storeB: string;
  let storeC: string;
  const tag = uniqueKey('instore');
  const emailOf = (name: string) => `${tag}-${name}@example.com`;
  const mine = `email in ("${['a1', 'a2', 'b1', 'global'].map(emailOf).join('", "')}")`;
  const customers: Record<string, { id: string; version: number }> = {};

  const createCustomer = async (name: string, storeKey?: string) => {
    const result = await data(client, signUp, {
      draft: { email: emailOf(name), password: 'secret-1' },
      ...(storeKey ? { storeKey } : {}),
    });
    customers[name] = result.customerSignUp.customer;
    return result.customerSignUp.customer;
  };

  beforeAll(async () => {
    client = await sdk();
    ({ projectKey } = await platform());
    [storeA, storeB, storeC] = await Promise.all(
      ['a', 'b', 'c'].map(
        async (name) => (await api.create('stores', storeDraft({ key: `${tag}-${name}` }))).key,
      ),
    );
    await createCustomer('a1', storeA);
    await createCustomer('a2', storeA);
    await createCustomer('b1', storeB);
    await createCustomer('global');
  });

  const inStoreCustomers = (field: string) =>
    `{ ${field} { customers(where: ${JSON.stringify(mine)}, sort: ["email asc"]) { total count results { email } } } }`;

  it('creates a customer in the Store of storeKey', () => {
    expect(customers.a1).toMatchObject({
      email: emailOf('a1'),
      storesRef: [{ key: storeA }],
      stores: [{ key: storeA }],
    });
    expect(customers.global).toMatchObject({ storesRef: [], stores: [] });
  });

  it('restricts everything under inStore and inStores to those Stores, total included', async () => {
    const one = await data(client, inStoreCustomers(`inStore(key: "${storeA}")`));
    expect(one.inStore.customers).toEqual({
      total: 2,
      count: 2,
      results: [{ email: emailOf('a1') }, { email: emailOf('a2') }],
    });
    const two = await data(client, inStoreCustomers(`inStores(keys: ["${storeA}", "${storeB}"])`));
    expect(two.inStores.customers.total).toBe(3);
    expect(two.inStores.customers.results.map((c: { email: string }) => c.email)).toEqual(
      ['a1', 'a2', 'b1'].map(emailOf),
    );
    const byId = await data(
      client,
      `{ a: inStore(key: "${storeA}") { customer(id: "${customers.a1.id}") { email } }
         b: inStore(key: "${storeB}") { customer(id: "${customers.a1.id}") { email } }
         ab: inStores(keys: ["${storeB}", "${storeC}"]) { customer(id: "${customers.b1.id}") { email } } }`,
    );
    expect(byId).toEqual({
      a: { customer: { email: emailOf('a1') } },
      b: { customer: null },
      ab: { customer: { email: emailOf('b1') } },
    });
  });

  it('works with store scopes: allowed in its Store, restricted in inStores, insufficient_scope otherwise', async () => {
    const storeScoped = await sdk([`view_customers:${projectKey}:${storeA}`]);
    const allowed = await data(storeScoped, inStoreCustomers(`inStore(key: "${storeA}")`));
    expect(allowed.inStore.customers.total).toBe(2);

    const restricted = await data(
      storeScoped,
      inStoreCustomers(`inStores(keys: ["${storeA}", "${storeB}"])`),
    );
    expect(restricted.inStores.customers).toMatchObject({ total: 2, count: 2 });

    for (const field of [`inStore(key: "${storeB}")`, `inStores(keys: ["${storeB}", "${storeC}"])`]) {
      const refused = await graphql(storeScoped, inStoreCustomers(field));
      expect(refused.status).toBe(200);
      expect(refused.errors).toEqual([
        expect.objectContaining({ extensions: { code: 'insufficient_scope' } }),
      ]);
    }
    const projectWide = await graphql(
      storeScoped,
      `
        {
          customers {
            total
          }
        }
      `,
    );
    expect(projectWide.errors![0]).toMatchObject({
      path: ['customers'],
      extensions: { code: 'insufficient_scope' },
    });
  });

  it('answers me for a customer token, globally or in its Store', async () => {
    const app = await createClient(['manage_my_profile:{pk}']);
    const ask = async (token: string, query: string) =>
      (await http('POST', `/${projectKey}/graphql`, { token, body: { query } })).body;
    const globalToken = (await passwordGrant(app, emailOf('global'), 'secret-1')).body.access_token as string;
    expect(await ask(globalToken, '{ me { customer { email } } }')).toEqual({
      data: { me: { customer: { email: emailOf('global') } } },
    });
    const inStoreToken = (await passwordGrant(app, emailOf('a1'), 'secret-1', storeA)).body
      .access_token as string;
    expect(await ask(inStoreToken, `{ inStore(key: "${storeA}") { me { customer { email } } } }`)).toEqual({
      data: { inStore: { me: { customer: { email: emailOf('a1') } } } },
    });
    const elsewhere = await ask(inStoreToken, `{ inStore(key: "${storeB}") { me { customer { email } } } }`);
    expect(elsewhere.errors[0].extensions.code).toBe('insufficient_scope');
    const outside = await ask(inStoreToken, '{ me { customer { email } } }');
    expect(outside.errors[0].extensions.code).toBe('insufficient_scope');
  });

  it('signs up in a Store only with a scope for that Store', async () => {
    const manageA = await sdk([`manage_customers:${projectKey}:${storeA}`]);
    const inA = await data(manageA, scopedSignUp, {
      draft: { email: emailOf('scoped'), password: 'x-1' },
      storeKey: storeA,
    });
    expect(inA.customerSignUp.customer.storesRef).toEqual([{ key: storeA }]);
    const inB = await graphql(manageA, scopedSignUp, {
      draft: { email: emailOf('scoped-b'), password: 'x-1' },
      storeKey: storeB,
    });
    expect(inB.errors![0].extensions.code).toBe('insufficient_scope');
    const global = await graphql(manageA, scopedSignUp, {
      draft: { email: emailOf('scoped-g'), password: 'x-1' },
    });
    expect(global.errors![0].extensions.code).toBe('insufficient_scope');
  });

  it('deletes a customer through storeKey only if it is in that Store', async () => {
    const customer = await createCustomer('deleted', storeA);
    const remove = (storeKey: string) =>
      graphql(
        client,
        `mutation { deleteCustomer(id: "${customer.id}", version: ${customer.version}, storeKey: "${storeKey}") { id } }`,
      );
    const elsewhere = await remove(storeB);
    expect(elsewhere.errors![0]).toMatchObject({
      path: ['deleteCustomer'],
      extensions: { code: 'ResourceNotFound' },
    });
    expect((await remove(storeA)).data.deleteCustomer.id).toBe(customer.id);
  });

  // Needs the customer update actions (`auth.customers.update`), merged from their own branch.
  it('updates a customer through storeKey only if it is in that Store', async () => {
    const customer = await createCustomer('updated', storeA);
    const update = (storeKey: string) =>
      graphql(
        client,
        `mutation { updateCustomer(id: "${customer.id}", version: ${customer.version}, storeKey: "${storeKey}",
          actions: [{setFirstName: {firstName: "Ada"}}]) { id firstName } }`,
      );
    const elsewhere = await update(storeB);
    expect(elsewhere.errors![0]).toMatchObject({
      path: ['updateCustomer'],
      extensions: { code: 'ResourceNotFound' },
    });
    const inStore = await update(storeA);
    expect(inStore.errors).toBeUndefined();
    expect(inStore.data.updateCustomer).toEqual({ id: customer.id, firstName: 'Ada' });
  });
});
