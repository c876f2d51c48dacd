import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';

const ORIGIN = 'https://shop.example';

describe('CORS (CORS_ORIGINS, * by default)', () => {
  it('answers a preflight with 204, the allowed origin, methods and headers, before authentication', async () => {
    const { projectKey } = await platform();
    const response = await http('OPTIONS', `/${projectKey}/stores`, {
      headers: {
        Origin: ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,x-correlation-id',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    const allowed = response.headers.get('access-control-allow-headers')!.toLowerCase();
    expect(allowed).toContain('authorization');
    expect(allowed).toContain('content-type');
    expect(allowed).toContain('x-correlation-id');
    expect(response.headers.get('access-control-max-age')).toBe('600');
  });

  it('lets a page read the answer and X-Correlation-ID', async () => {
    const { projectKey } = await platform();
    const response = await http('GET', `/${projectKey}/stores`, {
      token: await adminToken(),
      headers: { Origin: ORIGIN },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toContain('X-Correlation-ID');
  });

  it('adds the CORS headers to error answers too, so the page can read the error body', async () => {
    const { projectKey } = await platform();
    const response = await http('GET', `/${projectKey}/stores`, { headers: { Origin: ORIGIN } });
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers any OPTIONS as a preflight, without a body', async () => {
    const { projectKey } = await platform();
    const response = await http('OPTIONS', `/${projectKey}/stores`);
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
  });
});
