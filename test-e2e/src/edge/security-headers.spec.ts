import { api } from '../support/api.js';
import { http } from '../support/http.js';

const API_CSP = "default-src 'none';frame-ancestors 'none'";

function expectApiHeaders(headers: Headers): void {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('content-security-policy')).toBe(API_CSP);
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
  // Product images are shown on the merchants' own sites.
  expect(headers.get('cross-origin-resource-policy')).toBe('cross-origin');
}

describe('security headers (a JSON API: nothing loads, runs or frames)', () => {
  it('are on data answers and on error answers', async () => {
    expectApiHeaders((await api.get('stores?limit=1')).headers);
    expectApiHeaders((await http('GET', '/health')).headers);
    const refused = await http('GET', '/no-such-project/stores');
    expect(refused.status).toBe(401);
    expectApiHeaders(refused.headers);
  });

  it("let /docs run the gateway's own scripts and nothing inline", async () => {
    const docs = await http('GET', '/docs');
    expect(docs.status).toBe(200);
    const policy = docs.headers.get('content-security-policy') ?? '';
    const directives = Object.fromEntries(
      policy.split(';').map((directive) => {
        const [name, ...values] = directive.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(docs.headers.get('x-frame-options')).toBe('DENY');
  });
});
