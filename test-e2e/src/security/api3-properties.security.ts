import { randomBytes, randomUUID } from 'node:crypto';
import { clientToken, createClient, createCustomer, oauth, passwordGrant } from '../auth/auth-helpers.js';
import { api } from '../support/api.js';
import { storeDraft, uniqueKey } from '../support/factories.js';
import { http, type HttpResponse } from '../support/http.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';
import { holds, Ledger } from './support/ledger.js';
import { describeResponse } from './support/routes.js';

/** Fails if a response body carries any of the secrets, or a field that looks like a stored secret. */
function expectNoSecrets(response: HttpResponse, secrets: string[]) {
  const text = JSON.stringify(response.body ?? '');
  for (const secret of secrets)
    holds(!text.includes(secret), `a secret is in the answer: ${text.slice(0, 300)}`);
  holds(
    !/"(password|passwordHash|secretHash|tokenHash|callbackApiKey|apiKey)"\s*:/.test(text),
    `a secret field: ${text.slice(0, 300)}`,
  );
  holds(!/\$(argon2|scrypt|2[aby]\$)|scrypt:/.test(text), 'a password hash is in the answer');
}

/**
 * No response carries a client secret (after its creation), a password, a password hash, a token (other
 * than the token endpoint's own answer), a callback API key or a provider key; forged server-owned fields
 * in drafts are ignored.
 */
describe('API3: object property level authorization', () => {
  it('keeps secrets out of every answer and ignores forged fields', async () => {
    const ledger = new Ledger('API3');
    const { projectKey } = await platform();
    const admin = await adminToken();

    const client = await createClient([
      'manage_my_profile:{pk}',
      'view_stores:{pk}',
      'view_api_clients:{pk}',
    ]);
    const token = await clientToken(client);
    const customer = await createCustomer();
    const signedIn = await passwordGrant(client, customer.email, customer.password);
    const customerToken = String(signedIn.body.access_token);
    const refreshToken = String(signedIn.body.refresh_token);
    const callbackApiKey = `cb-${randomBytes(16).toString('hex')}`;
    const providerKey = `vendor-${randomBytes(12).toString('hex')}`;
    const oauthHeader = `Bearer ext-${randomBytes(16).toString('hex')}`;
    const secrets = [
      client.secret,
      customer.password,
      token,
      customerToken,
      refreshToken,
      callbackApiKey,
      providerKey,
      oauthHeader,
    ];

    const setUps: Array<[string, () => Promise<HttpResponse>]> = [
      [
        'in-store integration with a callback API key',
        () =>
          http('PUT', `/${projectKey}/in-store-integration`, {
            token: admin,
            body: { tokenRetrievalUrl: 'https://callback.example.com/tokens', callbackApiKey },
          }),
      ],
      [
        'insights configuration with a provider key',
        () =>
          http('PUT', `/${projectKey}/insights-configuration`, {
            token: admin,
            body: {
              providers: [
                {
                  type: 'Otlp',
                  eventTypes: ['Metrics'],
                  endpoint: 'https://collector.example.com:4317',
                  headers: [{ name: 'x-token', value: providerKey }],
                },
              ],
            },
          }),
      ],
      [
        'external OAuth with an authorization header',
        async () => {
          const project = await api.request('GET', '');
          const externalOAuth = {
            url: 'https://idp.example.com/introspect',
            authorizationHeader: oauthHeader,
          };
          return api.request('POST', '', {
            body: { version: project.body.version, actions: [{ action: 'setExternalOAuth', externalOAuth }] },
          });
        },
      ],
    ];
    for (const [name, setUp] of setUps) {
      await ledger.case(`the answer to setting ${name} has no secret`, async () => {
        const response = await setUp();
        holds(response.status === 200, describeResponse(response));
        expectNoSecrets(response, secrets);
      });
    }

    const reads: Array<[string, string, string]> = [
      ['the project', '', admin],
      ['the API client', `/api-clients/${client.id}`, admin],
      ['the API clients', '/api-clients', token],
      ['the customer', `/customers/${customer.id}`, admin],
      ['the customers', `/customers?where=${encodeURIComponent(`id="${customer.id}"`)}`, admin],
      ['the customer on /me', '/me', customerToken],
      [
        'the Messages (CustomerCreated carries no password)',
        '/messages?limit=500&sort=createdAt desc',
        admin,
      ],
      ['the in-store integration', '/in-store-integration', admin],
      ['the insights configuration', '/insights-configuration', admin],
    ];
    for (const [name, path, bearer] of reads) {
      await ledger.case(`${name} carries no secret`, async () => {
        const response = await http('GET', `/${projectKey}${path}`, { token: bearer });
        holds(response.status === 200, describeResponse(response));
        expectNoSecrets(response, secrets);
      });
    }
    await ledger.case('introspection names no token and no secret', async () => {
      const introspector = await createClient(['introspect_oauth_tokens:{pk}']);
      const response = await oauth(introspector, '/oauth/introspect', { token: customerToken });
      holds(response.status === 200 && response.body.active === true, describeResponse(response));
      expectNoSecrets(response, secrets);
    });
    await ledger.case('sign-up and sign-in answers carry no password or hash', async () => {
      const password = `pw-${randomUUID()}`;
      const email = `${uniqueKey('s')}@example.com`;
      const signUp = await http('POST', `/${projectKey}/me/signup`, { token, body: { email, password } });
      holds(signUp.status === 201, describeResponse(signUp));
      expectNoSecrets(signUp, [...secrets, password]);
      const signIn = await http('POST', `/${projectKey}/me/login`, { token, body: { email, password } });
      holds(signIn.status === 200, describeResponse(signIn));
      expectNoSecrets(signIn, [...secrets, password]);
    });

    // Mass assignment: server-owned fields in a draft are ignored.
    const forged = {
      id: randomUUID(),
      version: 42,
      createdAt: '2001-01-01T00:00:00.000Z',
      lastModifiedAt: '2001-01-01T00:00:00.000Z',
      createdBy: { clientId: 'forged' },
      projectKey: 'e2e-other',
    };
    await ledger.case('a Store draft cannot set id, version, dates, creator or project', async () => {
      const response = await api.post('stores', { ...storeDraft(), ...forged });
      holds(response.status === 201, describeResponse(response));
      const store = response.body;
      holds(
        store.id !== forged.id && store.version === 1 && store.createdAt !== forged.createdAt,
        JSON.stringify(store),
      );
      holds(store.createdBy?.clientId !== 'forged' && !('projectKey' in store), JSON.stringify(store));
    });
    await ledger.case('an API client draft cannot choose its secret or id', async () => {
      const chosen = 'chosen-secret-0123456789abcdefghij';
      const response = await api.post('api-clients', {
        name: uniqueKey('c'),
        scope: `view_stores:${projectKey}`,
        secret: chosen,
        id: 'chosen-id',
      });
      holds(response.status === 201 || response.status === 400, describeResponse(response));
      if (response.status === 201) {
        holds(
          response.body.id !== 'chosen-id' && response.body.secret !== chosen,
          JSON.stringify(response.body),
        );
        const denied = await http('POST', '/oauth/token', {
          basic: { id: response.body.id, secret: chosen },
          form: { grant_type: 'client_credentials' },
        });
        holds(denied.status === 401, describeResponse(denied));
      }
    });
    await ledger.case(
      'a customer draft cannot store a ready-made password hash or verify itself by id',
      async () => {
        const email = `${uniqueKey('m')}@example.com`;
        const response = await api.post('customers', {
          email,
          password: 'pw-1-abcdefgh',
          passwordHash: 'x',
          id: forged.id,
          version: 9,
        });
        holds(response.status === 201, describeResponse(response));
        const created = response.body.customer;
        holds(created.id !== forged.id && created.version === 1, JSON.stringify(created));
        expectNoSecrets(response, ['pw-1-abcdefgh']);
      },
    );
    await ledger.case('no update action sets a password or a hash', async () => {
      for (const action of ['setPassword', 'setPasswordHash', 'changePassword']) {
        const current = await api.get(`customers/${customer.id}`);
        const response = await api.post(`customers/${customer.id}`, {
          version: current.body.version,
          actions: [{ action, password: 'x' }],
        });
        holds(response.status === 400, `${action}: ${describeResponse(response)}`);
      }
    });
    // Leaves the project as it was: no external OAuth endpoint, no integration, no insights export.
    const project = await api.request('GET', '');
    await api.request('POST', '', {
      body: { version: project.body.version, actions: [{ action: 'setExternalOAuth' }] },
    });
    await http('DELETE', `/${projectKey}/in-store-integration`, { token: admin });
    await http('DELETE', `/${projectKey}/insights-configuration`, { token: admin });
    await ledger.finish();
  });
});
