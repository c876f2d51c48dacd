import { storeDraft, uniqueKey } from './support/factories.js';
import { http } from './support/http.js';
import { platform } from './support/platform.js';
import { sdk } from './support/sdk.js';
import { adminToken } from './support/tokens.js';

describe('walking skeleton: token -> gateway -> messaging -> stores-service -> database', () => {
  it('issues a client-credentials token with the OAuth fields and no-store caching', async () => {
    const { clientId, clientSecret, projectKey } = await platform();
    const response = await http('POST', '/oauth/token', {
      basic: { id: clientId, secret: clientSecret },
      form: { grant_type: 'client_credentials' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      token_type: 'Bearer',
      expires_in: 172800,
      scope: `manage_project:${projectKey}`,
    });
  });

  it('accepts scopes sent unencoded with raw spaces, as the SDK sends them', async () => {
    const { clientId, clientSecret, projectKey } = await platform();
    const response = await http('POST', '/oauth/token', {
      basic: { id: clientId, secret: clientSecret },
      rawForm: `grant_type=client_credentials&scope=view_stores:${projectKey} manage_stores:${projectKey}`,
    });
    expect(response.status).toBe(200);
    expect(response.body.scope).toBe(`view_stores:${projectKey} manage_stores:${projectKey}`);
  });

  it('creates a Store (201) and reads it back by id and by key', async () => {
    const token = await adminToken();
    const { projectKey, clientId } = await platform();
    const draft = storeDraft({ languages: ['en'], countries: [{ code: 'DE' }] });
    const created = await http('POST', `/${projectKey}/stores`, { token, body: draft });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(String),
      version: 1,
      key: draft.key,
      name: draft.name,
      languages: ['en'],
      countries: [{ code: 'DE' }],
      distributionChannels: [],
      supplyChannels: [],
      productSelections: [],
      createdBy: { clientId },
    });
    const byId = await http('GET', `/${projectKey}/stores/${created.body.id}`, { token });
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(created.body);
    const byKey = await http('GET', `/${projectKey}/stores/key=${draft.key}`, { token });
    expect(byKey.status).toBe(200);
    expect(byKey.body).toEqual(created.body);
  });

  it('answers 404 ResourceNotFound for a Store that does not exist', async () => {
    const token = await adminToken();
    const { projectKey } = await platform();
    const response = await http('GET', `/${projectKey}/stores/key=${uniqueKey('missing')}`, { token });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      statusCode: 404,
      message: expect.stringContaining('was not found'),
      errors: [{ code: 'ResourceNotFound', message: expect.stringContaining('was not found') }],
    });
  });

  it('works unchanged through @commercetools/platform-sdk and ts-client', async () => {
    const api = await sdk();
    const draft = storeDraft();
    const created = await api.stores().post({ body: draft }).execute();
    expect(created.statusCode).toBe(201);
    const byKey = await api.stores().withKey({ key: draft.key }).get().execute();
    expect(byKey.body.id).toBe(created.body.id);
    const byId = await api.stores().withId({ ID: created.body.id }).get().execute();
    expect(byId.body.key).toBe(draft.key);
    await expect(
      api
        .stores()
        .withKey({ key: uniqueKey('nope') })
        .get()
        .execute(),
    ).rejects.toMatchObject({
      statusCode: 404,
      body: { statusCode: 404, errors: [{ code: 'ResourceNotFound' }] },
    });
  });
});

describe('errors at the edge', () => {
  it('refuses a request without a token: 401 invalid_token with WWW-Authenticate Bearer', async () => {
    const { projectKey } = await platform();
    const response = await http('GET', `/${projectKey}/stores/key=x1`);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(response.body).toMatchObject({
      statusCode: 401,
      error: 'invalid_token',
      errors: [{ code: 'invalid_token' }],
    });
  });

  it('refuses an unknown token with 401', async () => {
    const { projectKey } = await platform();
    const response = await http('GET', `/${projectKey}/stores/key=x1`, { token: 'not-a-real-token' });
    expect(response.status).toBe(401);
    expect(response.body.errors[0].code).toBe('invalid_token');
  });

  it('refuses a token without the needed scope: 403 insufficient_scope', async () => {
    const { projectKey } = await platform();
    const token = await adminToken([`view_stores:${projectKey}`]);
    const response = await http('POST', `/${projectKey}/stores`, { token, body: storeDraft() });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      error: 'insufficient_scope',
      errors: [{ code: 'insufficient_scope' }],
    });
  });

  it("refuses a token of one project on another project's paths with 403", async () => {
    const token = await adminToken();
    const { otherProjectKey } = await platform();
    const response = await http('GET', `/${otherProjectKey}/stores`, { token });
    expect(response.status).toBe(403);
    expect(response.body.errors[0].code).toBe('insufficient_scope');
  });

  it('refuses wrong client credentials: 401 invalid_client with WWW-Authenticate Basic', async () => {
    const { clientId } = await platform();
    const response = await http('POST', '/oauth/token', {
      basic: { id: clientId, secret: 'wrong-secret' },
      form: { grant_type: 'client_credentials' },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(response.body).toEqual({
      statusCode: 401,
      message: 'Please provide valid client credentials using HTTP Basic Authentication.',
      errors: [
        {
          code: 'invalid_client',
          message: 'Please provide valid client credentials using HTTP Basic Authentication.',
        },
      ],
      error: 'invalid_client',
      error_description: 'Please provide valid client credentials using HTTP Basic Authentication.',
    });
  });

  it('refuses a scope the client does not hold: 400 invalid_scope', async () => {
    const { clientId, clientSecret } = await platform();
    const response = await http('POST', '/oauth/token', {
      basic: { id: clientId, secret: clientSecret },
      form: { grant_type: 'client_credentials', scope: 'manage_project:someone-else' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_scope');
  });

  it('answers an unknown route with 404 in the API error shape', async () => {
    const response = await http('GET', '/no/such/route/here');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ statusCode: 404, errors: [{ code: 'ResourceNotFound' }] });
    expect(response.body.message).toContain('URI not found');
  });

  it('answers malformed JSON with 400 InvalidJsonInput', async () => {
    const token = await adminToken();
    const { projectKey } = await platform();
    const response = await http('POST', `/${projectKey}/stores`, { token, rawBody: '{"key": ' });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({
      code: 'InvalidJsonInput',
      detailedErrorMessage: expect.any(String),
    });
  });

  it('answers an invalid draft with 400 InvalidJsonInput naming the field', async () => {
    const token = await adminToken();
    const { projectKey } = await platform();
    const response = await http('POST', `/${projectKey}/stores`, { token, body: { key: 'x' } });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].code).toBe('InvalidJsonInput');
    expect(response.body.errors[0].detailedErrorMessage).toContain('key');
  });

  it('answers a duplicate key with 400 DuplicateField', async () => {
    const token = await adminToken();
    const { projectKey } = await platform();
    const draft = storeDraft();
    expect((await http('POST', `/${projectKey}/stores`, { token, body: draft })).status).toBe(201);
    const again = await http('POST', `/${projectKey}/stores`, { token, body: draft });
    expect(again.status).toBe(400);
    expect(again.body.errors[0]).toMatchObject({
      code: 'DuplicateField',
      field: 'key',
      duplicateValue: draft.key,
    });
  });

  it('accepts the SDK habit of Content-Type: application/json on a GET without a body', async () => {
    const token = await adminToken();
    const { projectKey } = await platform();
    const response = await http('GET', `/${projectKey}/stores`, {
      token,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
  });
});

describe('correlation ids and health', () => {
  it('echoes a valid X-Correlation-ID and generates one otherwise', async () => {
    const echoed = await http('GET', '/health', { headers: { 'X-Correlation-ID': 'my-correlation-1234' } });
    expect(echoed.headers.get('x-correlation-id')).toBe('my-correlation-1234');
    const generated = await http('GET', '/health');
    expect(generated.headers.get('x-correlation-id')).toMatch(/^[A-Za-z0-9_-]{8,256}$/);
  });

  it('reports liveness and readiness of the gateway without a token', async () => {
    expect((await http('GET', '/health')).status).toBe(200);
    const ready = await http('GET', '/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ok');
  });
});
