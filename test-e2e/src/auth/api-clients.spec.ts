import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
import { uniqueKey } from '../support/factories.js';
import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { admin, clientToken, createClient, oauth } from './auth-helpers.js';

describe('API clients: /{projectKey}/api-clients', () => {
  it('creates a client (201) with the secret shown only then, and the defaults of the API', async () => {
    const { projectKey } = await platform();
    const name = uniqueKey('shop');
    const created = await admin('POST', '/api-clients', { name, scope: `view_stores:${projectKey}` });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/),
      name,
      scope: `view_stores:${projectKey}`,
      secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const read = await admin('GET', `/api-clients/${created.body.id}`);
    expect(read.status).toBe(200);
    const { secret: _secret, ...withoutSecret } = created.body;
    expect(read.body).toEqual(withoutSecret);
    // The defaults apply: a token lives 172800 seconds.
    const token = await oauth({ ...created.body }, '/oauth/token', { grant_type: 'client_credentials' });
    expect(token.body.expires_in).toBe(172800);
  });

  it('keeps the validities a draft sets, sets deleteAt, and records lastUsedAt as a date', async () => {
    const { projectKey } = await platform();
    const created = await admin('POST', '/api-clients', {
      name: 'validities',
      scope: `view_stores:${projectKey}`,
      accessTokenValiditySeconds: 3600,
      refreshTokenValiditySeconds: 30,
      deleteDaysAfterCreation: 2,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ accessTokenValiditySeconds: 3600, refreshTokenValiditySeconds: 30 });
    const deleteIn = Date.parse(created.body.deleteAt) - Date.parse(created.body.createdAt);
    expect(deleteIn).toBe(2 * 86_400_000);
    const token = await oauth(created.body, '/oauth/token', { grant_type: 'client_credentials' });
    expect(token.body.expires_in).toBe(3600);
    const read = await admin('GET', `/api-clients/${created.body.id}`);
    expect(read.body.lastUsedAt).toBe(new Date().toISOString().slice(0, 10));
  });

  it.each([
    [{ accessTokenValiditySeconds: 3599 }],
    [{ accessTokenValiditySeconds: 604801 }],
    [{ refreshTokenValiditySeconds: 29 }],
    [{ refreshTokenValiditySeconds: 31536001 }],
    [{ name: undefined }],
  ])('refuses a draft out of bounds: %j', async (fields) => {
    const { projectKey } = await platform();
    const response = await admin('POST', '/api-clients', {
      name: 'x',
      scope: `view_stores:${projectKey}`,
      ...fields,
    });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].code).toBe('InvalidJsonInput');
  });

  it.each(['view_stores:another-project', 'make_coffee:{pk}', 'customer_id:1', ''])(
    'refuses a scope that is not a scope of the project: %j',
    async (scope) => {
      const { projectKey } = await platform();
      const response = await admin('POST', '/api-clients', {
        name: 'x',
        scope: scope.replace('{pk}', projectKey),
      });
      expect(response.status).toBe(400);
      expect(['InvalidField', 'InvalidJsonInput']).toContain(response.body.errors[0].code);
    },
  );

  it('queries with the query conventions, and answers HEAD', async () => {
    const name = uniqueKey('queried');
    const client = await createClient(['view_stores:{pk}'], { name });
    const page = await admin(
      'GET',
      `/api-clients?where=${encodeURIComponent(`name = "${name}"`)}&sort=createdAt+asc`,
    );
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ offset: 0, limit: 20, count: 1, total: 1 });
    expect(page.body.results[0]).toMatchObject({ id: client.id, name });
    expect(page.body.results[0].secret).toBeUndefined();
    const limited = await admin('GET', '/api-clients?limit=1&withTotal=false');
    expect(limited.body.count).toBe(1);
    expect(limited.body.total).toBeUndefined();
    expect((await admin('GET', '/api-clients?limit=501')).status).toBe(400);
    expect((await admin('GET', '/api-clients?where=nonsense%20%3D%3D')).status).toBe(400);
    expect((await admin('HEAD', `/api-clients/${client.id}`)).status).toBe(200);
    expect((await admin('HEAD', '/api-clients/no-such-client')).status).toBe(404);
    expect((await admin('HEAD', `/api-clients?where=${encodeURIComponent(`name = "${name}"`)}`)).status).toBe(
      200,
    );
    expect(
      (await admin('HEAD', `/api-clients?where=${encodeURIComponent('name = "nobody-has-this"')}`)).status,
    ).toBe(404);
  });

  it('deletes a client (200, no secret); its tokens and credentials stop working at once', async () => {
    const { projectKey } = await platform();
    const client = await createClient(['view_stores:{pk}']);
    const token = await clientToken(client);
    expect((await http('GET', `/${projectKey}/stores`, { token })).status).toBe(200);
    const deleted = await admin('DELETE', `/api-clients/${client.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: client.id, scope: client.scope });
    expect(deleted.body.secret).toBeUndefined();
    expect((await http('GET', `/${projectKey}/stores`, { token })).status).toBe(401);
    expect((await oauth(client, '/oauth/token', { grant_type: 'client_credentials' })).status).toBe(401);
    expect((await admin('GET', `/api-clients/${client.id}`)).status).toBe(404);
    expect((await admin('DELETE', `/api-clients/${client.id}`)).status).toBe(404);
  });

  it('needs view_api_clients to read and manage_api_clients to write', async () => {
    const { projectKey } = await platform();
    const viewer = await clientToken(await createClient(['view_api_clients:{pk}']));
    expect((await http('GET', `/${projectKey}/api-clients`, { token: viewer })).status).toBe(200);
    const refused = await http('POST', `/${projectKey}/api-clients`, {
      token: viewer,
      body: { name: 'x', scope: `view_stores:${projectKey}` },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('insufficient_scope');
    const manager = await clientToken(await createClient(['manage_api_clients:{pk}', 'view_stores:{pk}']));
    expect((await http('GET', `/${projectKey}/api-clients`, { token: manager })).status).toBe(200);
    const allowed = await http('POST', `/${projectKey}/api-clients`, {
      token: manager,
      body: { name: 'narrow', scope: `view_stores:${projectKey}` },
    });
    expect(allowed.status).toBe(201);
  });

  it('never lets a caller hand out scopes it does not hold itself', async () => {
    const { projectKey } = await platform();
    const manager = await clientToken(await createClient(['manage_api_clients:{pk}']));
    const escalation = await http('POST', `/${projectKey}/api-clients`, {
      token: manager,
      body: { name: 'escalation', scope: `manage_project:${projectKey}` },
    });
    expect(escalation.status).toBe(403);
    expect(escalation.body.errors[0]).toMatchObject({
      code: 'insufficient_scope',
      message: expect.stringContaining(`manage_project:${projectKey}`),
    });
  });

  it('works through @commercetools/platform-sdk, and the new client works with the client-credentials flow', async () => {
    const api = await sdk();
    const { projectKey, apiUrl } = await platform();
    const created = await api
      .apiClients()
      .post({
        body: { name: 'sdk-client', scope: `view_stores:${projectKey} manage_customers:${projectKey}` },
      })
      .execute();
    expect(created.statusCode).toBe(201);
    expect(created.body.secret).toEqual(expect.any(String));

    const client = new ClientBuilder()
      .withProjectKey(projectKey)
      .withClientCredentialsFlow({
        host: apiUrl,
        projectKey,
        credentials: { clientId: created.body.id, clientSecret: created.body.secret! },
        scopes: [`view_stores:${projectKey}`],
        httpClient: fetch,
      })
      .withHttpMiddleware({ host: apiUrl, httpClient: fetch })
      .build();
    const narrow = createApiBuilderFromCtpClient(client).withProjectKey({ projectKey });
    expect((await narrow.stores().get().execute()).statusCode).toBe(200);
    await expect(narrow.customers().get().execute()).rejects.toMatchObject({ statusCode: 403 });

    const read = await api.apiClients().withId({ ID: created.body.id }).get().execute();
    expect(read.body.secret).toBeUndefined();
    const deleted = await api.apiClients().withId({ ID: created.body.id }).delete().execute();
    expect(deleted.statusCode).toBe(200);
  });
});
