import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import {
  admin,
  clientToken,
  createClient,
  createCustomer,
  oauth,
  passwordGrant,
  until,
  type Client,
} from './auth-helpers.js';

/**
 * No token outlives its owner: deleting an API client or a customer and revoking its tokens is one
 * transaction, and a token granted at the same moment is either refused or deleted with its owner. The
 * assertions are on the state after everything settled, never on timing.
 */
const TRIES = 30;

async function adminClient(): Promise<Client> {
  const { clientId, clientSecret } = await platform();
  return { id: clientId, secret: clientSecret, scope: '' };
}

/** What auth-service says about the token (no gateway cache in between). */
async function active(token: string): Promise<boolean> {
  const response = await oauth(await adminClient(), '/oauth/introspect', { token });
  expect(response.status).toBe(200);
  return response.body.active === true;
}

/** The gateway stops accepting the token (within its revocation bound; polled, never timed). */
async function refusedByGateway(token: string): Promise<void> {
  const { projectKey } = await platform();
  await until(async () => (await http('GET', `/${projectKey}/stores`, { token })).status === 401, 5_000);
}

describe('tokens do not outlive their owner', () => {
  it(`no token of a deleted API client is active, though granted while it was deleted (${TRIES} tries)`, async () => {
    const { projectKey } = await platform();
    const issued: string[] = [];
    for (let attempt = 0; attempt < TRIES; attempt++) {
      const client = await createClient(['view_stores:{pk}']);
      const grant = () =>
        oauth(client, '/oauth/token', { grant_type: 'client_credentials' }).then((response) => {
          if (response.status === 200) issued.push(String(response.body.access_token));
          else expect(response.body.error).toBe('invalid_client');
        });
      const first = await clientToken(client);
      issued.push(first);
      expect((await http('GET', `/${projectKey}/stores`, { token: first })).status).toBe(200);
      const [deleted] = await Promise.all([
        admin('DELETE', `/api-clients/${client.id}`),
        grant(),
        grant(),
        grant(),
        grant(),
      ]);
      expect(deleted.status).toBe(200);
    }
    const stillActive = [];
    for (const token of issued) if (await active(token)) stillActive.push(token);
    expect(stillActive).toEqual([]);
    for (const token of issued.slice(0, 5)) await refusedByGateway(token);
  });

  it(`no token of a deleted customer is active, though signed in while it was deleted (${TRIES} tries)`, async () => {
    const client = await createClient(['manage_my_profile:{pk}']);
    const issued: string[] = [];
    for (let attempt = 0; attempt < TRIES; attempt++) {
      const customer = await createCustomer();
      const signIn = () =>
        passwordGrant(client, customer.email, customer.password).then((response) => {
          if (response.status === 200) issued.push(String(response.body.access_token));
          else expect(response.status).toBe(400);
        });
      await signIn();
      const [deleted] = await Promise.all([
        admin('DELETE', `/customers/${customer.id}?version=1`),
        signIn(),
        signIn(),
        signIn(),
      ]);
      expect(deleted.status).toBe(200);
    }
    expect(issued.length).toBeGreaterThanOrEqual(TRIES);
    const stillActive = [];
    for (const token of issued) if (await active(token)) stillActive.push(token);
    expect(stillActive).toEqual([]);
  });

  it("caps a token's expiry at its client's deleteAt: expires_in and introspection agree", async () => {
    const client = await createClient(['view_stores:{pk}'], { deleteDaysAfterCreation: 1 });
    const stored = await admin('GET', `/api-clients/${client.id}`);
    const deleteAt = Math.floor(Date.parse(stored.body.deleteAt) / 1000);
    const response = await oauth(client, '/oauth/token', { grant_type: 'client_credentials' });
    expect(response.status).toBe(200);
    // The default validity (48 h) would outlast the client (deleted after 24 h).
    expect(response.body.expires_in).toBeLessThanOrEqual(86_400);
    const introspection = await oauth(await adminClient(), '/oauth/introspect', {
      token: String(response.body.access_token),
    });
    expect(introspection.body).toMatchObject({ active: true, client_id: client.id });
    expect(introspection.body.exp).toBeLessThanOrEqual(deleteAt);
    expect(introspection.body.exp).toBeGreaterThanOrEqual(deleteAt - 1);
  });

  it('caps a refreshed refresh token and its access tokens at the deleteAt too', async () => {
    const client = await createClient(['manage_my_profile:{pk}'], { deleteDaysAfterCreation: 1 });
    const stored = await admin('GET', `/api-clients/${client.id}`);
    const deleteAt = Math.floor(Date.parse(stored.body.deleteAt) / 1000);
    const customer = await createCustomer();
    const signIn = await passwordGrant(client, customer.email, customer.password);
    expect(signIn.status).toBe(200);
    expect(signIn.body.expires_in).toBeLessThanOrEqual(86_400);
    const refreshed = await oauth(client, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: String(signIn.body.refresh_token),
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.expires_in).toBeLessThanOrEqual(86_400);
    const refreshToken = await oauth(await adminClient(), '/oauth/introspect', {
      token: String(signIn.body.refresh_token),
    });
    expect(refreshToken.body).toMatchObject({ active: true });
    expect(refreshToken.body.exp).toBeLessThanOrEqual(deleteAt);
  });
});
