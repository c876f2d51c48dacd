import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';

/**
 * What Fastify's router refuses before any route, found by the security suite's hostile-input run answering
 * without the API's error body: a path that is not valid percent-encoded UTF-8 (a lone surrogate's bytes) is
 * 400 InvalidInput, a path segment over 1024 characters 404 ResourceNotFound (no id or key is that long; the
 * choice is in router-errors.spec.ts).
 */
describe("the router's refusals", () => {
  it.each([
    ['a lone surrogate in the project key', 400, 'InvalidInput', () => '/%ED%A0%80/stores'],
    [
      'a lone surrogate in a key',
      400,
      'InvalidInput',
      (project: string) => `/${project}/stores/key=%ED%A0%80`,
    ],
    [
      'a byte that starts no UTF-8 character',
      400,
      'InvalidInput',
      (project: string) => `/${project}/stores/%FF`,
    ],
    ['a project key of 2,000 characters', 404, 'ResourceNotFound', () => `/${'p'.repeat(2000)}/stores`],
    [
      'a key of 2,000 characters',
      404,
      'ResourceNotFound',
      (project: string) => `/${project}/stores/key=${'k'.repeat(2000)}`,
    ],
  ])('%s is a %i with the error body', async (_, status, code, path) => {
    const { projectKey } = await platform();
    const response = await http('GET', path(projectKey), { token: await adminToken() });
    expect(response.status).toBe(status);
    expect(response.body).toEqual({
      statusCode: status,
      message: expect.any(String),
      errors: [{ code, message: expect.any(String) }],
    });
  });
});
