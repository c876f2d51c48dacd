import { IN_STORE_CUSTOMER_GRANT_TYPE } from '@commerce/contracts';
import {
  createClient,
  createCustomer,
  createStore,
  customerDraft,
  oauth,
  type Client,
} from '../auth/auth-helpers.js';
import { uniqueKey } from '../support/factories.js';
import { http } from '../support/http.js';
import { platform } from '../support/platform.js';

let pk: string;
let storeA: string;
let storeB: string;
let client: Client;
let customer: { id: string; key: string };

const grantPath = (storeKey: string) => `/oauth/${pk}/in-store/key=${storeKey}/customers/token`;

function grant(form: Record<string, string>, storeKey = storeA, as = client) {
  return oauth(as, grantPath(storeKey), { grant_type: IN_STORE_CUSTOMER_GRANT_TYPE, ...form });
}

beforeAll(async () => {
  pk = (await platform()).projectKey;
  storeA = await createStore();
  storeB = await createStore();
  client = await createClient([`issue_customer_tokens:{pk}:${storeA}`, `manage_my_profile:{pk}:${storeA}`]);
  const key = uniqueKey('customer');
  const created = await createCustomer(customerDraft({ key }), storeA);
  customer = { id: created.id, key };
});

describe('in-store customer grant', () => {
  it('issues a token for a customer of the Store by key, usable in that Store only', async () => {
    const response = await grant({ customer_key: customer.key });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: expect.any(Number),
      scope: `manage_my_profile:${pk}:${storeA} customer_id:${customer.id}`,
    });
    const token = String(response.body.access_token);
    const me = await http('GET', `/${pk}/in-store/key=${storeA}/me`, { token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(customer.id);
    expect((await http('GET', `/${pk}/in-store/key=${storeB}/me`, { token })).status).toBe(403);
    expect((await http('GET', `/${pk}/me`, { token })).status).toBe(403);
    expect((await http('GET', `/${pk}/in-store/key=${storeA}/customers`, { token })).status).toBe(403);
  });

  it('issues a token by customer id, with requested scopes of the Store', async () => {
    const response = await grant({ customer_id: customer.id, scope: `manage_my_profile:${pk}:${storeA}` });
    expect(response.status).toBe(200);
    expect(response.body.scope).toBe(`manage_my_profile:${pk}:${storeA} customer_id:${customer.id}`);
  });

  it('refuses a customer of another Store and a global customer: invalid_grant', async () => {
    const other = await createCustomer(customerDraft({ key: uniqueKey('customer') }), storeB);
    const global = await createCustomer(customerDraft({ key: uniqueKey('customer') }));
    const forms: Array<Record<string, string>> = [
      { customer_key: String(other.customer.key) },
      { customer_id: global.id },
      { customer_key: 'nobody-has-this-key' },
    ];
    for (const form of forms) {
      const response = await grant(form);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('invalid_grant');
    }
  });

  it('refuses another Store, scopes beyond the Store and clients without the permission: invalid_scope', async () => {
    const refusals = [
      await grant({ customer_key: customer.key }, storeB),
      await grant({ customer_key: customer.key, scope: `manage_my_profile:${pk}` }),
      await grant({ customer_key: customer.key, scope: `issue_customer_tokens:${pk}:${storeA}` }),
      await grant({ customer_key: customer.key, scope: `manage_customers:${pk}:${storeA}` }),
      await grant(
        { customer_key: customer.key },
        storeA,
        await createClient([`manage_my_profile:{pk}:${storeA}`, `manage_customers:{pk}:${storeA}`]),
      ),
    ];
    for (const response of refusals) {
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('invalid_scope');
    }
  });

  it('needs exactly one of customer_key and customer_id: invalid_request', async () => {
    const forms: Array<Record<string, string>> = [
      {},
      { customer_key: customer.key, customer_id: customer.id },
      { customer_key: '' },
    ];
    for (const form of forms) {
      const response = await grant(form);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('invalid_request');
    }
  });

  it('is offered only at the in-store customer token path', async () => {
    for (const path of ['/oauth/token', `/oauth/${pk}/customers/token`]) {
      const response = await oauth(client, path, {
        grant_type: IN_STORE_CUSTOMER_GRANT_TYPE,
        customer_key: customer.key,
      });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('unsupported_grant_type');
    }
  });
});
