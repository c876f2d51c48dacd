import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';

/** What Fastify's router refuses before any route runs answers with the API's error body and a correlation id. */
describe('paths the router refuses', () => {
  it('answers a path that does not percent-decode with 400 InvalidInput', async () => {
    const { projectKey } = await platform();
    const path = `/${projectKey}/stores/key=%ff`;
    const response = await http('GET', path, { token: await adminToken() });
    expect(response.status).toBe(400);
    const message = `Malformed URL: ${path} is not valid percent-encoding.`;
    expect(response.body).toEqual({ statusCode: 400, message, errors: [{ code: 'InvalidInput', message }] });
    expect(response.headers.get('x-correlation-id')).toMatch(/^gw-/);
  });

  it('answers an id of 5,000 characters with 404 ResourceNotFound: no resource has one', async () => {
    const { projectKey } = await platform();
    const path = `/${projectKey}/stores/${'a'.repeat(5_000)}`;
    const response = await http('GET', path, {
      token: await adminToken(),
      headers: { 'X-Correlation-ID': 'router-errors-long-id' },
    });
    expect(response.status).toBe(404);
    const message = `URI not found: ${path}`;
    expect(response.body).toEqual({
      statusCode: 404,
      message,
      errors: [{ code: 'ResourceNotFound', message }],
    });
    expect(response.headers.get('x-correlation-id')).toBe('router-errors-long-id');
  });
});
