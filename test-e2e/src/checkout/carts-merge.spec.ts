import type { Cart } from '@commercetools/platform-sdk';
import { createCustomer, customerDraft, passwordGrant } from '../auth/auth-helpers.js';
import { sdkWithToken } from '../customers/customer-helpers.js';
import { storeDraft, uniqueKey } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { cartProduct, createCart } from './cart-fixtures.js';
import { failure } from './checkout-helpers.js';
import { anonymousApi, storefrontClient } from './checkout-sdk.js';

/** Each line item as `sku x quantity`, sorted. */
const items = (cart: Cart) =>
  cart.lineItems.map((item) => `${item.variant.sku} x ${item.quantity}`).sort((a, b) => a.localeCompare(b));

const address = { country: 'DE' };

describe('The anonymous cart at sign-in and by carts/customer-id={id}/merge (checkout facts 4.8)', () => {
  it("/login merges the anonymous cart into the customer's active cart: larger quantity of a match, others added, the anonymous cart Merged", async () => {
    const client = await sdk();
    const { skus } = await cartProduct();
    const customer = await createCustomer();
    const own = await createCart({
      customerId: customer.id,
      shippingAddress: address,
      lineItems: [{ sku: skus[0], quantity: 1 }],
    });
    const anonymousId = uniqueKey('anon');
    const anonymous = await createCart({
      anonymousId,
      lineItems: [
        { sku: skus[0], quantity: 3 },
        { sku: skus[1], quantity: 2 },
      ],
    });
    const { body } = await client
      .login()
      .post({
        body: {
          email: customer.email,
          password: customer.password,
          anonymousCart: { typeId: 'cart', id: anonymous.id },
          anonymousId,
        },
      })
      .execute();
    expect(body.customer.id).toBe(customer.id);
    expect(body.cart?.id).toBe(own.id);
    expect(items(body.cart!)).toEqual(
      [`${skus[0]} x 3`, `${skus[1]} x 2`].sort((a, b) => a.localeCompare(b)),
    );
    // 3 x 9.00 (the tier from 3 pieces) + 2 x 5.00, taxed at the target's address (19% DE).
    expect(body.cart).toMatchObject({
      customerId: customer.id,
      cartState: 'Active',
      totalPrice: { centAmount: 3700 },
      taxedPrice: { totalNet: { centAmount: 3700 }, totalGross: { centAmount: 4403 } },
    });
    const merged = (await client.carts().withId({ ID: anonymous.id }).get().execute()).body;
    expect(merged.cartState).toBe('Merged');
    const active = await client.carts().withCustomerId({ customerId: customer.id }).get().execute();
    expect(active.body.id).toBe(own.id);
    // A Merged cart is final.
    expect(
      await failure(
        client
          .carts()
          .withId({ ID: merged.id })
          .post({ body: { version: merged.version, actions: [{ action: 'setLocale', locale: 'de' }] } })
          .execute(),
      ),
    ).toMatchObject({ statusCode: 400, code: 'InvalidOperation' });
  });

  it("UseAsNewActiveCustomerCart makes the anonymous cart the active one, priced for the customer's group", async () => {
    const client = await sdk();
    const group = (
      await client
        .customerGroups()
        .post({ body: { groupName: uniqueKey('group') } })
        .execute()
    ).body;
    const { skus } = await cartProduct({ customerGroupId: group.id });
    const customer = await createCustomer();
    await client
      .customers()
      .withId({ ID: customer.id })
      .post({
        body: {
          version: customer.customer.version,
          actions: [
            { action: 'setCustomerGroup', customerGroup: { typeId: 'customer-group', id: group.id } },
          ],
        },
      })
      .execute();
    const own = await createCart({ customerId: customer.id, lineItems: [{ sku: skus[1], quantity: 1 }] });
    const anonymous = await createCart({ anonymousId: uniqueKey('anon'), lineItems: [{ sku: skus[0] }] });
    expect(anonymous.totalPrice.centAmount).toBe(1000);
    const { body } = await client
      .login()
      .post({
        body: {
          email: customer.email,
          password: customer.password,
          anonymousCart: { typeId: 'cart', id: anonymous.id },
          anonymousCartSignInMode: 'UseAsNewActiveCustomerCart',
        },
      })
      .execute();
    expect(body.cart).toMatchObject({
      id: anonymous.id,
      customerId: customer.id,
      customerGroup: { id: group.id },
      cartState: 'Active',
      totalPrice: { centAmount: 800 },
    });
    expect(items(body.cart!)).toEqual([`${skus[0]} x 1`]);
    const untouched = (await client.carts().withId({ ID: own.id }).get().execute()).body;
    expect(untouched).toMatchObject({ cartState: 'Active', version: own.version });
    expect((await client.carts().withCustomerId({ customerId: customer.id }).get().execute()).body.id).toBe(
      anonymous.id,
    );
  });

  it('refuses an anonymous cart of another session or customer, and an unknown one', async () => {
    const client = await sdk();
    const customer = await createCustomer();
    const other = await createCustomer();
    const anonymous = await createCart({ anonymousId: uniqueKey('anon') });
    const login = (body: Record<string, unknown>) =>
      client
        .login()
        .post({ body: { email: customer.email, password: customer.password, ...body } })
        .execute();
    expect(
      await failure(
        login({ anonymousCart: { typeId: 'cart', id: anonymous.id }, anonymousId: 'someone-else' }),
      ),
    ).toMatchObject({ statusCode: 400, code: 'InvalidOperation' });
    const theirs = await createCart({ customerId: other.id });
    expect(await failure(login({ anonymousCart: { typeId: 'cart', id: theirs.id } }))).toMatchObject({
      statusCode: 400,
      code: 'InvalidOperation',
    });
    expect(await failure(login({ anonymousCartId: 'no-such-cart' }))).toMatchObject({
      statusCode: 400,
      code: 'ReferencedResourceNotFound',
    });
    // Without an anonymous cart, sign-in answers the customer's active cart, if any.
    const { body } = await login({});
    expect(body.cart).toBeUndefined();
    const own = await createCart({ customerId: customer.id });
    expect((await login({})).body.cart?.id).toBe(own.id);
  });

  it("/me/login with an anonymous session's token: the session's cart follows the customer", async () => {
    const shop = await storefrontClient();
    const { skus } = await cartProduct();
    const { api: session, anonymousId } = await anonymousApi(shop);
    const cart = (
      await session
        .me()
        .carts()
        .post({ body: { currency: 'EUR', lineItems: [{ sku: skus[0], quantity: 2 }] } })
        .execute()
    ).body;
    expect(cart.anonymousId).toBe(anonymousId);
    const customer = await createCustomer();
    const { body } = await session
      .me()
      .login()
      .post({ body: { email: customer.email, password: customer.password } })
      .execute();
    expect(body.customer.id).toBe(customer.id);
    expect(body.cart).toMatchObject({ id: cart.id, customerId: customer.id, anonymousId });
    // The customer's own token (password flow) now finds it as the active cart.
    const grant = await passwordGrant(shop, customer.email, customer.password);
    const mine = await sdkWithToken(String(grant.body.access_token));
    expect((await mine.me().activeCart().get().execute()).body.id).toBe(cart.id);
  });

  it("in a Store: /in-store/key={storeKey}/login merges into the customer's cart of that Store", async () => {
    const client = await sdk();
    const { skus } = await cartProduct();
    const storeKey = uniqueKey('store');
    await client
      .stores()
      .post({ body: storeDraft({ key: storeKey, countries: [{ code: 'DE' }] }) })
      .execute();
    const customer = await createCustomer(customerDraft(), storeKey);
    const inStore = client.inStoreKeyWithStoreKeyValue({ storeKey });
    const own = (
      await inStore
        .carts()
        .post({ body: { currency: 'EUR', customerId: customer.id, lineItems: [{ sku: skus[1] }] } })
        .execute()
    ).body;
    const elsewhere = await createCart({ customerId: customer.id });
    const anonymous = (
      await inStore
        .carts()
        .post({ body: { currency: 'EUR', anonymousId: uniqueKey('anon'), lineItems: [{ sku: skus[0] }] } })
        .execute()
    ).body;
    const { body } = await inStore
      .login()
      .post({
        body: {
          email: customer.email,
          password: customer.password,
          anonymousCart: { typeId: 'cart', id: anonymous.id },
        },
      })
      .execute();
    expect(body.cart?.id).toBe(own.id);
    expect(items(body.cart!)).toEqual(
      [`${skus[0]} x 1`, `${skus[1]} x 1`].sort((a, b) => a.localeCompare(b)),
    );
    const untouched = (await client.carts().withId({ ID: elsewhere.id }).get().execute()).body;
    expect(untouched.version).toBe(elsewhere.version);
  });

  it('POST carts/customer-id={id}/merge: merges, and makes the anonymous cart active when there is none', async () => {
    const client = await sdk();
    const { skus } = await cartProduct();
    const customer = await createCustomer();
    const first = await createCart({ anonymousId: uniqueKey('anon'), lineItems: [{ sku: skus[0] }] });
    const merge = (body: Record<string, unknown>) =>
      client
        .carts()
        .customerIdWithCustomerIdValueMerge({ customerId: customer.id })
        .post({ body: body })
        .execute();
    const adopted = await merge({ anonymousCart: { typeId: 'cart', id: first.id } });
    expect(adopted.statusCode).toBe(200);
    expect(adopted.body).toMatchObject({ id: first.id, customerId: customer.id, cartState: 'Active' });
    const second = await createCart({
      anonymousId: uniqueKey('anon'),
      lineItems: [{ sku: skus[1], quantity: 4 }],
    });
    const merged = await merge({
      anonymousCart: { typeId: 'cart', id: second.id },
      mergeMode: 'MergeWithExistingCustomerCart',
    });
    expect(merged.body.id).toBe(first.id);
    expect(items(merged.body)).toEqual(
      [`${skus[0]} x 1`, `${skus[1]} x 4`].sort((a, b) => a.localeCompare(b)),
    );
    expect((await client.carts().withId({ ID: second.id }).get().execute()).body.cartState).toBe('Merged');
    expect(await failure(merge({ anonymousCart: { typeId: 'cart', id: second.id } }))).toMatchObject({
      statusCode: 400,
      code: 'InvalidOperation',
    });
  });
});

describe('The anonymous session at sign-up and sign-in: carts, orders, payments (SDK CustomerDraft, CustomerSignin)', () => {
  /** An order of the session `anonymousId`, from a cart of its own. */
  async function sessionOrder(anonymousId: string, sku: string) {
    const client = await sdk();
    const cart = await createCart({ anonymousId, shippingAddress: address, lineItems: [{ sku }] });
    return (
      await client
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version } })
        .execute()
    ).body;
  }

  async function sessionPayment(anonymousId: string) {
    const client = await sdk();
    return (
      await client
        .payments()
        .post({ body: { anonymousId, amountPlanned: { currencyCode: 'EUR', centAmount: 500 } } })
        .execute()
    ).body;
  }

  it("POST /customers with anonymousCart and anonymousId: the cart is assigned, not merged; the session's orders and payments follow", async () => {
    const client = await sdk();
    const { skus } = await cartProduct();
    const anonymousId = uniqueKey('anon');
    const anonymous = await createCart({ anonymousId, lineItems: [{ sku: skus[0], quantity: 2 }] });
    const order = await sessionOrder(anonymousId, skus[1]);
    const payment = await sessionPayment(anonymousId);
    const othersPayment = await sessionPayment(uniqueKey('anon'));

    const draft = customerDraft({ anonymousCart: { typeId: 'cart', id: anonymous.id }, anonymousId });
    const { statusCode, body } = await client.customers().post({ body: draft }).execute();
    expect(statusCode).toBe(201);
    const customerId = body.customer.id;
    expect(body.cart).toMatchObject({
      id: anonymous.id,
      customerId,
      anonymousId,
      cartState: 'Active',
      version: anonymous.version + 1,
    });
    expect(items(body.cart!)).toEqual([`${skus[0]} x 2`]);
    expect((await client.carts().withCustomerId({ customerId }).get().execute()).body.id).toBe(anonymous.id);

    const assigned = (await client.orders().withId({ ID: order.id }).get().execute()).body;
    expect(assigned).toMatchObject({ customerId, anonymousId, version: order.version + 1 });
    const paid = (await client.payments().withId({ ID: payment.id }).get().execute()).body;
    expect(paid.customer).toEqual({ typeId: 'customer', id: customerId });
    const untouched = (await client.payments().withId({ ID: othersPayment.id }).get().execute()).body;
    expect(untouched.customer).toBeUndefined();
    expect(untouched.version).toBe(othersPayment.version);
    // The order's change is an ordinary one, with its Message.
    const messages = await client
      .messages()
      .get({ queryArgs: { where: `resource(id = "${order.id}") and type = "OrderCustomerSet"` } })
      .execute();
    expect(messages.body.results).toEqual([
      expect.objectContaining({ customer: { typeId: 'customer', id: customerId } }),
    ]);
  });

  it('a sign-up whose anonymous cart cannot be handed over is refused before the customer exists', async () => {
    const client = await sdk();
    const anonymous = await createCart({ anonymousId: uniqueKey('anon') });
    const owned = await createCart({ customerId: (await createCustomer()).id });
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ anonymousCart: { typeId: 'cart', id: anonymous.id }, anonymousId: 'another-session' }, 400, 'InvalidOperation'],
      [{ anonymousCart: { typeId: 'cart', id: owned.id } }, 400, 'InvalidOperation'],
      [{ anonymousCartId: 'no-such-cart' }, 400, 'ReferencedResourceNotFound'],
    ];
    for (const [fields, statusCode, code] of cases) {
      const draft = customerDraft(fields);
      expect(await failure(client.customers().post({ body: draft }).execute())).toMatchObject({
        statusCode,
        error: { code },
      });
      const same = await client
        .customers()
        .get({ queryArgs: { where: `email = "${draft.email}"` } })
        .execute();
      expect(same.body.results).toEqual([]);
    }
    const unchanged = (await client.carts().withId({ ID: anonymous.id }).get().execute()).body;
    expect(unchanged.version).toBe(anonymous.version);
    expect(unchanged.customerId).toBeUndefined();
  });

  it("/me/signup with an anonymous session's token: the session's cart and order become the customer's", async () => {
    const shop = await storefrontClient();
    const { skus } = await cartProduct();
    const { api: session, anonymousId } = await anonymousApi(shop);
    const cart = (
      await session
        .me()
        .carts()
        .post({ body: { currency: 'EUR', lineItems: [{ sku: skus[0] }] } })
        .execute()
    ).body;
    const order = await sessionOrder(anonymousId, skus[1]);
    const draft = customerDraft();
    const { statusCode, body } = await session
      .me()
      .signup()
      .post({ body: { email: draft.email, password: draft.password } })
      .execute();
    expect(statusCode).toBe(201);
    expect(body.cart).toMatchObject({ id: cart.id, customerId: body.customer.id, anonymousId });
    const client = await sdk();
    expect((await client.orders().withId({ ID: order.id }).get().execute()).body.customerId).toBe(
      body.customer.id,
    );
  });

  it("/login with anonymousId: the session's orders and payments follow the customer; a refused merge hands nothing over", async () => {
    const client = await sdk();
    const { skus } = await cartProduct();
    const customer = await createCustomer();
    const anonymousId = uniqueKey('anon');
    const order = await sessionOrder(anonymousId, skus[0]);
    const payment = await sessionPayment(anonymousId);
    const otherSession = await createCart({ anonymousId: uniqueKey('anon') });

    const refused = await failure(
      client
        .login()
        .post({
          body: {
            email: customer.email,
            password: customer.password,
            anonymousCart: { typeId: 'cart', id: otherSession.id },
            anonymousId,
          },
        })
        .execute(),
    );
    expect(refused).toMatchObject({ statusCode: 400, error: { code: 'InvalidOperation' } });
    expect((await client.orders().withId({ ID: order.id }).get().execute()).body.customerId).toBeUndefined();

    await client
      .login()
      .post({ body: { email: customer.email, password: customer.password, anonymousId } })
      .execute();
    expect((await client.orders().withId({ ID: order.id }).get().execute()).body.customerId).toBe(customer.id);
    const paid = (await client.payments().withId({ ID: payment.id }).get().execute()).body;
    expect(paid.customer).toEqual({ typeId: 'customer', id: customer.id });
  });
});
