import { api } from '../support/api.js';
import { storeDraft } from '../support/factories.js';
import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';

const unsupported = (sent: string, accepted: string) => {
  const message = `Unsupported Media Type: the request body has ${sent}; send ${accepted}.`;
  return { statusCode: 415, message, errors: [{ code: 'UnsupportedMediaType', message }] };
};

/** POSTs bytes to the Stores endpoint with exactly these headers (fetch adds no Content-Type to a Buffer). */
async function postStore(body: string, headers: Record<string, string>) {
  const { apiUrl, projectKey } = await platform();
  const response = await fetch(`${apiUrl}/${projectKey}/stores`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminToken()}`, ...headers },
    body: Buffer.from(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('request media types: JSON for data, forms for OAuth, 415 for anything else', () => {
  it('refuses a body without Content-Type with 415, creating nothing', async () => {
    const draft = storeDraft();
    const response = await postStore(JSON.stringify(draft), {});
    expect(response).toEqual({ status: 415, body: unsupported('no Content-Type', 'application/json') });
    expect((await api.get(`stores/key=${draft.key}`)).status).toBe(404);
  });

  it('refuses a form-encoded body on a data endpoint with 415, creating nothing', async () => {
    const draft = storeDraft();
    const response = await postStore(new URLSearchParams({ key: draft.key }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response).toEqual({
      status: 415,
      body: unsupported('Content-Type application/x-www-form-urlencoded', 'application/json'),
    });
    expect((await api.get(`stores/key=${draft.key}`)).status).toBe(404);
  });

  it('refuses text/plain JSON with 415', async () => {
    const draft = storeDraft();
    const response = await postStore(JSON.stringify(draft), { 'content-type': 'text/plain;charset=UTF-8' });
    expect(response).toEqual({
      status: 415,
      body: unsupported('Content-Type text/plain;charset=UTF-8', 'application/json'),
    });
  });

  it('takes application/json with a charset, as SDKs send it', async () => {
    const draft = storeDraft();
    const response = await postStore(JSON.stringify(draft), {
      'content-type': 'application/json; charset=utf-8',
    });
    expect(response.status).toBe(201);
    expect(response.body.key).toBe(draft.key);
  });

  it('still takes form bodies on the OAuth endpoints, and refuses JSON-less media types there with 415', async () => {
    const { clientId, clientSecret } = await platform();
    const basic = { id: clientId, secret: clientSecret };
    const granted = await http('POST', '/oauth/token', { basic, form: { grant_type: 'client_credentials' } });
    expect(granted.status).toBe(200);
    expect(granted.body.access_token).toEqual(expect.any(String));
    const text = await http('POST', '/oauth/token', {
      basic,
      rawBody: 'grant_type=client_credentials',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(text.body).toEqual(
      unsupported('Content-Type text/plain', 'application/json or application/x-www-form-urlencoded'),
    );
  });
});
