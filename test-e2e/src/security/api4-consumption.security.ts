import { request as httpRequest } from 'node:http';
import { createStore } from '../auth/auth-helpers.js';
import { api } from '../support/api.js';
import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';
import { holds, Ledger } from './support/ledger.js';
import { describeResponse, isErrorBody } from './support/routes.js';

const BIG = 'x'.repeat(17 * 1024 * 1024);

/**
 * Announces a large body with its Content-Length, sends its first KB and waits for the answer: the gateway
 * must refuse by the announced length, before reading the body (sending all of it would race the server
 * closing the connection).
 */
async function postLarge(
  path: string,
  body: string,
  token: string,
): Promise<{ status: number; body: string }> {
  const { apiUrl } = await platform();
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${apiUrl}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body: text });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.write(body.slice(0, 1024));
  });
}

/**
 * What one request may ask for is bounded: page size, offset, expansion depth, update actions, body size,
 * predicate length and parameters, sort expressions. Each over-limit request gets a 4xx with the error body.
 */
describe('API4: unrestricted resource consumption', () => {
  it('refuses requests beyond the limits with a 4xx and the error body', async () => {
    const ledger = new Ledger('API4');
    const { projectKey } = await platform();
    const token = await adminToken();
    const storeKey = await createStore();
    const store = (await api.get(`stores/key=${storeKey}`)).body as { id: string; version: number };

    const cases: Array<[string, string, string, unknown?, number[]?]> = [
      ['a page of 501', 'GET', 'stores?limit=501'],
      ['a negative page size', 'GET', 'stores?limit=-1'],
      ['an offset of 10 001', 'GET', 'stores?offset=10001'],
      ['a page size that is not a number', 'GET', 'stores?limit=1e9'],
      [
        'an expansion through 4 references',
        'GET',
        `stores?expand=${encodeURIComponent('a.obj.b.obj.c.obj.d')}`,
      ],
      ['an expansion path of 10 000 characters', 'GET', `stores?expand=${'a.'.repeat(5_000)}`],
      ['a predicate of more than 10 000 characters', 'GET', `stores?where=${'a'.repeat(10_001)}`],
      ['a URL of more than 15 KB', 'GET', `stores?where=${'a'.repeat(16_000)}`, undefined, [414, 431]],
      [
        'a predicate nested 200 levels',
        'GET',
        `stores?where=${encodeURIComponent(`${'not('.repeat(200)}key = "a"${')'.repeat(200)}`)}`,
      ],
      [
        'a predicate with 1 500 list values',
        'GET',
        `stores?where=${encodeURIComponent(`version in (${Array.from({ length: 1_500 }, (_, i) => i).join(',')})`)}`,
        undefined,
        [200, 400],
      ],
      [
        '501 update actions',
        'POST',
        `stores/${store.id}`,
        { version: store.version, actions: Array.from({ length: 501 }, () => ({ action: 'setName' })) },
      ],
      ['a JSON body nested 10 000 levels', 'POST', 'stores', undefined, [400, 413]],
      ['a message page of 501', 'GET', 'messages?limit=501'],
      ['a product projection search page of 501', 'GET', 'product-projections/search?limit=501'],
      ['a customer page of 501', 'GET', 'customers?limit=501'],
    ];
    for (const [name, method, path, body, statuses] of cases) {
      await ledger.case(`refuses ${name}`, async () => {
        const rawBody = name.startsWith('a JSON body nested')
          ? `${'['.repeat(10_000)}${']'.repeat(10_000)}`
          : undefined;
        const response = await http(method, `/${projectKey}/${path}`, {
          token,
          ...(body !== undefined ? { body } : {}),
          ...(rawBody ? { rawBody } : {}),
        });
        const allowed = statuses ?? [400];
        holds(allowed.includes(response.status), describeResponse(response));
        if (response.status >= 400)
          holds(isErrorBody(response, method), `not the error body: ${describeResponse(response)}`);
      });
    }
    for (const [name, path, body] of [
      [
        'an update body of 17 MB',
        `stores/${store.id}`,
        { version: store.version, actions: [{ action: 'setName', name: { en: BIG } }] },
      ],
      ['a create body of 17 MB', 'stores', { key: 'big', name: { en: BIG } }],
    ] as const) {
      await ledger.case(`refuses ${name}`, async () => {
        const { status, body: answer } = await postLarge(
          `/${projectKey}/${path}`,
          JSON.stringify(body),
          token,
        );
        holds(status === 413, `${status} ${answer.slice(0, 300)}`);
        holds(
          isErrorBody({ status, headers: new Headers(), body: JSON.parse(answer) }, 'POST'),
          answer.slice(0, 300),
        );
      });
    }
    await ledger.case('a GraphQL query beyond its depth is refused', async () => {
      const depth = 40;
      const query = `{ ${'stores { results { '.repeat(depth)}key${' } }'.repeat(depth)} }`;
      const response = await http('POST', `/${projectKey}/graphql`, { token, body: { query } });
      holds(response.status === 400 && Array.isArray(response.body.errors), describeResponse(response));
    });
    await ledger.finish();
  });
});
