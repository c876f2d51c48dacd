import {
  InStoreCallbackClient,
  InStoreCallbackError,
  platformIntrospection,
  type InStoreCallbackClientOptions,
} from '@commerce/instore-client';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createClient, createCustomer, createStore, customerDraft } from '../auth/auth-helpers.js';
import { api } from '../support/api.js';
import { uniqueKey } from '../support/factories.js';
import { http as request } from '../support/http.js';
import { platform } from '../support/platform.js';
import { startReferenceCallback, type ReferenceCallback } from './reference-callback.js';

const API_KEY = `callback-${uniqueKey('key')}-0123456789`;
const CLI = fileURLToPath(new URL('../../../tools/platform/dist/cli.js', import.meta.url));

let pk: string;
let storeA: string;
let storeB: string;
let customer: { id: string; key: string };
let reference: ReferenceCallback;
let tokenRetrievalUrl: string;

/** The in-store application in store A: the settings read through the API, the key it was configured with. */
async function client(overrides: Partial<InStoreCallbackClientOptions> = {}) {
  const { apiUrl, clientId, clientSecret } = await platform();
  return new InStoreCallbackClient({
    tokenRetrievalUrl,
    callbackApiKey: API_KEY,
    projectKey: pk,
    storeKey: storeA,
    policy: { allowPrivate: true },
    introspect: platformIntrospection({ authUrl: apiUrl, clientId, clientSecret }),
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<InStoreCallbackError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof InStoreCallbackError) return error;
    throw error;
  }
  throw new Error('the callback call succeeded');
}

/** A misbehaving callback on loopback. */
async function localCallback(handler: http.RequestListener) {
  const server = http.createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tokens`,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

beforeAll(async () => {
  pk = (await platform()).projectKey;
  storeA = await createStore();
  storeB = await createStore();
  const key = uniqueKey('customer');
  customer = { id: (await createCustomer(customerDraft({ key }), storeA)).id, key };
  const pos = await createClient([
    `issue_customer_tokens:{pk}:${storeA}`,
    `manage_my_profile:{pk}:${storeA}`,
    `manage_my_orders:{pk}:${storeA}`,
    `manage_orders:{pk}:${storeA}`,
  ]);
  reference = await startReferenceCallback({
    apiKey: API_KEY,
    storeKey: storeA,
    clientId: pos.id,
    clientSecret: pos.secret,
  });
  const put = await api.request('PUT', 'in-store-integration', {
    body: { tokenRetrievalUrl: reference.url, callbackApiKey: API_KEY },
  });
  expect(put.status).toBe(200);
  tokenRetrievalUrl = (await api.get('in-store-integration')).body.tokenRetrievalUrl;
}, 30_000);

afterAll(async () => {
  await reference?.stop();
  await api.delete('in-store-integration');
});

describe('in-store callback: the client against the reference service against the platform', () => {
  it('gets a user token that works in that Store only', async () => {
    const pos = await client();
    const token = await pos.userToken(customer.key);
    pos.close();
    expect(token).toMatchObject({
      kind: 'user',
      customerId: customer.id,
      projectKey: pk,
      storeKey: storeA,
      scope: `manage_my_profile:${pk}:${storeA} manage_my_orders:${pk}:${storeA} customer_id:${customer.id}`,
    });
    expect(token.expiresAt).toBeGreaterThan(Date.now() / 1000);
    const me = await request('GET', `/${pk}/in-store/key=${storeA}/me`, { token: token.access_token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(customer.id);
    for (const path of [`/${pk}/in-store/key=${storeB}/me`, `/${pk}/me`, `/${pk}/customers`]) {
      const refused = await request('GET', path, { token: token.access_token });
      expect({ path, status: refused.status }).toEqual({ path, status: 403 });
    }
  });

  it('gets a cart token limited to the Store’s carts', async () => {
    const pos = await client();
    const token = await pos.cartToken('4f0c6b1e-9a57-4b59-8e61-3c7d2e9a1b05');
    pos.close();
    expect(token).toMatchObject({ kind: 'cart', scope: `manage_orders:${pk}:${storeA}`, storeKey: storeA });
    expect(token.customerId).toBeUndefined();
    for (const path of [`/${pk}/messages`, `/${pk}/in-store/key=${storeA}/customers`, `/${pk}/stores`]) {
      const refused = await request('GET', path, { token: token.access_token });
      expect({ path, status: refused.status }).toEqual({ path, status: 403 });
    }
  });

  it('refuses a token for another Store: the client expects its own Store', async () => {
    const pos = await client({ storeKey: storeB });
    const error = await failure(pos.userToken(customer.key));
    pos.close();
    expect(error.reason).toBe('malformed');
    expect(error.message).toContain(`storeKey must be '${storeB}'`);
  });

  it('is refused with a wrong API key', async () => {
    const pos = await client({ callbackApiKey: 'not-the-callback-api-key' });
    const error = await failure(pos.userToken(customer.key));
    pos.close();
    expect(error.reason).toBe('unauthorized');
    expect(error.message).not.toContain('not-the-callback-api-key');
  });

  it('names a customer that is not in the Store', async () => {
    const pos = await client();
    const error = await failure(pos.userToken('nobody-in-this-store'));
    pos.close();
    expect(error).toMatchObject({ reason: 'status', message: expect.stringContaining('404') });
  });

  it('refuses an http URL unless OUTBOUND_ALLOW_PRIVATE allows it', async () => {
    const pos = await client({ policy: { allowPrivate: false } });
    const error = await failure(pos.userToken(customer.key));
    pos.close();
    expect(error.reason).toBe('refused');
    expect(error.message).toMatch(/must use https:/);
  });

  it('times out a slow callback', async () => {
    const slow = await localCallback(() => undefined);
    const pos = await client({ tokenRetrievalUrl: slow.url, timeoutMs: 300 });
    const error = await failure(pos.userToken(customer.key));
    pos.close();
    await slow.close();
    expect(error.reason).toBe('timeout');
  });

  it('refuses an oversized answer', async () => {
    const big = await localCallback((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ kind: 'user', padding: 'x'.repeat(64 * 1024) }));
    });
    const pos = await client({ tokenRetrievalUrl: big.url });
    const error = await failure(pos.userToken(customer.key));
    pos.close();
    await big.close();
    expect(error.reason).toBe('too-large');
  });

  it('refuses a token the platform does not know', async () => {
    const forged = await localCallback((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          kind: 'cart',
          access_token: 'forged-token',
          token_type: 'Bearer',
          expires_in: 3600,
          scope: `manage_orders:${pk}:${storeA}`,
          projectKey: pk,
          storeKey: storeA,
        }),
      );
    });
    const pos = await client({ tokenRetrievalUrl: forged.url });
    const error = await failure(pos.cartToken('4f0c6b1e-9a57-4b59-8e61-3c7d2e9a1b05'));
    pos.close();
    await forged.close();
    expect(error.reason).toBe('inactive-token');
  });
});

describe('the platform calls the callback with the stored key', () => {
  const retrieve = (body: unknown) => api.post('in-store-integration/token-retrievals', body);

  it('answers the checked user and cart tokens', async () => {
    const user = await retrieve({ storeKey: storeA, userKey: customer.key });
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ kind: 'user', customerId: customer.id, expiresAt: expect.any(Number) });
    const me = await request('GET', `/${pk}/in-store/key=${storeA}/me`, { token: user.body.access_token });
    expect(me.status).toBe(200);
    const cart = await retrieve({ storeKey: storeA, cartId: '4f0c6b1e-9a57-4b59-8e61-3c7d2e9a1b05' });
    expect(cart.body).toMatchObject({ kind: 'cart', scope: `manage_orders:${pk}:${storeA}` });
  });

  it('answers a failed call as 502 with the reason, without the key', async () => {
    const wrongKey = 'stored-but-wrong-key-0123456789';
    await api.request('PUT', 'in-store-integration', {
      body: { tokenRetrievalUrl: reference.url, callbackApiKey: wrongKey },
    });
    try {
      const refused = await retrieve({ storeKey: storeA, userKey: customer.key });
      expect(refused.status).toBe(502);
      expect(refused.body.errors[0]).toMatchObject({ code: 'BadGateway', reason: 'unauthorized' });
      expect(JSON.stringify(refused.body)).not.toContain(wrongKey);
      const otherStore = await retrieve({ storeKey: storeB, userKey: customer.key });
      expect(otherStore.status).toBe(502);
    } finally {
      await api.request('PUT', 'in-store-integration', {
        body: { tokenRetrievalUrl: reference.url, callbackApiKey: API_KEY },
      });
    }
  });

  it('answers a slow callback as 504', async () => {
    const slow = await localCallback(() => undefined);
    await api.request('PUT', 'in-store-integration', { body: { tokenRetrievalUrl: slow.url } });
    try {
      const late = await retrieve({ storeKey: storeA, userKey: customer.key });
      expect(late.status).toBe(504);
      expect(late.body.errors[0]).toMatchObject({ code: 'GatewayTimeout', reason: 'timeout' });
    } finally {
      await slow.close();
      await api.request('PUT', 'in-store-integration', { body: { tokenRetrievalUrl: reference.url } });
    }
  });

  it('validates the request', async () => {
    for (const body of [
      { storeKey: storeA },
      { storeKey: storeA, userKey: 'a', cartId: 'b' },
      { userKey: 'a' },
      { storeKey: storeA, userKey: '../x' },
    ]) {
      const response = await retrieve(body);
      expect(response.status).toBe(400);
      expect(response.body.errors[0].code).toMatch(/InvalidInput|InvalidJsonInput/);
    }
  });
});

describe('npm run cli -- instore', () => {
  const run = async (args: string[], apiKey: string) => {
    const { apiUrl, clientId, clientSecret } = await platform();
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, 'instore', ...args], {
        env: {
          PATH: process.env.PATH,
          COMMERCE_API_URL: apiUrl,
          COMMERCE_PROJECT_KEY: pk,
          COMMERCE_ADMIN_CLIENT_ID: clientId,
          COMMERCE_ADMIN_CLIENT_SECRET: clientSecret,
          INSTORE_CALLBACK_API_KEY: apiKey,
          OUTBOUND_ALLOW_PRIVATE: 'true',
        },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  it('reads the settings through the API, calls the callback and prints the checked token', async () => {
    const result = await run(['user-token', customer.key, '--store', storeA], API_KEY);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      kind: 'user',
      customerId: customer.id,
      storeKey: storeA,
    });
    const shown = await run(['show'], API_KEY);
    expect(JSON.parse(shown.stdout)).toMatchObject({ tokenRetrievalUrl, callbackApiKeyConfigured: true });
    expect(shown.stdout).not.toContain(API_KEY);
  });

  it('fails with the reason and never prints the key', async () => {
    const result = await run(
      ['cart-token', '4f0c6b1e-9a57-4b59-8e61-3c7d2e9a1b05', '--store', storeA],
      'wrong-key-0123456789',
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('[unauthorized]');
    expect(result.stderr).not.toContain('wrong-key-0123456789');
    expect((await run(['user-token'], API_KEY)).code).toBe(2);
  });

  it('without a local key, has the platform call the callback with the stored key', async () => {
    const result = await run(['user-token', customer.key, '--store', storeA], '');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ kind: 'user', customerId: customer.id });
  });
});
