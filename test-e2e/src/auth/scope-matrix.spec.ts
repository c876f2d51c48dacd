import { OPERATION_SCOPES, type OperationScope } from '@commerce/auth';
import { randomUUID } from 'node:crypto';
import { http, type HttpResponse } from '../support/http.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';
import { clientToken, createClient, createStore, revoke } from './auth-helpers.js';

/**
 * Every route of the operation table, generated: a route added to the table joins this matrix by itself.
 * Each is called with no token, a malformed and an unknown token, a revoked token, a token of another project,
 * a token lacking the route's scopes and, on in-store routes, a token for another Store; then with a token
 * holding just the first scope the table names, which must get past authorization.
 */
const operations = Object.entries(OPERATION_SCOPES) as Array<[string, OperationScope]>;

interface Tokens {
  revoked: string;
  missingScope: string;
  otherStoreToken: string;
  storeKey: string;
  otherStore: string;
}

let tokens: Tokens;

function pathOf(operation: OperationScope, projectKey: string, storeKey: string): string {
  return operation.path
    .replace(':projectKey', projectKey)
    .replace(':storeKey', storeKey)
    .replace(':idOrKey', randomUUID())
    .replace(':id', randomUUID());
}

async function call(
  operation: OperationScope,
  token: string | undefined,
  projectKey: string,
  storeKey: string,
) {
  const headers: Record<string, string> = {};
  if (token !== undefined) headers.authorization = token.startsWith('Basic ') ? token : `Bearer ${token}`;
  return http(operation.method, pathOf(operation, projectKey, storeKey), {
    headers,
    ...(operation.method === 'POST' || operation.method === 'PUT' ? { body: {} } : {}),
  });
}

function expectRefused(response: HttpResponse, status: 401 | 403, method: string) {
  expect(response.status).toBe(status);
  if (status === 401) expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
  if (method === 'HEAD') return;
  expect(response.body).toMatchObject({
    statusCode: status,
    errors: [{ code: status === 401 ? 'invalid_token' : 'insufficient_scope' }],
    error: status === 401 ? 'invalid_token' : 'insufficient_scope',
  });
}

beforeAll(async () => {
  const storeKey = await createStore();
  const otherStore = await createStore();
  const revokable = await createClient(['manage_project:{pk}']);
  const revoked = await clientToken(revokable);
  await revoke(revokable, revoked);
  const missingScope = await clientToken(await createClient(['view_audit_log:{pk}']));
  const storeScopes = [...new Set(operations.flatMap(([, operation]) => operation.scopes))]
    .filter((scope) => scope !== 'manage_project')
    .map((scope) => `${scope}:{pk}:${otherStore}`);
  const otherStoreToken = await clientToken(await createClient(storeScopes));
  tokens = { revoked, missingScope, otherStoreToken, storeKey, otherStore };
});

describe.each(operations)('%s', (_id, operation) => {
  it('refuses a request without a token: 401', async () => {
    const { projectKey } = await platform();
    expectRefused(await call(operation, undefined, projectKey, tokens.storeKey), 401, operation.method);
  });

  it('refuses a malformed and an unknown token: 401', async () => {
    const { projectKey } = await platform();
    expectRefused(await call(operation, 'Basic abc', projectKey, tokens.storeKey), 401, operation.method);
    expectRefused(
      await call(operation, `unknown-${randomUUID()}`, projectKey, tokens.storeKey),
      401,
      operation.method,
    );
  });

  it('refuses a revoked token: 401', async () => {
    const { projectKey } = await platform();
    expectRefused(await call(operation, tokens.revoked, projectKey, tokens.storeKey), 401, operation.method);
  });

  it("refuses a token of another project on that project's paths: 403", async () => {
    const { otherProjectKey } = await platform();
    const response = await call(operation, await adminToken(), otherProjectKey, tokens.storeKey);
    expectRefused(response, 403, operation.method);
  });

  it('answers 404 URI not found for a project that does not exist', async () => {
    const projectKey = `no-such-project-${randomUUID()}`;
    const response = await call(operation, await adminToken(), projectKey, tokens.storeKey);
    expect(response.status).toBe(404);
    if (operation.method === 'HEAD') return;
    const message = expect.stringMatching(new RegExp(`^URI not found: /${projectKey}(/|$)`));
    expect(response.body).toMatchObject({
      statusCode: 404,
      message,
      errors: [{ code: 'ResourceNotFound', message }],
    });
  });

  it('refuses a token without the scopes of the operation: 403', async () => {
    const { projectKey } = await platform();
    expectRefused(
      await call(operation, tokens.missingScope, projectKey, tokens.storeKey),
      403,
      operation.method,
    );
  });

  if (operation.path.includes(':storeKey')) {
    it('refuses a store token of another Store: 403', async () => {
      const { projectKey } = await platform();
      const response = await call(operation, tokens.otherStoreToken, projectKey, tokens.storeKey);
      expectRefused(response, 403, operation.method);
    });
  }

  if (!operation.customer && !operation.session) {
    it(`lets ${operation.scopes[0]} through`, async () => {
      const { projectKey } = await platform();
      const token = await adminToken([`${operation.scopes[0]}:${projectKey}`]);
      const response = await call(operation, token, projectKey, tokens.storeKey);
      // Past authorization, and answered: a 4xx about the request (404, 400) is fine, a 5xx is a failure.
      expect([401, 403]).not.toContain(response.status);
      expect(response.status).toBeLessThan(500);
    });
  } else {
    it(`needs a ${operation.session ? 'customer or anonymous session' : 'customer'} token even with the scope`, async () => {
      const { projectKey } = await platform();
      const token = await adminToken([`${operation.scopes[0]}:${projectKey}`]);
      expectRefused(await call(operation, token, projectKey, tokens.storeKey), 403, operation.method);
    });
  }
});
