import Fastify from 'fastify';
import helmet from 'helmet';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DOCS_PAGE_HEADERS, securityHeadersOf, setUpSecurityHeaders } from './security-headers.js';

/** The headers helmet's middleware sets on a real response of Node's HTTP server. */
async function helmetOnARealResponse(options: Parameters<typeof helmet>[0]): Promise<IncomingHttpHeaders> {
  const middleware = helmet(options);
  const server = createServer((request, response) => middleware(request, response, () => response.end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    const headers: IncomingHttpHeaders = {};
    answer.headers.forEach((value, name) => (headers[name] = value));
    return headers;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

const BASE_HEADERS = new Set(['connection', 'content-length', 'date', 'keep-alive', 'transfer-encoding']);

describe(securityHeadersOf.name, () => {
  // Catches a helmet upgrade that sets headers some other way than its middleware's setHeader/removeHeader.
  it.each([
    ['the defaults', {}],
    ["the docs page's", DOCS_PAGE_HEADERS],
  ])('computes exactly what helmet sets on a real response, for %s', async (_name, options) => {
    const real = await helmetOnARealResponse(options);
    const expected = Object.fromEntries(Object.entries(real).filter(([name]) => !BASE_HEADERS.has(name)));
    expect(securityHeadersOf(options)).toEqual(expected);
    expect(Object.keys(expected).length).toBeGreaterThan(5);
  });
});

describe(setUpSecurityHeaders.name, () => {
  it("sets the API's headers on every answer, and a route's own where it has them", async () => {
    const fastify = Fastify();
    setUpSecurityHeaders(fastify);
    fastify.get('/data', async () => ({ ok: true }));
    fastify.get('/docs', { config: { securityHeaders: DOCS_PAGE_HEADERS } }, async () => 'page');
    const data = await fastify.inject({ method: 'GET', url: '/data' });
    expect(data.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(data.headers['x-frame-options']).toBe('DENY');
    expect(data.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const docs = await fastify.inject({ method: 'GET', url: '/docs' });
    expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
    expect(docs.headers['x-frame-options']).toBe('DENY');
    const missing = await fastify.inject({ method: 'GET', url: '/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    await fastify.close();
  });
});
