import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { adminToken } from '../support/tokens.js';
import { rawExchange, requestText } from './raw-socket.js';

const errorBody = (statusCode: number, code: string) => ({
  statusCode,
  message: expect.any(String),
  errors: [{ code, message: expect.any(String) }],
});

async function withToken(headers: Record<string, string> = {}) {
  return { Authorization: `Bearer ${await adminToken()}`, ...headers };
}

describe('blocked requests (spec: Errors), each with the API error body', () => {
  it.each(['GET', 'DELETE'])('refuses a %s with a JSON body: 400 InvalidInput', async (method) => {
    const { projectKey } = await platform();
    const body = '{"key":"x"}';
    const headers = await withToken({
      'Content-Type': 'application/json',
      'Content-Length': `${body.length}`,
    });
    const response = await rawExchange(
      requestText(`${method} /${projectKey}/stores/key=some-store?version=1 HTTP/1.1`, headers, body),
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errorBody(400, 'InvalidInput'));
    expect(response.body.message).toBe(`A ${method} request must not have a body.`);
  });

  it('refuses a HEAD with a body: 400 without a body (HEAD)', async () => {
    const { projectKey } = await platform();
    const headers = await withToken({ 'Content-Type': 'text/plain', 'Content-Length': '3' });
    const response = await rawExchange(requestText(`HEAD /${projectKey}/stores HTTP/1.1`, headers, 'abc'));
    expect(response.status).toBe(400);
  });

  it('refuses a chunked body on a GET', async () => {
    const { projectKey } = await platform();
    const headers = await withToken({ 'Transfer-Encoding': 'chunked' });
    const response = await rawExchange(
      requestText(`GET /${projectKey}/stores HTTP/1.1`, headers, '3\r\nabc\r\n0\r\n\r\n'),
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errorBody(400, 'InvalidInput'));
  });

  it('accepts Content-Type: application/json with an empty body on GET, HEAD and DELETE', async () => {
    const { projectKey } = await platform();
    const headers = { 'content-type': 'application/json' };
    const token = await adminToken();
    expect((await http('GET', `/${projectKey}/stores`, { token, headers })).status).toBe(200);
    expect((await http('HEAD', `/${projectKey}/stores`, { token, headers })).status).not.toBe(400);
    const deleted = await http('DELETE', `/${projectKey}/stores/key=no-such-store?version=1`, {
      token,
      headers: { ...headers, 'content-length': '0' },
    });
    expect(deleted.status).toBe(404);
  });

  it('keeps working through the official SDK, which sends Content-Type: application/json everywhere', async () => {
    const api = await sdk();
    const created = await api
      .stores()
      .post({ body: { key: `edge-${Date.now()}` } })
      .execute();
    expect((await api.stores().withId({ ID: created.body.id }).get().execute()).statusCode).toBe(200);
    expect((await api.stores().withId({ ID: created.body.id }).head().execute()).statusCode).toBe(200);
    const deleted = await api
      .stores()
      .withId({ ID: created.body.id })
      .delete({ queryArgs: { version: created.body.version } })
      .execute();
    expect(deleted.statusCode).toBe(200);
  });

  it.each(['websocket', 'h2c'])('refuses an Upgrade header (%s): 400 InvalidInput', async (protocol) => {
    const { projectKey } = await platform();
    const headers = await withToken({ Upgrade: protocol, Connection: 'Upgrade' });
    const response = await rawExchange(requestText(`GET /${projectKey}/stores HTTP/1.1`, headers));
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errorBody(400, 'InvalidInput'));
    expect(response.body.message).toContain('Upgrade');
  });

  it('refuses URL plus headers over 15 KB: 431 with the API error body', async () => {
    const { projectKey } = await platform();
    const response = await http('GET', `/${projectKey}/stores`, {
      token: await adminToken(),
      headers: { 'X-Padding': 'a'.repeat(16 * 1024) },
    });
    expect(response.status).toBe(431);
    expect(response.body).toEqual(errorBody(431, 'RequestHeaderFieldsTooLarge'));
    const longUrl = await http('GET', `/${projectKey}/stores?where=${'a'.repeat(16 * 1024)}`);
    expect(longUrl.status).toBe(431);
    expect(longUrl.body).toEqual(errorBody(431, 'RequestHeaderFieldsTooLarge'));
  });

  it('accepts URL plus headers a little under the limit', async () => {
    const { projectKey } = await platform();
    const response = await http('GET', `/${projectKey}/stores`, {
      token: await adminToken(),
      headers: { 'X-Padding': 'a'.repeat(12 * 1024) },
    });
    expect(response.status).toBe(200);
  });

  it.each(['HTTP/1.2', 'HTTP/3.1', 'HTTP/2.0', 'HTTP/0.9'])(
    'refuses the HTTP version %s: 505 with the API error body',
    async (version) => {
      const response = await rawExchange(requestText(`GET /health ${version}`, {}));
      expect(response.status).toBe(505);
      expect(response.body).toEqual(errorBody(505, 'HttpVersionNotSupported'));
    },
  );

  it('answers HTTP/1.0 as usual', async () => {
    const response = await rawExchange(requestText('GET /health HTTP/1.0', {}));
    expect(response.status).toBe(200);
  });
});
