import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
import { randomUUID } from 'node:crypto';
import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';

const notFound = (path: string) => ({
  statusCode: 404,
  message: `URI not found: ${path}`,
  errors: [{ code: 'ResourceNotFound', message: `URI not found: ${path}` }],
});

describe('unknown projects and paths', () => {
  it('answers 404 URI not found for a project that does not exist, token or scope aside', async () => {
    const path = `/missing-${randomUUID()}/stores`;
    const response = await http('GET', `${path}?limit=5`, { token: await adminToken() });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(notFound(path));
  });

  it("keeps 403 for a token of one project on another existing project's paths", async () => {
    const { otherProjectKey } = await platform();
    const response = await http('GET', `/${otherProjectKey}/stores`, { token: await adminToken() });
    expect(response.status).toBe(403);
    expect(response.body.errors[0].code).toBe('insufficient_scope');
  });

  it('answers 404 URI not found for an unknown path of an existing project', async () => {
    const { projectKey } = await platform();
    const path = `/${projectKey}/no-such-resources`;
    const response = await http('GET', path, { token: await adminToken() });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(notFound(path));
  });

  it('still asks for a token first: 401 without one, even for a project that does not exist', async () => {
    const response = await http('GET', `/missing-${randomUUID()}/stores`);
    expect(response.status).toBe(401);
    expect(response.body.errors[0].code).toBe('invalid_token');
  });

  it('gives the SDK a 404 with the error body for a project that does not exist', async () => {
    const { apiUrl, projectKey, clientId, clientSecret } = await platform();
    const client = new ClientBuilder()
      .withClientCredentialsFlow({ host: apiUrl, projectKey, credentials: { clientId, clientSecret } })
      .withHttpMiddleware({ host: apiUrl })
      .build();
    const missing = `missing-${randomUUID()}`;
    const api = createApiBuilderFromCtpClient(client).withProjectKey({ projectKey: missing });
    await expect(api.stores().get().execute()).rejects.toMatchObject({
      statusCode: 404,
      body: notFound(`/${missing}/stores`),
    });
  });
});
