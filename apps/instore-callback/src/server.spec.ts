import type { TokenResponse } from '@commerce/contracts';
import { apiKeyMatches } from './api-key.js';
import { loadCallbackConfig } from './config.js';
import { PlatformTokenError, PlatformTokens } from './platform-tokens.js';
import { buildServer } from './server.js';
import { kindOf } from './token-kind.js';

const KEY = 'reference-callback-key-0123';
const config = loadCallbackConfig({
  INSTORE_CALLBACK_API_KEY: KEY,
  COMMERCE_AUTH_URL: 'http://127.0.0.1:1',
  COMMERCE_PROJECT_KEY: 'shop',
  COMMERCE_STORE_KEY: 'berlin',
  COMMERCE_CLIENT_ID: 'pos-client',
  COMMERCE_CLIENT_SECRET: 'pos-secret',
  LOG_LEVEL: 'silent',
});

class FakeTokens extends PlatformTokens {
  calls: string[] = [];
  override userToken(userKey: string): Promise<TokenResponse> {
    this.calls.push(`user ${userKey}`);
    if (userKey === 'stranger') return Promise.reject(new PlatformTokenError(true, 'invalid_grant'));
    return Promise.resolve({
      access_token: 'u-token',
      token_type: 'Bearer',
      expires_in: 600,
      scope: 'manage_my_profile:shop:berlin customer_id:c-1',
    });
  }
  override cartToken(): Promise<TokenResponse> {
    this.calls.push('cart');
    return Promise.reject(new PlatformTokenError(false, 'down'));
  }
}

/** Serves on a loopback port (Fastify's inject needs require(esm), which jest on Node 20 lacks). */
async function serve(tokens: PlatformTokens) {
  const app = buildServer(config, tokens);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  return async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${address}${path}`, { headers });
    return {
      statusCode: response.status,
      headers: response.headers,
      json: () => response.json(),
    };
  };
}

const apps: Array<ReturnType<typeof buildServer>> = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

describe('reference in-store callback', () => {
  it('compares the X-Api-Key in constant time and refuses anything else', () => {
    expect(apiKeyMatches(KEY, KEY)).toBe(true);
    expect(apiKeyMatches(`${KEY}x`, KEY)).toBe(false);
    expect(apiKeyMatches('', KEY)).toBe(false);
    expect(apiKeyMatches(undefined, KEY)).toBe(false);
    expect(apiKeyMatches([KEY, KEY], KEY)).toBe(false);
  });

  it('tells cart ids (UUIDs) from user keys', () => {
    expect(kindOf('0b7e5c9e-3f4a-4a8e-9d1c-2b6f7e8a9c0d')).toBe('cart');
    expect(kindOf('customer-42')).toBe('user');
    expect(kindOf('a.b')).toBeUndefined();
    expect(kindOf('')).toBeUndefined();
  });

  it('answers its liveness and readiness probes without a key', async () => {
    const get = await serve(new FakeTokens(config));
    expect((await get('/health')).statusCode).toBe(200);
    expect((await get('/ready')).statusCode).toBe(200);
  });

  it('answers 401 to a wrong or missing key without asking the platform', async () => {
    const tokens = new FakeTokens(config);
    const get = await serve(tokens);
    const cases: Array<Record<string, string>> = [{}, { 'x-api-key': 'wrong-key-0123456789' }];
    for (const headers of cases) {
      const response = await get('/tokens/customer-1', headers);
      expect(response.statusCode).toBe(401);
    }
    expect(tokens.calls).toEqual([]);
  });

  it('answers the documented shape for a user key', async () => {
    const get = await serve(new FakeTokens(config));
    const response = await get('/tokens/customer-1', { 'x-api-key': KEY });
    expect(response.statusCode).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      kind: 'user',
      access_token: 'u-token',
      token_type: 'Bearer',
      expires_in: 600,
      scope: 'manage_my_profile:shop:berlin customer_id:c-1',
      projectKey: 'shop',
      storeKey: 'berlin',
      customerId: 'c-1',
    });
  });

  it('answers 404 for a customer not in the Store, 502 when the platform fails, 400 for a bad id', async () => {
    const get = await serve(new FakeTokens(config));
    const status = async (id: string) => (await get(`/tokens/${id}`, { 'x-api-key': KEY })).statusCode;
    expect(await status('stranger')).toBe(404);
    expect(await status('0b7e5c9e-3f4a-4a8e-9d1c-2b6f7e8a9c0d')).toBe(502);
    expect(await status('a.b')).toBe(400);
  });
});
