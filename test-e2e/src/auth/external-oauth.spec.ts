import { randomBytes } from 'node:crypto';
import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { admin, createCustomer, introspectionServer, json } from './auth-helpers.js';

/** Sets (or with no argument removes) the project's external OAuth configuration. */
async function setExternalOAuth(externalOAuth?: { url: string; authorizationHeader: string }) {
  const { version } = (await admin('GET', '')).body;
  const response = await admin('POST', '', {
    version,
    actions: [{ action: 'setExternalOAuth', externalOAuth }],
  });
  if (response.status !== 200) throw new Error(`setExternalOAuth failed: ${JSON.stringify(response.body)}`);
}

const externalToken = () => `ext.${randomBytes(24).toString('base64url')}`;

describe('external OAuth: tokens of an external server, introspected at its URL', () => {
  afterEach(() => setExternalOAuth());

  it('introspects exactly as the spec says and honours only the scopes the platform defines', async () => {
    const { projectKey } = await platform();
    const server = await introspectionServer((_request, response) =>
      json(response, {
        active: true,
        scope: `view_stores:${projectKey} openid write:all manage_project:another-project`,
        exp: Math.floor(Date.now() / 1000) + 3600,
        client_id: 'external-client',
      }),
    );
    try {
      await setExternalOAuth({ url: server.url, authorizationHeader: 'Basic ZXh0ZXJuYWw6c2VjcmV0' });
      const token = externalToken();
      const stores = await http('GET', `/${projectKey}/stores`, {
        token,
        headers: { 'X-Correlation-ID': 'external-oauth-correlation-1' },
      });
      expect(stores.status).toBe(200);
      expect(server.seen).toHaveLength(1);
      const [call] = server.seen;
      expect(call.method).toBe('POST');
      expect(call.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(call.headers.authorization).toBe('Basic ZXh0ZXJuYWw6c2VjcmV0');
      expect(call.headers['x-correlation-id']).toBe('external-oauth-correlation-1');
      expect(new URLSearchParams(call.body).get('token')).toBe(token);
      expect([...new URLSearchParams(call.body).keys()]).toEqual(['token']);

      // Only view_stores was honoured: writing needs a scope the external token does not carry for us.
      const write = await http('POST', `/${projectKey}/stores`, { token, body: { key: 'ext-store-x' } });
      expect(write.status).toBe(403);
      // The answer is cached: no second call.
      expect(server.seen).toHaveLength(1);
      // Tokens the platform issued keep working alongside.
      expect((await admin('GET', '/stores')).status).toBe(200);
      expect(server.seen).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('reads customer_id from the scope for /me, and external_user_id for the client-logging fields', async () => {
    const { projectKey } = await platform();
    const customer = await createCustomer();
    const server = await introspectionServer((_request, response) =>
      json(response, {
        active: true,
        scope: `manage_my_profile:${projectKey} manage_stores:${projectKey} customer_id:${customer.id} external_user_id:ext-user-7`,
      }),
    );
    try {
      await setExternalOAuth({ url: server.url, authorizationHeader: 'Bearer introspection-credential' });
      const token = externalToken();
      const me = await http('GET', `/${projectKey}/me`, { token });
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(customer.id);
      const store = await http('POST', `/${projectKey}/stores`, {
        token,
        body: { key: `ext-${randomBytes(4).toString('hex')}`, name: { en: 'x' } },
      });
      expect(store.status).toBe(201);
      expect(store.body.createdBy).toMatchObject({
        externalUserId: 'ext-user-7',
        customer: { id: customer.id },
      });
    } finally {
      await server.close();
    }
  });

  it('answers an inactive token with 401 invalid_token', async () => {
    const { projectKey } = await platform();
    const server = await introspectionServer((_request, response) => json(response, { active: false }));
    try {
      await setExternalOAuth({ url: server.url, authorizationHeader: 'Basic x' });
      const response = await http('GET', `/${projectKey}/stores`, { token: externalToken() });
      expect(response.status).toBe(401);
      expect(response.body.errors[0].code).toBe('invalid_token');
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    } finally {
      await server.close();
    }
  });

  it('gives up after 500 ms, without retrying, with a clear 401', async () => {
    const { projectKey } = await platform();
    let abandoned!: () => void;
    const gaveUp = new Promise<void>((resolve) => (abandoned = resolve));
    // The server never answers: only the gateway's own deadline can end the request.
    const server = await introspectionServer((_request, response) => response.on('close', abandoned));
    try {
      await setExternalOAuth({ url: server.url, authorizationHeader: 'Basic x' });
      const response = await http('GET', `/${projectKey}/stores`, { token: externalToken() });
      expect(response.status).toBe(401);
      expect(response.body.errors[0]).toMatchObject({
        code: 'ExternalOAuthFailed',
        message: expect.stringContaining('500 ms'),
      });
      await gaveUp; // the gateway closed its connection to the endpoint
      expect(server.seen).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it.each([
    ['an HTTP 500', (response: import('node:http').ServerResponse) => json(response, { error: 'boom' }, 500)],
    ['no JSON', (response: import('node:http').ServerResponse) => response.end('<html>')],
    ['no scope', (response: import('node:http').ServerResponse) => json(response, { active: true })],
  ])('answers %s from the endpoint with 401 ExternalOAuthFailed', async (_case, answer) => {
    const { projectKey } = await platform();
    const server = await introspectionServer((_request, response) => answer(response));
    try {
      await setExternalOAuth({ url: server.url, authorizationHeader: 'Basic x' });
      const response = await http('GET', `/${projectKey}/stores`, { token: externalToken() });
      expect(response.status).toBe(401);
      expect(response.body.errors[0].code).toBe('ExternalOAuthFailed');
    } finally {
      await server.close();
    }
  });

  it('never accepts an answer whose exp has passed, though it says active', async () => {
    const { projectKey } = await platform();
    const server = await introspectionServer((_request, response) =>
      json(response, { active: true, scope: `view_stores:${projectKey}`, exp: 1_000_000_000 }),
    );
    try {
      await setExternalOAuth({ url: server.url, authorizationHeader: 'Basic x' });
      const token = externalToken();
      expect((await http('GET', `/${projectKey}/stores`, { token })).status).toBe(401);
      expect((await http('GET', `/${projectKey}/stores`, { token })).status).toBe(401);
    } finally {
      await server.close();
    }
  });

  it('does not call out for a project without external OAuth', async () => {
    const { projectKey } = await platform();
    const response = await http('GET', `/${projectKey}/stores`, { token: externalToken() });
    expect(response.status).toBe(401);
    expect(response.body.errors[0].code).toBe('invalid_token');
  });
});
