import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
import { platform } from '../support/platform.js';
import {
  createClient,
  createCustomer,
  createStore,
  customerDraft,
  passwordGrant,
  type Client,
} from './auth-helpers.js';

/** The official SDK wired exactly as a shop would: one ClientBuilder per flow. */
async function api(configure: (builder: ClientBuilder, host: string, projectKey: string) => ClientBuilder) {
  const { apiUrl, projectKey } = await platform();
  const builder = configure(new ClientBuilder().withProjectKey(projectKey), apiUrl, projectKey);
  const client = builder.withHttpMiddleware({ host: apiUrl, httpClient: fetch }).build();
  return createApiBuilderFromCtpClient(client).withProjectKey({ projectKey });
}

const credentials = (client: Client) => ({ clientId: client.id, clientSecret: client.secret });

describe('every token flow through @commercetools/ts-client', () => {
  let shop: Client;

  beforeAll(async () => {
    shop = await createClient([
      'manage_my_profile:{pk}',
      'create_anonymous_token:{pk}',
      'view_stores:{pk}',
      'view_published_products:{pk}',
    ]);
  });

  it('client credentials: the SDK gets a token with the scopes it asks for and uses it', async () => {
    const { projectKey } = await platform();
    const root = await api((builder, host) =>
      builder.withClientCredentialsFlow({
        host,
        projectKey,
        credentials: credentials(shop),
        scopes: [`view_stores:${projectKey}`],
        httpClient: fetch,
      }),
    );
    expect((await root.stores().get().execute()).statusCode).toBe(200);
    await expect(root.me().get().execute()).rejects.toMatchObject({ statusCode: 403 });
  });

  it('password, global: the customer token reads /me', async () => {
    const customer = await createCustomer();
    const { projectKey } = await platform();
    const root = await api((builder, host) =>
      builder.withPasswordFlow({
        host,
        projectKey,
        credentials: {
          ...credentials(shop),
          user: { username: customer.email, password: customer.password },
        },
        scopes: [`manage_my_profile:${projectKey}`],
        httpClient: fetch,
      }),
    );
    const me = await root.me().get().execute();
    expect(me.statusCode).toBe(200);
    expect(me.body).toMatchObject({ id: customer.id, email: customer.email });
    expect(me.body).not.toHaveProperty('password');
  });

  it('password, in-store via oauthUri: the token works in its Store only', async () => {
    const storeKey = await createStore();
    const otherStore = await createStore();
    const customer = await createCustomer(customerDraft(), storeKey);
    const { projectKey } = await platform();
    const root = await api((builder, host) =>
      builder.withPasswordFlow({
        host,
        projectKey,
        credentials: {
          ...credentials(shop),
          user: { username: customer.email, password: customer.password },
        },
        oauthUri: `/oauth/${projectKey}/in-store/key=${storeKey}/customers/token`,
        httpClient: fetch,
      }),
    );
    const me = await root.inStoreKeyWithStoreKeyValue({ storeKey }).me().get().execute();
    expect(me.body).toMatchObject({ id: customer.id, stores: [{ typeId: 'store', key: storeKey }] });
    await expect(
      root.inStoreKeyWithStoreKeyValue({ storeKey: otherStore }).me().get().execute(),
    ).rejects.toMatchObject({ statusCode: 403 });
    await expect(root.me().get().execute()).rejects.toMatchObject({ statusCode: 403 });
  });

  it('anonymous session: a generated id, or a supplied unused one', async () => {
    const { projectKey } = await platform();
    const anonymousId = `anon-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const root = await api((builder, host) =>
      builder.withAnonymousSessionFlow({
        host,
        projectKey,
        credentials: { ...credentials(shop), anonymousId },
        scopes: [`view_stores:${projectKey}`],
        httpClient: fetch,
      }),
    );
    expect((await root.stores().get().execute()).statusCode).toBe(200);
    // A customer operation needs a customer, not an anonymous session.
    await expect(root.me().get().execute()).rejects.toMatchObject({ statusCode: 403 });
  });

  it('refresh token: the SDK renews the access token with withRefreshTokenFlow', async () => {
    const customer = await createCustomer();
    const { projectKey } = await platform();
    const grant = await passwordGrant(shop, customer.email, customer.password);
    expect(grant.body.refresh_token).toEqual(expect.any(String));
    const root = await api((builder, host) =>
      builder.withRefreshTokenFlow({
        host,
        projectKey,
        credentials: credentials(shop),
        refreshToken: grant.body.refresh_token,
        httpClient: fetch,
      }),
    );
    const me = await root.me().get().execute();
    expect(me.body.id).toBe(customer.id);
  });

  it('the SDK surfaces the OAuth error of wrong customer credentials', async () => {
    const { projectKey } = await platform();
    const root = await api((builder, host) =>
      builder.withPasswordFlow({
        host,
        projectKey,
        credentials: { ...credentials(shop), user: { username: 'nobody@example.com', password: 'wrong' } },
        httpClient: fetch,
      }),
    );
    await expect(root.me().get().execute()).rejects.toMatchObject({
      statusCode: 400,
      code: 'invalid_customer_account_credentials',
    });
  });
});
