import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';

/**
 * What Fastify's router refuses before any route, found by the security suite's hostile-input run answering
 * without the API's error body: a path that is not valid percent-encoded UTF-8 (a lone surrogate's bytes), and
 * a path segment over 1024 characters.
 */
describe("the router's refusals", () => {
  it.each([
    ['a lone surrogate in the project key', () => '/%ED%A0%80/stores'],
    ['a lone surrogate in a key', (project: string) => `/${project}/stores/key=%ED%A0%80`],
    ['a byte that starts no UTF-8 character', (project: string) => `/${project}/stores/%FF`],
    ['a project key of 2,000 characters', () => `/${'p'.repeat(2000)}/stores`],
    ['a key of 2,000 characters', (project: string) => `/${project}/stores/key=${'k'.repeat(2000)}`],
  ])('%s is a 400 with the error body', async (_, path) => {
    const { projectKey } = await platform();
    const response = await http('GET', path(projectKey), { token: await adminToken() });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      statusCode: 400,
      message: expect.any(String),
      errors: [{ code: 'InvalidInput', message: expect.any(String) }],
    });
  });
});
