import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import {
  createClient,
  createCustomer,
  createStore,
  customerDraft,
  oauth,
  passwordGrant,
  type Client,
} from './auth-helpers.js';

const OAUTH_ERROR = (status: number, code: string) => ({
  statusCode: status,
  message: expect.any(String),
  errors: [{ code, message: expect.any(String) }],
  error: code,
  error_description: expect.any(String),
});

describe('the token endpoint over raw HTTP', () => {
  let shop: Client;
  beforeAll(async () => {
    shop = await createClient(['manage_my_profile:{pk}', 'create_anonymous_token:{pk}', 'view_stores:{pk}']);
  });

  describe('client authentication and request errors', () => {
    it('answers a missing Basic header with 401 invalid_client and WWW-Authenticate: Basic', async () => {
      const response = await http('POST', '/oauth/token', { form: { grant_type: 'client_credentials' } });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic/);
      expect(response.body).toEqual(OAUTH_ERROR(401, 'invalid_client'));
      expect(response.headers.get('cache-control')).toBe('no-store');
    });

    it('decodes form-url-encoded client ids and secrets in the Basic header', async () => {
      const encoded = { ...shop, id: encodeURIComponent(shop.id), secret: encodeURIComponent(shop.secret) };
      const response = await oauth(encoded, '/oauth/token', { grant_type: 'client_credentials' });
      expect(response.status).toBe(200);
    });

    it.each([
      [{}, 400, 'invalid_request'],
      [{ grant_type: 'authorization_code' }, 400, 'unsupported_grant_type'],
      [{ grant_type: 'password', username: 'a', password: 'b' }, 400, 'unsupported_grant_type'],
      [{ grant_type: 'client_credentials', scope: 'manage_project:{pk}' }, 400, 'invalid_scope'],
      [{ grant_type: 'refresh_token' }, 400, 'invalid_request'],
      [{ grant_type: 'refresh_token', refresh_token: 'no-such-token' }, 400, 'invalid_grant'],
    ])('answers %j at /oauth/token with %i %s', async (form, status, code) => {
      const { projectKey } = await platform();
      const resolved = Object.fromEntries(
        Object.entries(form).map(([name, value]) => [name, value.replace('{pk}', projectKey)]),
      );
      const response = await oauth(shop, '/oauth/token', resolved);
      expect(response.status).toBe(status);
      expect(response.body).toEqual(OAUTH_ERROR(status, code));
      expect(response.headers.get('cache-control')).toBe('no-store');
    });

    it("refuses a client at another project's token path", async () => {
      const response = await oauth(shop, '/oauth/another-project/anonymous/token', {
        grant_type: 'client_credentials',
      });
      expect(response.status).toBe(401);
      expect(response.body.error).toBe('invalid_client');
    });
  });

  describe('password grant', () => {
    it('returns an access and a refresh token; the scope names the customer', async () => {
      const customer = await createCustomer();
      const response = await passwordGrant(shop, customer.email.toUpperCase(), customer.password);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.body).toEqual({
        access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        token_type: 'Bearer',
        expires_in: 172800,
        scope: expect.stringContaining(`customer_id:${customer.id}`),
      });
    });

    it('gives the same answer for an unknown e-mail and a wrong password', async () => {
      const customer = await createCustomer();
      const wrongPassword = await passwordGrant(shop, customer.email, 'not-the-password');
      const unknownEmail = await passwordGrant(shop, `x-${customer.email}`, customer.password);
      expect(wrongPassword.status).toBe(400);
      expect(wrongPassword.body).toEqual(unknownEmail.body);
      expect(wrongPassword.body).toEqual({
        ...OAUTH_ERROR(400, 'invalid_customer_account_credentials'),
        message: 'Customer account with the given credentials not found.',
        error_description: 'Customer account with the given credentials not found.',
      });
    });

    it('signs in store customers only in their Store, and global customers only globally', async () => {
      const storeKey = await createStore();
      const otherStore = await createStore();
      const inStore = await createCustomer(customerDraft(), storeKey);
      const global = await createCustomer();
      expect((await passwordGrant(shop, inStore.email, inStore.password, storeKey)).status).toBe(200);
      expect((await passwordGrant(shop, inStore.email, inStore.password, otherStore)).status).toBe(400);
      expect((await passwordGrant(shop, inStore.email, inStore.password)).status).toBe(400);
      expect((await passwordGrant(shop, global.email, global.password, storeKey)).status).toBe(400);
    });

    it('throttles failed attempts per customer before checking the password: even the right one is refused', async () => {
      const customer = await createCustomer();
      for (let attempt = 0; attempt < 10; attempt++) {
        expect((await passwordGrant(shop, customer.email, `wrong-${attempt}`)).status).toBe(400);
      }
      const throttled = await passwordGrant(shop, customer.email, customer.password);
      expect(throttled.status).toBe(429);
      expect(throttled.body.errors[0].code).toBe('TooManyRequests');
      expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
      // Other customers are not affected.
      const other = await createCustomer();
      expect((await passwordGrant(shop, other.email, other.password)).status).toBe(200);
    });

    it('throttles failed attempts per client and address across e-mails', async () => {
      const attacker = await createClient(['manage_my_profile:{pk}']);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 101; attempt++) {
        statuses.push((await passwordGrant(attacker, `guess-${attempt}@example.com`, 'password')).status);
      }
      expect(statuses.slice(0, 100).every((status) => status === 400)).toBe(true);
      expect(statuses[100]).toBe(429);
      const customer = await createCustomer();
      expect((await passwordGrant(shop, customer.email, customer.password)).status).toBe(200);
    });

    it('needs username and password', async () => {
      const { projectKey } = await platform();
      const response = await oauth(shop, `/oauth/${projectKey}/customers/token`, {
        grant_type: 'password',
        username: 'a@example.com',
      });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('invalid_request');
    });
  });

  describe('anonymous sessions', () => {
    const anonymous = async (client: Client, form: Record<string, string> = {}) => {
      const { projectKey } = await platform();
      return oauth(client, `/oauth/${projectKey}/anonymous/token`, {
        grant_type: 'client_credentials',
        ...form,
      });
    };

    it('generates an id, returns a refresh token, and the scope names the session', async () => {
      const response = await anonymous(shop);
      expect(response.status).toBe(200);
      expect(response.body.refresh_token).toEqual(expect.any(String));
      expect(response.body.scope).toMatch(/(^| )anonymous_id:[0-9a-f-]{36}( |$)/);
    });

    it('accepts a supplied unused id once and refuses it afterwards', async () => {
      const anonymousId = `session-${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const first = await anonymous(shop, { anonymous_id: anonymousId });
      expect(first.status).toBe(200);
      expect(first.body.scope.split(' ')).toContain(`anonymous_id:${anonymousId}`);
      const again = await anonymous(shop, { anonymous_id: anonymousId });
      expect(again.status).toBe(400);
      expect(again.body).toEqual(OAUTH_ERROR(400, 'invalid_request'));
    });

    it('needs a client with create_anonymous_token', async () => {
      const response = await anonymous(await createClient(['view_stores:{pk}']));
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('invalid_scope');
    });

    it('refuses a malformed id', async () => {
      expect((await anonymous(shop, { anonymous_id: 'has space' })).status).toBe(400);
    });
  });

  describe('refresh tokens', () => {
    it('renew the access token for the same client and scope, without a new refresh token', async () => {
      const customer = await createCustomer();
      const grant = await passwordGrant(shop, customer.email, customer.password);
      const renewed = await oauth(shop, '/oauth/token', {
        grant_type: 'refresh_token',
        refresh_token: grant.body.refresh_token,
      });
      expect(renewed.status).toBe(200);
      expect(renewed.body).toEqual({
        access_token: expect.any(String),
        token_type: 'Bearer',
        expires_in: 172800,
        scope: grant.body.scope,
      });
      expect(renewed.body.access_token).not.toBe(grant.body.access_token);
      const { projectKey } = await platform();
      const me = await http('GET', `/${projectKey}/me`, { token: renewed.body.access_token });
      expect(me.body.id).toBe(customer.id);
    });

    it('are refused to another client', async () => {
      const customer = await createCustomer();
      const grant = await passwordGrant(shop, customer.email, customer.password);
      const other = await createClient(['manage_my_profile:{pk}']);
      const response = await oauth(other, '/oauth/token', {
        grant_type: 'refresh_token',
        refresh_token: grant.body.refresh_token,
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        ...OAUTH_ERROR(400, 'invalid_grant'),
        message: 'The refresh token was not found. It may have expired.',
        error_description: 'The refresh token was not found. It may have expired.',
      });
    });

    it('renew an anonymous session, which keeps its id', async () => {
      const { projectKey } = await platform();
      const session = await oauth(shop, `/oauth/${projectKey}/anonymous/token`, {
        grant_type: 'client_credentials',
      });
      const renewed = await oauth(shop, '/oauth/token', {
        grant_type: 'refresh_token',
        refresh_token: session.body.refresh_token,
      });
      expect(renewed.status).toBe(200);
      expect(renewed.body.scope).toBe(session.body.scope);
    });
  });
});
