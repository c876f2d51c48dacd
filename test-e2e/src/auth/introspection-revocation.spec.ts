import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import {
  clientToken,
  createClient,
  createCustomer,
  oauth,
  passwordGrant,
  revoke,
  until,
  type Client,
} from './auth-helpers.js';

const introspect = (client: Client, token?: string) =>
  oauth(client, '/oauth/introspect', token === undefined ? {} : { token });

describe('introspection: POST /oauth/introspect', () => {
  it('tells a client about its own token: active, scope, exp and client_id', async () => {
    const client = await createClient(['view_stores:{pk}']);
    const issuedFrom = Math.floor(Date.now() / 1000);
    const token = await clientToken(client);
    const issuedBy = Math.ceil(Date.now() / 1000);
    const response = await introspect(client, token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      active: true,
      scope: client.scope,
      exp: expect.any(Number),
      client_id: client.id,
    });
    // 48 hours from its issue, which happened while the token request was under way.
    expect(response.body.exp).toBeGreaterThanOrEqual(issuedFrom + 172800);
    expect(response.body.exp).toBeLessThanOrEqual(issuedBy + 172800);
  });

  it('lets a client with introspect_oauth_tokens (or manage_project) see any token of the project', async () => {
    const owner = await createClient(['view_stores:{pk}']);
    const token = await clientToken(owner);
    const introspector = await createClient(['introspect_oauth_tokens:{pk}']);
    expect((await introspect(introspector, token)).body).toMatchObject({ active: true, client_id: owner.id });
    const { clientId, clientSecret } = await platform();
    const admin = { id: clientId, secret: clientSecret, scope: '' };
    expect((await introspect(admin, token)).body).toMatchObject({ active: true, client_id: owner.id });
  });

  it('answers active false and nothing else when the caller may not see the token', async () => {
    const owner = await createClient(['view_stores:{pk}']);
    const token = await clientToken(owner);
    const stranger = await createClient(['view_stores:{pk}']);
    const response = await introspect(stranger, token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ active: false });
  });

  it.each([
    ['an unknown token', 'no-such-token'],
    ['an empty token', ''],
    ['no token', undefined],
  ])('answers active false for %s', async (_case, token) => {
    const client = await createClient(['view_stores:{pk}']);
    expect((await introspect(client, token)).body).toEqual({ active: false });
  });

  it('answers a revoked token with active false, and introspects refresh tokens too', async () => {
    const shop = await createClient(['manage_my_profile:{pk}']);
    const customer = await createCustomer();
    const grant = await passwordGrant(shop, customer.email, customer.password);
    expect((await introspect(shop, grant.body.refresh_token)).body.active).toBe(true);
    await revoke(shop, grant.body.access_token);
    expect((await introspect(shop, grant.body.access_token)).body).toEqual({ active: false });
  });

  it('refuses bad client credentials with 401 invalid_client', async () => {
    const response = await introspect({ id: 'nobody', secret: 'nothing', scope: '' }, 'x');
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('invalid_client');
  });
});

describe('revocation: POST /oauth/token/revoke', () => {
  it('revokes an access token, which every request refuses within one second', async () => {
    const { projectKey } = await platform();
    const client = await createClient(['view_stores:{pk}']);
    const token = await clientToken(client);
    // Warm the gateway's token cache first: revocation must reach the cache, not only the database.
    expect((await http('GET', `/${projectKey}/stores`, { token })).status).toBe(200);
    const response = await revoke(client, token, 'access_token');
    expect(response.status).toBe(200);
    expect(response.body).toBeUndefined();
    const elapsed = await until(
      async () => (await http('GET', `/${projectKey}/stores`, { token })).status === 401,
      1_000,
    );
    expect(elapsed).toBeLessThanOrEqual(1_000);
    const refused = await http('GET', `/${projectKey}/stores`, { token });
    expect(refused.body.errors[0].code).toBe('invalid_token');
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('revokes with a wrong type hint all the same', async () => {
    const client = await createClient(['view_stores:{pk}']);
    const token = await clientToken(client);
    expect((await revoke(client, token, 'refresh_token')).status).toBe(200);
    expect((await introspect(client, token)).body).toEqual({ active: false });
  });

  it('revoking a refresh token revokes it and the access tokens issued with it', async () => {
    const { projectKey } = await platform();
    const shop = await createClient(['manage_my_profile:{pk}']);
    const customer = await createCustomer();
    const grant = await passwordGrant(shop, customer.email, customer.password);
    const renewed = await oauth(shop, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: grant.body.refresh_token,
    });
    for (const token of [grant.body.access_token, renewed.body.access_token]) {
      expect((await http('GET', `/${projectKey}/me`, { token })).status).toBe(200);
    }
    expect((await revoke(shop, grant.body.refresh_token, 'refresh_token')).status).toBe(200);
    for (const token of [grant.body.access_token, renewed.body.access_token]) {
      await until(async () => (await http('GET', `/${projectKey}/me`, { token })).status === 401, 1_000);
    }
    const again = await oauth(shop, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: grant.body.refresh_token,
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
  });

  it("answers 200 for another client's token and leaves it alone", async () => {
    const owner = await createClient(['view_stores:{pk}']);
    const token = await clientToken(owner);
    const other = await createClient(['view_stores:{pk}']);
    expect((await revoke(other, token)).status).toBe(200);
    expect((await introspect(owner, token)).body.active).toBe(true);
  });

  it.each([
    ['an unknown token', { token: 'no-such-token' }],
    ['no token', {}],
    ['an unknown hint', { token: 'x', token_type_hint: 'id_token' }],
  ])('answers 200 for an invalid request: %s', async (_case, form) => {
    const client = await createClient(['view_stores:{pk}']);
    expect((await oauth(client, '/oauth/token/revoke', form)).status).toBe(200);
  });

  it('still needs the client to authenticate', async () => {
    const response = await revoke({ id: 'nobody', secret: 'nothing', scope: '' }, 'x');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic/);
  });
});
