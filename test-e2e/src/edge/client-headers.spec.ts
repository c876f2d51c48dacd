import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
import { readFile } from 'node:fs/promises';
import { api, eventually } from '../support/api.js';
import { storeDraft } from '../support/factories.js';
import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { adminToken } from '../support/tokens.js';

describe('X-Correlation-ID: 8 to 256 letters, digits, _ and -', () => {
  it('echoes a valid id on data, auth and error answers', async () => {
    const { projectKey } = await platform();
    const id = `edge_${'x'.repeat(240)}`;
    const ok = await api.get('stores', { headers: { 'X-Correlation-ID': id } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-correlation-id')).toBe(id);
    const refused = await http('GET', `/${projectKey}/stores`, {
      headers: { 'X-Correlation-ID': 'abc-1234' },
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-correlation-id')).toBe('abc-1234');
  });

  it("is in the gateway's access log line of the request", async () => {
    const id = `access-log-${Date.now()}`;
    expect((await api.get('stores', { headers: { 'X-Correlation-ID': id } })).status).toBe(200);
    const { insights } = await platform();
    const line = await eventually(async () =>
      (await readFile(insights.logFile, 'utf8'))
        .split('\n')
        .find((entry) => entry.includes(`"correlationId":"${id}"`) && entry.includes('"msg":"request"')),
    );
    expect(JSON.parse(line)).toMatchObject({ correlationId: id, method: 'GET', status: 200 });
  });

  it('generates one when none is sent', async () => {
    const response = await api.get('stores');
    expect(response.headers.get('x-correlation-id')).toMatch(/^[A-Za-z0-9_-]{8,256}$/);
  });

  it.each(['short', 'x'.repeat(257), 'with.dots.inside', 'with space inside'])(
    'refuses the malformed id %j: 400 InvalidInput, a generated id in the answer',
    async (id) => {
      const response = await api.get('stores', { headers: { 'X-Correlation-ID': id } });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        statusCode: 400,
        message: expect.stringContaining('X-Correlation-ID'),
        errors: [{ code: 'InvalidInput', message: expect.stringContaining('X-Correlation-ID') }],
      });
      expect(response.headers.get('x-correlation-id')).toMatch(/^gw-/);
    },
  );

  it('works with the SDK correlation-id middleware', async () => {
    const { apiUrl, projectKey, clientId, clientSecret } = await platform();
    const id = `sdk-${Date.now()}-corr`;
    const client = new ClientBuilder()
      .withClientCredentialsFlow({ host: apiUrl, projectKey, credentials: { clientId, clientSecret } })
      .withCorrelationIdMiddleware({ generate: () => id })
      .withHttpMiddleware({ host: apiUrl })
      .build();
    const response = await createApiBuilderFromCtpClient(client)
      .withProjectKey({ projectKey })
      .stores()
      .get()
      .execute();
    expect(response.statusCode).toBe(200);
    expect([response.headers?.['x-correlation-id']].flat()).toEqual([id]);
  });
});

describe('X-External-User-ID', () => {
  it('is stored as externalUserId in createdBy and lastModifiedBy', async () => {
    const { clientId } = await platform();
    const created = await api.post('stores', storeDraft(), {
      headers: { 'X-External-User-ID': 'crm-user-42' },
    });
    expect(created.status).toBe(201);
    expect(created.body.createdBy).toMatchObject({ clientId, externalUserId: 'crm-user-42' });
    expect(created.body.lastModifiedBy).toMatchObject({ externalUserId: 'crm-user-42' });
    const client = await sdk();
    const updated = await client
      .stores()
      .withId({ ID: created.body.id })
      .post({
        body: { version: created.body.version, actions: [{ action: 'setName', name: { en: 'Renamed' } }] },
        headers: { 'X-External-User-ID': 'crm-user-7' },
      })
      .execute();
    expect(updated.body.createdBy).toMatchObject({ externalUserId: 'crm-user-42' });
    expect(updated.body.lastModifiedBy).toMatchObject({ clientId, externalUserId: 'crm-user-7' });
  });

  it.each(['jane.doe@example.com', 'jane@localhost', 'has space'])(
    'refuses %j (personal data, malformed) with 400 InvalidInput and stores nothing',
    async (value) => {
      const draft = storeDraft();
      const response = await api.post('stores', draft, { headers: { 'X-External-User-ID': value } });
      expect(response.status).toBe(400);
      expect(response.body.errors[0]).toMatchObject({
        code: 'InvalidInput',
        message: expect.stringContaining('X-External-User-ID'),
      });
      expect((await api.get(`stores/key=${draft.key}`)).status).toBe(404);
    },
  );

  it('is absent without the header', async () => {
    const created = await http('POST', `/${(await platform()).projectKey}/stores`, {
      token: await adminToken(),
      body: storeDraft(),
    });
    expect(created.body.createdBy.externalUserId).toBeUndefined();
  });
});
