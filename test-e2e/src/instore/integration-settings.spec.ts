import { createClient, clientToken } from '../auth/auth-helpers.js';
import { api } from '../support/api.js';
import { http } from '../support/http.js';
import { platform } from '../support/platform.js';

const PATH = 'in-store-integration';
const KEY = 'callback-key-0123456789-abcdef';

async function put(body: unknown) {
  return api.request('PUT', PATH, { body });
}

beforeEach(async () => {
  await api.delete(PATH);
});

describe('in-store integration settings', () => {
  it('needs the Callback API Key the first time, then keeps it write-only', async () => {
    const first = await put({ tokenRetrievalUrl: 'http://127.0.0.1:8090/tokens' });
    expect(first.status).toBe(400);
    expect(first.body.errors[0]).toMatchObject({ code: 'RequiredField', field: 'callbackApiKey' });
    expect((await api.get(PATH)).status).toBe(404);

    const created = await put({ tokenRetrievalUrl: 'http://127.0.0.1:8090/tokens/', callbackApiKey: KEY });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      tokenRetrievalUrl: 'http://127.0.0.1:8090/tokens',
      callbackApiKeyConfigured: true,
      version: 1,
    });
    const read = await api.get(PATH);
    expect(read.body).toEqual(created.body);
    expect(JSON.stringify(read.body)).not.toContain(KEY);
    expect(JSON.stringify(read.body)).not.toContain(KEY.slice(-4));

    const moved = await put({ tokenRetrievalUrl: 'http://127.0.0.1:8091/tokens' });
    expect(moved.body).toMatchObject({
      tokenRetrievalUrl: 'http://127.0.0.1:8091/tokens',
      version: 2,
      callbackApiKeySetAt: created.body.callbackApiKeySetAt,
    });
    const rekeyed = await put({
      tokenRetrievalUrl: 'http://127.0.0.1:8091/tokens',
      callbackApiKey: `${KEY}-2`,
    });
    expect(rekeyed.body.version).toBe(3);
    expect(JSON.stringify(rekeyed.body)).not.toContain(KEY);
  });

  it('answers bad drafts with the error body', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'InvalidJsonInput'],
      [{ tokenRetrievalUrl: 42, callbackApiKey: KEY }, 'InvalidJsonInput'],
      [{ tokenRetrievalUrl: 'https://pos.example.com/t', callbackApiKey: 'short' }, 'InvalidJsonInput'],
      [
        { tokenRetrievalUrl: 'https://pos.example.com/t', callbackApiKey: `${KEY} with space` },
        'InvalidJsonInput',
      ],
      [{ tokenRetrievalUrl: 'not a url', callbackApiKey: KEY }, 'InvalidField'],
      [{ tokenRetrievalUrl: 'ftp://pos.example.com/t', callbackApiKey: KEY }, 'InvalidField'],
      [{ tokenRetrievalUrl: 'https://pos.example.com/t?a=1', callbackApiKey: KEY }, 'InvalidField'],
      [{ tokenRetrievalUrl: 'https://u:p@pos.example.com/t', callbackApiKey: KEY }, 'InvalidField'],
    ];
    for (const [body, code] of cases) {
      const response = await put(body);
      expect({ body, status: response.status, code: response.body.errors?.[0]?.code }).toEqual({
        body,
        status: 400,
        code,
      });
      expect(JSON.stringify(response.body)).not.toContain(KEY);
    }
    expect((await api.get(PATH)).status).toBe(404);
  });

  it('deletes the settings', async () => {
    await put({ tokenRetrievalUrl: 'https://pos.example.com/tokens', callbackApiKey: KEY });
    const deleted = await api.delete(PATH);
    expect(deleted.status).toBe(200);
    expect(deleted.body.tokenRetrievalUrl).toBe('https://pos.example.com/tokens');
    expect((await api.get(PATH)).status).toBe(404);
    expect((await api.delete(PATH)).status).toBe(404);
  });

  it('needs manage_project', async () => {
    const { projectKey } = await platform();
    const token = await clientToken(
      await createClient(['manage_project_settings:{pk}', 'manage_stores:{pk}']),
    );
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await http(method, `/${projectKey}/${PATH}`, {
        token,
        ...(method === 'PUT'
          ? { body: { tokenRetrievalUrl: 'https://pos.example.com/t', callbackApiKey: KEY } }
          : {}),
      });
      expect(response.status).toBe(403);
    }
  });
});
