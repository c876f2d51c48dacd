import type { IntrospectionResponse } from '@commerce/contracts';
import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InStoreCallbackError } from './callback-error.js';
import { InStoreCallbackClient, type InStoreCallbackClientOptions } from './in-store-callback-client.js';

const KEY = 'callback-key-0123456789';
const SCOPE = 'manage_orders:shop:berlin';
const cartAnswer = {
  kind: 'cart',
  access_token: 'tok-1',
  token_type: 'Bearer',
  expires_in: 3600,
  scope: SCOPE,
  projectKey: 'shop',
  storeKey: 'berlin',
};

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

let handler: Handler;
let server: http.Server;
let base: string;
const seen: IncomingMessage[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    seen.push(request);
    handler(request, response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tokens`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
});

const introspect = async (token: string): Promise<IntrospectionResponse> =>
  token === 'tok-1'
    ? { active: true, scope: SCOPE, exp: Math.floor(Date.now() / 1000) + 3600, client_id: 'pos' }
    : { active: false };

function client(overrides: Partial<InStoreCallbackClientOptions> = {}) {
  return new InStoreCallbackClient({
    tokenRetrievalUrl: base,
    callbackApiKey: KEY,
    projectKey: 'shop',
    storeKey: 'berlin',
    policy: { allowPrivate: true },
    introspect,
    timeoutMs: 1_000,
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<InStoreCallbackError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof InStoreCallbackError) {
      expect(error.message).not.toContain(KEY);
      return error;
    }
    throw error;
  }
  throw new Error('accepted');
}

const json =
  (body: unknown, status = 200): Handler =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

describe(InStoreCallbackClient.name, () => {
  it('GETs <callback_path>/<cartId> with X-Api-Key and returns the checked token', async () => {
    handler = json(cartAnswer);
    const token = await client({ tokenRetrievalUrl: `${base}/` }).cartToken('cart-123');
    expect(token).toMatchObject({ ...cartAnswer, expiresAt: expect.any(Number) });
    const request = seen.at(-1)!;
    expect(request.method).toBe('GET');
    expect(request.url).toBe('/tokens/cart-123');
    expect(request.headers['x-api-key']).toBe(KEY);
  });

  it('refuses http and private addresses unless the policy allows them (https only)', async () => {
    handler = json(cartAnswer);
    const refused = await failure(client({ policy: { allowPrivate: false } }).cartToken('cart-1'));
    expect(refused.reason).toBe('refused');
    expect(refused.message).toMatch(/must use https:/);
    const loopback = await failure(
      client({ policy: { allowPrivate: false }, tokenRetrievalUrl: 'https://127.0.0.1:1/tokens' }).cartToken(
        'c',
      ),
    );
    expect(loopback.message).toMatch(/not allowed \(loopback\)/);
    const localhost = await failure(
      client({ policy: { allowPrivate: false }, tokenRetrievalUrl: 'https://localhost:1/tokens' }).cartToken(
        'c',
      ),
    );
    expect(localhost.reason).toBe('refused');
  });

  it('refuses ids that are not path-safe', async () => {
    for (const id of ['', '..', 'a/b', 'a?b', 'x'.repeat(257)]) {
      expect((await failure(client().userToken(id))).reason).toBe('refused');
    }
  });

  it('names a refused key, another status and a redirect (never followed)', async () => {
    handler = json({ message: 'no' }, 401);
    expect((await failure(client().cartToken('c1'))).reason).toBe('unauthorized');
    handler = json({}, 500);
    expect((await failure(client().cartToken('c1'))).message).toMatch(/answered 500/);
    let followed = false;
    handler = (request, response) => {
      if (request.url === '/elsewhere') followed = true;
      response.writeHead(302, { location: `${base.replace('/tokens', '')}/elsewhere` });
      response.end();
    };
    expect((await failure(client().cartToken('c1'))).message).toMatch(/302 \(redirects are not followed\)/);
    expect(followed).toBe(false);
  });

  it('times out a slow callback', async () => {
    handler = () => undefined;
    const error = await failure(client({ timeoutMs: 200 }).cartToken('c1'));
    expect(error.reason).toBe('timeout');
  });

  it('refuses an answer larger than the bound', async () => {
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ...cartAnswer, padding: 'x'.repeat(20_000) }));
    };
    expect((await failure(client().cartToken('c1'))).reason).toBe('too-large');
  });

  it('refuses a malformed answer and a token the platform does not know', async () => {
    handler = (_request, response) => response.end('<html>');
    expect((await failure(client().cartToken('c1'))).reason).toBe('malformed');
    handler = json({ ...cartAnswer, access_token: 'forged' });
    expect((await failure(client().cartToken('c1'))).reason).toBe('inactive-token');
    handler = json(cartAnswer);
    expect((await failure(client().userToken('u1'))).reason).toBe('malformed');
  });
});
