import { randomBytes } from 'node:crypto';
import {
  clientToken,
  createClient,
  createCustomer,
  oauth,
  passwordGrant,
  revoke,
} from '../auth/auth-helpers.js';
import { http, type HttpResponse } from '../support/http.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';
import { holds, Ledger } from './support/ledger.js';
import { describeResponse } from './support/routes.js';

const unauthorized = (response: HttpResponse) =>
  response.status === 401 &&
  (response.body as { errors?: Array<{ code: string }> })?.errors?.[0]?.code === 'invalid_token';

/**
 * Tokens: missing, malformed, unknown, revoked, of a deleted client, expired (a refresh token of 30 seconds);
 * client authentication with a wrong secret; the password grant's brute-force throttle.
 */
describe('API2: authentication', () => {
  it('accepts only live tokens and right secrets, and throttles password guessing', async () => {
    const ledger = new Ledger('API2');
    const { projectKey } = await platform();
    const stores = `/${projectKey}/stores`;

    // Started first: a refresh token that expires after 30 seconds (the least a client may choose).
    const shortLived = await createClient(['manage_my_profile:{pk}', 'view_stores:{pk}'], {
      refreshTokenValiditySeconds: 30,
    });
    const customer = await createCustomer();
    const granted = await passwordGrant(shortLived, customer.email, customer.password);
    const refreshToken = String(granted.body.refresh_token);
    const refreshExpiresAt = Date.now() + 30_000;

    const malformed: Array<[string, Record<string, string>]> = [
      ['no authorization header', {}],
      ['an empty bearer token', { authorization: 'Bearer ' }],
      ['a random 256-bit token', { authorization: `Bearer ${randomBytes(32).toString('base64url')}` }],
      ['a 10 000 character token', { authorization: `Bearer ${'a'.repeat(10_000)}` }],
      ['a token with spaces', { authorization: 'Bearer abc def' }],
      ['another scheme (Basic) on a data route', { authorization: 'Basic ZTJlOmUyZQ==' }],
      ['a bare token without scheme', { authorization: randomBytes(32).toString('base64url') }],
      [
        'a JWT with alg none',
        { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzY29wZSI6Im1hbmFnZV9wcm9qZWN0In0.' },
      ],
      ['SQL in the token', { authorization: "Bearer ' OR '1'='1" }],
    ];
    for (const [name, headers] of malformed) {
      await ledger.case(`refuses ${name}`, async () => {
        const response = await http('GET', stores, { headers });
        holds(unauthorized(response), describeResponse(response));
        holds(/^Bearer/.test(response.headers.get('www-authenticate') ?? ''), 'no WWW-Authenticate: Bearer');
      });
    }

    const client = await createClient(['view_stores:{pk}']);
    const token = await clientToken(client);
    await ledger.case('accepts a live token (control)', async () => {
      const response = await http('GET', stores, { token });
      holds(response.status === 200, describeResponse(response));
    });
    await ledger.case('refuses a revoked token at once', async () => {
      const revocable = await clientToken(client);
      holds((await revoke(client, revocable)).status === 200, 'revocation failed');
      const response = await http('GET', stores, { token: revocable });
      holds(unauthorized(response), describeResponse(response));
    });
    await ledger.case('refuses a token whose last character is changed', async () => {
      const changed = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      holds(unauthorized(await http('GET', stores, { token: changed })), 'accepted');
    });
    await ledger.case('refuses the tokens of a deleted API client', async () => {
      const doomed = await createClient(['view_stores:{pk}']);
      const doomedToken = await clientToken(doomed);
      const deleted = await http('DELETE', `/${projectKey}/api-clients/${doomed.id}`, {
        token: await adminToken(),
      });
      holds(deleted.status === 200, describeResponse(deleted));
      holds(
        unauthorized(await http('GET', stores, { token: doomedToken })),
        'a deleted client’s token works',
      );
    });
    await ledger.case('refuses a refresh token used as an access token', async () => {
      holds(unauthorized(await http('GET', stores, { token: refreshToken })), 'accepted');
    });

    const wrongSecrets: Array<[string, { id: string; secret: string }]> = [
      ['a wrong client secret', { id: client.id, secret: `${client.secret.slice(0, -1)}x` }],
      ['an empty client secret', { id: client.id, secret: '' }],
      ['an unknown client id', { id: 'no-such-client', secret: client.secret }],
      ['another client’s secret', { id: client.id, secret: shortLived.secret }],
    ];
    for (const [name, basic] of wrongSecrets) {
      await ledger.case(`token endpoint refuses ${name}`, async () => {
        const response = await http('POST', '/oauth/token', {
          basic,
          form: { grant_type: 'client_credentials' },
        });
        holds(response.status === 401, describeResponse(response));
        holds(!('access_token' in (response.body ?? {})), 'issued a token');
      });
    }

    await ledger.case(
      'the password grant is throttled after repeated failures, even for the right password',
      async () => {
        const victim = await createCustomer();
        let throttled: HttpResponse | undefined;
        for (let attempt = 0; attempt < 200 && !throttled; attempt++) {
          const response = await passwordGrant(shortLived, victim.email, `wrong-${attempt}`);
          holds(response.status >= 400 && response.status < 500, describeResponse(response));
          if (response.status === 429) throttled = response;
        }
        holds(throttled !== undefined, 'no 429 after 200 failed attempts');
        holds(throttled.headers.get('retry-after') !== null, 'no Retry-After');
        const right = await passwordGrant(shortLived, victim.email, victim.password);
        holds(right.status === 429, `the right password during the throttle: ${describeResponse(right)}`);
      },
    );

    await ledger.case('a refresh token is refused once expired (30 s after its last use)', async () => {
      // Using it earlier would renew it (its validity slides), so this waits out the rest of its life.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, refreshExpiresAt - Date.now()) + 1_500));
      const response = await oauth(shortLived, '/oauth/token', {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      });
      holds(response.status === 400 && response.body.error === 'invalid_grant', describeResponse(response));
    });
    await ledger.finish();
  });
});
