import { uniqueKey } from '../support/factories.js';
import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import {
  admin,
  clientToken,
  createClient,
  createCustomer,
  createStore,
  customerDraft,
  passwordGrant,
} from './auth-helpers.js';

describe('customers: sign-up, reads and delete', () => {
  it('signs a customer up: 201 CustomerSignInResult, never any password', async () => {
    const draft = customerDraft({
      key: uniqueKey('cust'),
      lastName: 'Doe',
      addresses: [{ country: 'DE' }],
      defaultShippingAddress: 0,
    });
    const response = await admin('POST', '/customers', draft);
    expect(response.status).toBe(201);
    const { customer } = response.body;
    expect(customer).toMatchObject({
      id: expect.any(String),
      version: 1,
      key: draft.key,
      email: draft.email,
      firstName: 'Test',
      lastName: 'Doe',
      isEmailVerified: false,
      stores: [],
      customerGroupAssignments: [],
      authenticationMode: 'Password',
      addresses: [{ country: 'DE', id: expect.any(String) }],
      shippingAddressIds: [customer.addresses[0].id],
      defaultShippingAddressId: customer.addresses[0].id,
      billingAddressIds: [],
    });
    expect(JSON.stringify(response.body)).not.toContain(draft.password);
    expect(customer).not.toHaveProperty('password');
    const byId = await admin('GET', `/customers/${customer.id}`);
    expect(byId.body).toEqual(customer);
    const byKey = await admin('GET', `/customers/key=${String(draft.key)}`);
    expect(byKey.body).toEqual(customer);
  });

  it('refuses a duplicate e-mail in the project, whatever its case', async () => {
    const first = await createCustomer();
    const again = await admin('POST', '/customers', customerDraft({ email: first.email.toUpperCase() }));
    expect(again.status).toBe(400);
    expect(again.body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'email' });
  });

  it('keeps e-mails unique per Store for store customers', async () => {
    const berlin = await createStore();
    const paris = await createStore();
    const email = `${uniqueKey('shared')}@example.com`;
    expect((await admin('POST', `/in-store/key=${berlin}/customers`, customerDraft({ email }))).status).toBe(
      201,
    );
    expect((await admin('POST', `/in-store/key=${paris}/customers`, customerDraft({ email }))).status).toBe(
      201,
    );
    const duplicate = await admin('POST', `/in-store/key=${berlin}/customers`, customerDraft({ email }));
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.errors[0]).toMatchObject({
      code: 'DuplicateField',
      field: 'email',
      duplicateValue: email,
    });
    // A global customer's e-mail would be taken in every Store.
    expect((await admin('POST', '/customers', customerDraft({ email }))).status).toBe(400);
  });

  it('validates the draft', async () => {
    for (const draft of [
      { password: 'x' },
      { email: '', password: 'x' },
      { email: 42, password: 'x' },
      { email: 'a@example.com' },
    ]) {
      const response = await admin('POST', '/customers', draft);
      expect(response.status).toBe(400);
      expect(response.body.errors[0].code).toBe('InvalidJsonInput');
    }
    const external = await admin('POST', '/customers', {
      email: `${uniqueKey('ext')}@example.com`,
      authenticationMode: 'ExternalAuth',
    });
    expect(external.status).toBe(201);
    expect(external.body.customer.authenticationMode).toBe('ExternalAuth');
  });

  it('queries with predicates and deletes at the right version only', async () => {
    const customer = await createCustomer(customerDraft({ key: uniqueKey('del') }));
    const page = await admin('GET', `/customers?where=${encodeURIComponent(`email = "${customer.email}"`)}`);
    expect(page.body).toMatchObject({ count: 1, total: 1, results: [{ id: customer.id }] });
    expect((await admin('HEAD', `/customers/${customer.id}`)).status).toBe(200);
    expect((await admin('DELETE', `/customers/${customer.id}`)).status).toBe(400);
    const conflict = await admin('DELETE', `/customers/${customer.id}?version=7`);
    expect(conflict.status).toBe(409);
    expect(conflict.body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 1 });
    const deleted = await admin('DELETE', `/customers/key=${customer.customer.key}?version=1`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.id).toBe(customer.id);
    expect((await admin('GET', `/customers/${customer.id}`)).status).toBe(404);
    expect((await admin('HEAD', `/customers/${customer.id}`)).status).toBe(404);
  });

  it("revokes a deleted customer's tokens", async () => {
    const { projectKey } = await platform();
    const shop = await createClient(['manage_my_profile:{pk}']);
    const customer = await createCustomer();
    const grant = await passwordGrant(shop, customer.email, customer.password);
    const token = grant.body.access_token;
    expect((await http('GET', `/${projectKey}/me`, { token })).status).toBe(200);
    expect((await admin('DELETE', `/customers/${customer.id}?version=1`)).status).toBe(200);
    expect((await http('GET', `/${projectKey}/me`, { token })).status).toBe(401);
  });

  describe('in a Store', () => {
    it('creates customers of the Store, checking that it exists', async () => {
      const storeKey = await createStore();
      const created = await admin('POST', `/in-store/key=${storeKey}/customers`, customerDraft());
      expect(created.status).toBe(201);
      expect(created.body.customer.stores).toEqual([{ typeId: 'store', key: storeKey }]);
      const missing = await admin('POST', `/in-store/key=${uniqueKey('nostore')}/customers`, customerDraft());
      expect(missing.status).toBe(400);
      expect(missing.body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'store' });
    });

    it("answers 404 for a customer of another Store or a global one, and lists only the Store's customers", async () => {
      const berlin = await createStore();
      const paris = await createStore();
      const ofBerlin = await createCustomer(customerDraft({ key: uniqueKey('b') }), berlin);
      const global = await createCustomer();
      expect((await admin('GET', `/in-store/key=${berlin}/customers/${ofBerlin.id}`)).status).toBe(200);
      expect(
        (await admin('GET', `/in-store/key=${berlin}/customers/key=${ofBerlin.customer.key}`)).status,
      ).toBe(200);
      const elsewhere = await admin('GET', `/in-store/key=${paris}/customers/${ofBerlin.id}`);
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.body.errors[0].code).toBe('ResourceNotFound');
      expect((await admin('GET', `/in-store/key=${berlin}/customers/${global.id}`)).status).toBe(404);
      expect(
        (await admin('DELETE', `/in-store/key=${paris}/customers/${ofBerlin.id}?version=1`)).status,
      ).toBe(404);
      const page = await admin('GET', `/in-store/key=${berlin}/customers`);
      expect(page.body.results.map((customer: { id: string }) => customer.id)).toEqual([ofBerlin.id]);
      expect(
        (await admin('DELETE', `/in-store/key=${berlin}/customers/${ofBerlin.id}?version=1`)).status,
      ).toBe(200);
    });

    it('accepts store scopes of that Store only', async () => {
      const { projectKey } = await platform();
      const berlin = await createStore();
      const paris = await createStore();
      const token = await clientToken(await createClient([`manage_customers:{pk}:${berlin}`]));
      const created = await http('POST', `/${projectKey}/in-store/key=${berlin}/customers`, {
        token,
        body: customerDraft(),
      });
      expect(created.status).toBe(201);
      expect((await http('GET', `/${projectKey}/in-store/key=${berlin}/customers`, { token })).status).toBe(
        200,
      );
      expect((await http('GET', `/${projectKey}/in-store/key=${paris}/customers`, { token })).status).toBe(
        403,
      );
      expect((await http('GET', `/${projectKey}/customers`, { token })).status).toBe(403);
    });
  });

  it('works through @commercetools/platform-sdk, globally and in a Store', async () => {
    const api = await sdk();
    const storeKey = await createStore();
    const draft = customerDraft();
    const created = await api.customers().post({ body: draft }).execute();
    expect(created.statusCode).toBe(201);
    expect(created.body.customer.email).toBe(draft.email);
    const read = await api.customers().withId({ ID: created.body.customer.id }).get().execute();
    expect(read.body.id).toBe(created.body.customer.id);
    const inStore = await api
      .inStoreKeyWithStoreKeyValue({ storeKey })
      .customers()
      .post({ body: customerDraft() })
      .execute();
    expect(inStore.body.customer.stores).toEqual([{ typeId: 'store', key: storeKey }]);
    await expect(
      api
        .inStoreKeyWithStoreKeyValue({ storeKey })
        .customers()
        .withId({ ID: created.body.customer.id })
        .get()
        .execute(),
    ).rejects.toMatchObject({ statusCode: 404 });
    const deleted = await api
      .customers()
      .withId({ ID: created.body.customer.id })
      .delete({ queryArgs: { version: 1 } })
      .execute();
    expect(deleted.statusCode).toBe(200);
  });
});
