import {
  clientToken,
  createClient,
  createStore,
  customerDraft,
  passwordGrant,
  type Client,
} from '../auth/auth-helpers.js';
import { messagesOf } from '../catalog/catalog-helpers.js';
import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { failure, newCustomer, sdkWithToken, type Api } from './customer-helpers.js';

let api: Api;
let shop: Client;

beforeAll(async () => {
  api = await sdk();
  shop = await createClient(['manage_my_profile:{pk}', 'create_anonymous_token:{pk}']);
});

async function customerToken(email: string, password: string, storeKey?: string): Promise<string> {
  const grant = await passwordGrant(shop, email, password, storeKey);
  if (grant.status !== 200) throw new Error(`password grant failed: ${JSON.stringify(grant.body)}`);
  return String(grant.body.access_token);
}

describe('sign-in', () => {
  it('signs a customer in globally; a wrong password is InvalidCredentials', async () => {
    const customer = await newCustomer(api);
    const { body } = await api
      .login()
      .post({ body: { email: customer.email.toUpperCase(), password: customer.password } })
      .execute();
    expect(body.customer).toMatchObject({ id: customer.id, email: customer.email });
    const wrong = await failure(
      api
        .login()
        .post({ body: { email: customer.email, password: 'wrong' } })
        .execute(),
    );
    expect(wrong).toMatchObject({ statusCode: 400, error: { code: 'InvalidCredentials' } });
    const unknown = await failure(
      api
        .login()
        .post({ body: { email: 'nobody@example.com', password: 'x' } })
        .execute(),
    );
    expect(unknown).toMatchObject({ statusCode: 400, error: { code: 'InvalidCredentials' } });
  });

  it('signs a customer in at its Store only', async () => {
    const [berlin, paris] = [await createStore(), await createStore()];
    const draft = customerDraft();
    await api.inStoreKeyWithStoreKeyValue({ storeKey: berlin }).customers().post({ body: draft }).execute();
    const inBerlin = await api
      .inStoreKeyWithStoreKeyValue({ storeKey: berlin })
      .login()
      .post({ body: { email: draft.email, password: draft.password } })
      .execute();
    expect(inBerlin.body.customer.stores).toEqual([{ typeId: 'store', key: berlin }]);
    for (const request of [
      api
        .inStoreKeyWithStoreKeyValue({ storeKey: paris })
        .login()
        .post({ body: { email: draft.email, password: draft.password } }),
      api.login().post({ body: { email: draft.email, password: draft.password } }),
    ]) {
      expect(await failure(request.execute())).toMatchObject({
        statusCode: 400,
        error: { code: 'InvalidCredentials' },
      });
    }
  });

  it('throttles failed sign-ins like the password grant, counting both together from one source', async () => {
    // A source is the API client with the caller's address (docs/SECURITY.md, "Sign-in throttle"): one client
    // that signs customers in both ways.
    const both = await createClient(['manage_customers:{pk}', 'manage_my_profile:{pk}']);
    const bothApi = await sdkWithToken(await clientToken(both));
    const customer = await newCustomer(api);
    const wrong = () =>
      bothApi
        .login()
        .post({ body: { email: customer.email, password: 'wrong' } })
        .execute();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await failure(wrong())).statusCode).toBe(400);
      expect((await passwordGrant(both, customer.email, 'wrong')).status).toBe(400);
    }
    const blocked = await failure(
      bothApi
        .login()
        .post({ body: { email: customer.email, password: customer.password } })
        .execute(),
    );
    expect(blocked).toMatchObject({ statusCode: 429, error: { code: 'TooManyRequests' } });
  });
});

describe('/me with a customer token', () => {
  it('signs up and in with an anonymous token, reads, updates and changes the password of itself', async () => {
    const { projectKey } = await platform();
    const anonymous = await http('POST', `/oauth/${projectKey}/anonymous/token`, {
      basic: { id: shop.id, secret: shop.secret },
      form: { grant_type: 'client_credentials' },
    });
    const guest = await sdkWithToken(String(anonymous.body.access_token));
    const draft = customerDraft({ customerNumber: 'not mine to set' });
    const signedUp = await guest.me().signup().post({ body: draft }).execute();
    expect(signedUp.statusCode).toBe(201);
    expect(signedUp.body.customer).not.toHaveProperty('customerNumber');
    const loggedIn = await guest
      .me()
      .login()
      .post({ body: { email: draft.email, password: draft.password } })
      .execute();
    expect(loggedIn.body.customer.id).toBe(signedUp.body.customer.id);

    const me = await sdkWithToken(await customerToken(draft.email, draft.password));
    expect((await me.me().get().execute()).body.id).toBe(signedUp.body.customer.id);
    const updated = await me
      .me()
      .post({
        body: {
          version: 1,
          actions: [
            { action: 'setFirstName', firstName: 'Me' },
            { action: 'addAddress', address: { country: 'DE' } },
          ],
        },
      })
      .execute();
    expect(updated.body).toMatchObject({ version: 2, firstName: 'Me' });
    const notMine = await failure(
      me
        .me()
        .post({
          body: { version: 2, actions: [{ action: 'setCustomerNumber', customerNumber: 'x' } as never] },
        })
        .execute(),
    );
    expect(notMine).toMatchObject({ statusCode: 400, error: { code: 'InvalidJsonInput' } });

    const wrongCurrent = await failure(
      me
        .me()
        .password()
        .post({ body: { version: 2, currentPassword: 'wrong', newPassword: 'n3w secret' } })
        .execute(),
    );
    expect(wrongCurrent).toMatchObject({ statusCode: 400, error: { code: 'InvalidCurrentPassword' } });
    const stale = await failure(
      me
        .me()
        .password()
        .post({ body: { version: 1, currentPassword: draft.password, newPassword: 'n3w' } })
        .execute(),
    );
    expect(stale).toMatchObject({
      statusCode: 409,
      error: { code: 'ConcurrentModification', currentVersion: 2 },
    });
    const changed = await me
      .me()
      .password()
      .post({ body: { version: 2, currentPassword: draft.password, newPassword: 'n3w secret' } })
      .execute();
    expect(changed.body.version).toBe(3);
    expect((await passwordGrant(shop, draft.email, draft.password)).status).toBe(400);
    expect((await passwordGrant(shop, draft.email, 'n3w secret')).status).toBe(200);
    expect((await messagesOf(changed.body.id, 3)).map((m) => m.type)).toContain('CustomerPasswordUpdated');

    const deleted = await me
      .me()
      .delete({ queryArgs: { version: 3 } })
      .execute();
    expect(deleted.body.id).toBe(changed.body.id);
    await expect(api.customers().withId({ ID: changed.body.id }).get().execute()).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('refuses a customer token on /customers and a client token on /me', async () => {
    const customer = await newCustomer(api);
    const me = await sdkWithToken(await customerToken(customer.email, customer.password));
    await expect(me.customers().withId({ ID: customer.id }).get().execute()).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(me.customers().get().execute()).rejects.toMatchObject({ statusCode: 403 });
    await expect(api.me().get().execute()).rejects.toMatchObject({ statusCode: 403 });
  });

  it('changes a password through /customers/password, checking the current one', async () => {
    const customer = await newCustomer(api);
    const wrong = await failure(
      api
        .customers()
        .password()
        .post({ body: { id: customer.id, version: 1, currentPassword: 'no', newPassword: 'x1' } })
        .execute(),
    );
    expect(wrong).toMatchObject({ statusCode: 400, error: { code: 'InvalidCurrentPassword' } });
    const done = await api
      .customers()
      .password()
      .post({ body: { id: customer.id, version: 1, currentPassword: customer.password, newPassword: 'x1' } })
      .execute();
    expect(done.body.version).toBe(2);
  });
});

describe('password reset', () => {
  it('resets once with a token, revoking the old tokens; a used token is 404', async () => {
    const customer = await newCustomer(api);
    const oldToken = await customerToken(customer.email, customer.password);
    const { projectKey } = await platform();
    expect((await http('GET', `/${projectKey}/me`, { token: oldToken })).status).toBe(200);

    const token = (
      await api
        .customers()
        .passwordToken()
        .post({ body: { email: customer.email.toUpperCase() } })
        .execute()
    ).body;
    expect(token).toMatchObject({
      customerId: customer.id,
      value: expect.any(String),
      invalidateOlderTokens: false,
    });
    const lifetime = Date.parse(token.expiresAt) - Date.parse(token.createdAt);
    expect(lifetime).toBe(1440 * 60_000);
    const byToken = await api.customers().withPasswordToken({ passwordToken: token.value }).get().execute();
    expect(byToken.body.id).toBe(customer.id);

    const reset = await api
      .customers()
      .passwordReset()
      .post({ body: { tokenValue: token.value, newPassword: 'after reset' } })
      .execute();
    expect(reset.body.version).toBe(2);
    expect((await http('GET', `/${projectKey}/me`, { token: oldToken })).status).toBe(401);
    expect((await passwordGrant(shop, customer.email, 'after reset')).status).toBe(200);

    const again = await failure(
      api
        .customers()
        .passwordReset()
        .post({ body: { tokenValue: token.value, newPassword: 'again' } })
        .execute(),
    );
    expect(again).toMatchObject({ statusCode: 404, error: { code: 'ResourceNotFound' } });
    await expect(
      api.customers().withPasswordToken({ passwordToken: token.value }).get().execute(),
    ).rejects.toMatchObject({ statusCode: 404 });
    const types = (await messagesOf(customer.id, 3)).map((m) => m.type);
    expect(types).toEqual(
      expect.arrayContaining(['CustomerPasswordTokenCreated', 'CustomerPasswordUpdated']),
    );
  });

  it('invalidates older tokens when asked, and answers 404 for an unknown e-mail', async () => {
    const customer = await newCustomer(api);
    const first = (
      await api
        .customers()
        .passwordToken()
        .post({ body: { email: customer.email } })
        .execute()
    ).body;
    const second = (
      await api
        .customers()
        .passwordToken()
        .post({ body: { email: customer.email, invalidateOlderTokens: true } })
        .execute()
    ).body;
    await expect(
      api.customers().withPasswordToken({ passwordToken: first.value }).get().execute(),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(
      (await api.customers().withPasswordToken({ passwordToken: second.value }).get().execute()).body.id,
    ).toBe(customer.id);
    const unknown = await failure(
      api
        .customers()
        .passwordToken()
        .post({ body: { email: 'nobody@example.com' } })
        .execute(),
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps tokens to their Store', async () => {
    const [storeA, storeB] = [await createStore(), await createStore()];
    const draft = customerDraft();
    await api.inStoreKeyWithStoreKeyValue({ storeKey: storeA }).customers().post({ body: draft }).execute();
    const token = (
      await api
        .inStoreKeyWithStoreKeyValue({ storeKey: storeA })
        .customers()
        .passwordToken()
        .post({ body: { email: draft.email } })
        .execute()
    ).body;
    await expect(
      api
        .inStoreKeyWithStoreKeyValue({ storeKey: storeB })
        .customers()
        .passwordToken()
        .post({ body: { email: draft.email } })
        .execute(),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      api
        .inStoreKeyWithStoreKeyValue({ storeKey: storeB })
        .customers()
        .withPasswordToken({ passwordToken: token.value })
        .get()
        .execute(),
    ).rejects.toMatchObject({ statusCode: 404 });
    const reset = await api
      .inStoreKeyWithStoreKeyValue({ storeKey: storeA })
      .customers()
      .passwordReset()
      .post({ body: { tokenValue: token.value, newPassword: 'store reset' } })
      .execute();
    expect(reset.body.version).toBe(2);
  });
});

describe('e-mail verification', () => {
  it('verifies the e-mail once with a token', async () => {
    const customer = await newCustomer(api);
    const missingTtl = await failure(
      api
        .customers()
        .emailToken()
        .post({ body: { id: customer.id } as never })
        .execute(),
    );
    expect(missingTtl.statusCode).toBe(400);
    const token = (
      await api
        .customers()
        .emailToken()
        .post({ body: { id: customer.id, ttlMinutes: 30 } })
        .execute()
    ).body;
    const [created] = (await messagesOf(customer.id, 2)).filter(
      (m) => m.type === 'CustomerEmailTokenCreated',
    );
    expect(created).toMatchObject({ customerId: customer.id, value: token.value });
    expect((await api.customers().withEmailToken({ emailToken: token.value }).get().execute()).body.id).toBe(
      customer.id,
    );
    const confirmed = await api
      .customers()
      .emailConfirm()
      .post({ body: { tokenValue: token.value } })
      .execute();
    expect(confirmed.body).toMatchObject({ isEmailVerified: true, version: 2 });
    const again = await failure(
      api
        .customers()
        .emailConfirm()
        .post({ body: { tokenValue: token.value } })
        .execute(),
    );
    expect(again).toMatchObject({ statusCode: 404 });
    expect((await messagesOf(customer.id, 3)).map((m) => m.type)).toContain('CustomerEmailVerified');
  });

  it('drops pending verification tokens when the e-mail changes', async () => {
    const customer = await newCustomer(api);
    const token = (
      await api
        .customers()
        .emailToken()
        .post({ body: { id: customer.id, ttlMinutes: 60 } })
        .execute()
    ).body;
    await api
      .customers()
      .withId({ ID: customer.id })
      .post({
        body: { version: 1, actions: [{ action: 'changeEmail', email: `changed-${customer.email}` }] },
      })
      .execute();
    await expect(
      api
        .customers()
        .emailConfirm()
        .post({ body: { tokenValue: token.value } })
        .execute(),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('refuses an expired token with 400', async () => {
    const customer = await newCustomer(api);
    const token = (
      await api
        .customers()
        .emailToken()
        .post({ body: { id: customer.id, ttlMinutes: 1 } })
        .execute()
    ).body;
    const deadline = Date.parse(token.expiresAt) + 30_000;
    let outcome: Awaited<ReturnType<typeof failure>> | undefined;
    while (!outcome && Date.now() < deadline) {
      try {
        await api
          .customers()
          .emailConfirm()
          .post({ body: { tokenValue: token.value, version: 99 } })
          .execute();
      } catch (error) {
        const { statusCode, body } = error as {
          statusCode: number;
          body: { errors: Array<{ code: string }> };
        };
        if (body.errors[0].code !== 'ConcurrentModification') outcome = { statusCode, error: body.errors[0] };
      }
      if (!outcome) await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    expect(outcome).toMatchObject({ statusCode: 400, error: { code: 'ExpiredCustomerEmailToken' } });
  }, 120_000);
});
