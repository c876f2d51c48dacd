import { freePort, startEmbeddedDatabase, type EmbeddedDatabase } from '@commerce/embedded-postgres';
import { launchPlatform, type LaunchedPlatform } from '@commerce/platform';
import { randomUUID } from 'node:crypto';
import { uniqueKey } from '../support/factories.js';

/**
 * Two gateways (each an all-in-one platform with its own auth-service) sharing one PostgreSQL, as two
 * replicas of a region do, with low limits in a window that outlasts the test. A limit counted per process
 * would let each of them allow the whole limit: every test below fails then.
 */
const WINDOW_SECONDS = 600;
const limitsEnv = {
  RATE_LIMIT_SYNC_MS: '0',
  RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
  RATE_LIMIT_TOKEN_PER_CLIENT: '6',
  RATE_LIMIT_PASSWORD_GRANT_PER_CLIENT: '3',
  RATE_LIMIT_TOKEN_PER_IP: '10000',
  RATE_LIMIT_PASSWORD_GRANT_PER_IP: '10000',
  RATE_LIMIT_DATA_PER_CLIENT: '8',
  PASSWORD_GRANT_MAX_FAILURES_PER_ACCOUNT_SOURCE: '2',
};

interface Client {
  id: string;
  secret: string;
}

let database: EmbeddedDatabase;
let gateways: LaunchedPlatform[] = [];
let adminToken: string;

async function call(gateway: LaunchedPlatform, method: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${gateway.apiUrl}${path}`, { method, ...init });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

function grant(gateway: LaunchedPlatform, client: Client, path: string, form: Record<string, string>) {
  return call(gateway, 'POST', path, {
    headers: {
      authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form).toString(),
  });
}

const passwordGrant = (gateway: LaunchedPlatform, client: Client, username: string, password: string) =>
  grant(gateway, client, `/oauth/${gateway.projectKey}/customers/token`, {
    grant_type: 'password',
    username,
    password,
  });

async function adminPost(path: string, body: unknown) {
  const [gateway] = gateways;
  const response = await call(gateway, 'POST', `/${gateway.projectKey}${path}`, {
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201)
    throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

async function newClient(scopes: string[]): Promise<Client> {
  const { projectKey } = gateways[0];
  const scope = scopes.map((name) => `${name}:${projectKey}`).join(' ');
  const created = await adminPost('/api-clients', { name: uniqueKey('limited'), scope });
  return { id: created.id, secret: created.secret };
}

function expectTooManyRequests(response: { status: number; headers: Headers; body: any }) {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({
    statusCode: 429,
    message: expect.stringMatching(/^Too many .*Try again in \d+ seconds\.$/),
    errors: [{ code: 'TooManyRequests', message: response.body.message }],
  });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
}

beforeAll(async () => {
  database = await startEmbeddedDatabase({ port: await freePort() });
  const env: NodeJS.ProcessEnv = { ...process.env, ...limitsEnv, DATABASE_URL: database.url };
  delete env.NATS_URL;
  delete env.E2E_LOG_FILE;
  // One after the other: the second finds the schemas migrated.
  gateways.push(await launchPlatform(env));
  gateways.push(await launchPlatform(env));
  const [first] = gateways;
  const admin = { id: first.clientId, secret: first.clientSecret };
  const token = await grant(first, admin, '/oauth/token', { grant_type: 'client_credentials' });
  adminToken = token.body.access_token;
}, 120_000);

afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.stop()));
  gateways = [];
  await database?.stop();
});

describe('rate limits shared by two gateways on one database: 429 with Retry-After', () => {
  it('limits token requests per client across gateways', async () => {
    const client = await newClient(['view_stores']);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await grant(gateways[i % 2], client, '/oauth/token', {
        grant_type: 'client_credentials',
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    for (const gateway of gateways) {
      expectTooManyRequests(
        await grant(gateway, client, '/oauth/token', { grant_type: 'client_credentials' }),
      );
    }
  });

  it('limits password grants more strictly, per client across gateways', async () => {
    const client = await newClient(['manage_my_profile']);
    for (let i = 0; i < 3; i++) {
      const response = await passwordGrant(
        gateways[i % 2],
        client,
        `nobody-${randomUUID()}@example.com`,
        'x',
      );
      expect(response.status).toBe(400);
    }
    expectTooManyRequests(
      await passwordGrant(gateways[1], client, `nobody-${randomUUID()}@example.com`, 'x'),
    );
    // The client's other grants are still within the token limit.
    const other = await grant(gateways[0], client, '/oauth/token', { grant_type: 'client_credentials' });
    expect(other.status).toBe(200);
  });

  it('limits data requests per client across gateways', async () => {
    const client = await newClient(['view_stores']);
    const token = (await grant(gateways[0], client, '/oauth/token', { grant_type: 'client_credentials' }))
      .body.access_token;
    const read = (gateway: LaunchedPlatform) =>
      call(gateway, 'GET', `/${gateway.projectKey}/stores`, {
        headers: { authorization: `Bearer ${token}` },
      });
    for (let i = 0; i < 8; i++) expect((await read(gateways[i % 2])).status).toBe(200);
    for (const gateway of gateways) expectTooManyRequests(await read(gateway));
  });

  it("throttles a customer's failed sign-ins from one source across both auth-services: then even the right password from it is refused", async () => {
    const client = await newClient(['manage_my_profile']);
    const email = `${uniqueKey('throttled')}@example.com`;
    const password = `pw-${randomUUID()}`;
    await adminPost('/customers', { email, password });
    expect((await passwordGrant(gateways[0], client, email, 'wrong-1')).status).toBe(400);
    expect((await passwordGrant(gateways[1], client, email, 'wrong-2')).status).toBe(400);
    const refused = await passwordGrant(gateways[0], client, email, password);
    expectTooManyRequests(refused);
    expect(refused.body.message).toMatch(/^Too many failed sign-in attempts\./);
  });
});
