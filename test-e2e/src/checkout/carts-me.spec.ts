import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
import { createClient, createCustomer, passwordGrant, type Client } from '../auth/auth-helpers.js';
import { sdkWithToken } from '../customers/customer-helpers.js';
import { storeDraft, uniqueKey } from '../support/factories.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { failure } from './checkout-helpers.js';
import { cartProduct, createCart } from './cart-fixtures.js';

/** The SDK as a storefront uses it: an anonymous session or a customer's token from the password flow. */
async function storefront(
  configure: (builder: ClientBuilder, host: string, projectKey: string) => ClientBuilder,
) {
  const { apiUrl, projectKey } = await platform();
  const client = configure(new ClientBuilder().withProjectKey(projectKey), apiUrl, projectKey)
    .withHttpMiddleware({ host: apiUrl, httpClient: fetch })
    .build();
  return createApiBuilderFromCtpClient(client).withProjectKey({ projectKey });
}

describe('My Carts (/me/carts, /me/active-cart)', () => {
  let shop: Client;
  beforeAll(async () => {
    shop = await createClient([
      'manage_my_orders:{pk}',
      'create_anonymous_token:{pk}',
      'manage_my_profile:{pk}',
    ]);
  });

  const anonymous = (anonymousId = uniqueKey('anon')) =>
    storefront((builder, host, projectKey) =>
      builder.withAnonymousSessionFlow({
        host,
        projectKey,
        credentials: { clientId: shop.id, clientSecret: shop.secret, anonymousId },
        scopes: [`manage_my_orders:${projectKey}`],
        httpClient: fetch,
      }),
    );

  it('an anonymous session creates, reads, updates and deletes its own cart; the owner comes from the token', async () => {
    const { skus } = await cartProduct();
    const anonymousId = uniqueKey('anon');
    const me = (await anonymous(anonymousId)).me();
    const created = await me
      .carts()
      .post({
        body: { currency: 'EUR', lineItems: [{ sku: skus[0], quantity: 2 }], customerId: 'someone' } as never,
      })
      .execute();
    expect(created.statusCode).toBe(201);
    const cart = created.body;
    expect(cart).toMatchObject({ anonymousId, origin: 'Customer', totalPrice: { centAmount: 2000 } });
    expect(cart).not.toHaveProperty('customerId');
    expect((await me.carts().withId({ ID: cart.id }).get().execute()).body.id).toBe(cart.id);
    expect((await me.activeCart().get().execute()).body.id).toBe(cart.id);
    // HEAD: the same questions without a body.
    expect((await me.activeCart().head().execute()).statusCode).toBe(200);
    expect((await me.carts().withId({ ID: cart.id }).head().execute()).statusCode).toBe(200);
    expect(
      (
        await me
          .carts()
          .head({ queryArgs: { where: 'cartState = "Active"' } })
          .execute()
      ).statusCode,
    ).toBe(200);
    expect(
      await failure(
        me
          .carts()
          .head({ queryArgs: { where: 'cartState = "Ordered"' } })
          .execute(),
      ),
    ).toMatchObject({ statusCode: 404 });
    const page = await me.carts().get().execute();
    expect(page.body.results.map((c) => c.id)).toEqual([cart.id]);
    // `expand` works on the /me routes as on /carts (the SDK's own cart.me test expands the active cart).
    const productType = cart.lineItems[0].productType;
    const expand = { expand: 'lineItems[*].productType' };
    const active = (await me.activeCart().get({ queryArgs: expand }).execute()).body;
    expect(active.lineItems[0].productType.obj).toMatchObject({
      id: productType.id,
      key: expect.any(String),
    });
    const listed = (await me.carts().get({ queryArgs: expand }).execute()).body.results[0];
    expect(listed.lineItems[0].productType.obj?.id).toBe(productType.id);
    const read = (await me.carts().withId({ ID: cart.id }).get({ queryArgs: expand }).execute()).body;
    expect(read.lineItems[0].productType.obj?.id).toBe(productType.id);

    const updated = await me
      .carts()
      .withId({ ID: cart.id })
      .post({
        body: {
          version: cart.version,
          actions: [{ action: 'changeLineItemQuantity', lineItemId: cart.lineItems[0].id, quantity: 1 }],
        },
      })
      .execute();
    expect(updated.body.totalPrice.centAmount).toBe(1000);
    expect(
      await failure(
        me
          .carts()
          .withId({ ID: cart.id })
          .post({
            body: { version: updated.body.version, actions: [{ action: 'setKey', key: 'mine' }] } as never,
          })
          .execute(),
      ),
    ).toMatchObject({ statusCode: 400, code: 'InvalidJsonInput' });
    expect(
      await failure(
        me
          .carts()
          .withId({ ID: cart.id })
          .post({
            body: {
              version: updated.body.version,
              actions: [{ action: 'changeTaxMode', taxMode: 'Disabled' }],
            },
          })
          .execute(),
      ),
    ).toMatchObject({ statusCode: 400, code: 'InvalidInput' });
    const deleted = await me
      .carts()
      .withId({ ID: cart.id })
      .delete({ queryArgs: { version: updated.body.version } })
      .execute();
    expect(deleted.body.id).toBe(cart.id);
    expect(await failure(me.activeCart().get().execute())).toMatchObject({ statusCode: 404 });
    expect(await failure(me.activeCart().head().execute())).toMatchObject({ statusCode: 404 });
    expect(await failure(me.carts().withId({ ID: cart.id }).head().execute())).toMatchObject({
      statusCode: 404,
    });
  });

  it("never shows another session's or a customer's cart (404), and needs a session token", async () => {
    const mine = (await anonymous()).me();
    const theirs = (await anonymous()).me();
    const cart = (
      await mine
        .carts()
        .post({ body: { currency: 'EUR' } })
        .execute()
    ).body;
    expect(await failure(theirs.carts().withId({ ID: cart.id }).get().execute())).toMatchObject({
      statusCode: 404,
    });
    expect(await failure(theirs.carts().withId({ ID: cart.id }).head().execute())).toMatchObject({
      statusCode: 404,
    });
    expect(
      await failure(
        theirs
          .carts()
          .head({ queryArgs: { where: `id = "${cart.id}"` } })
          .execute(),
      ),
    ).toMatchObject({ statusCode: 404 });
    expect(
      await failure(
        theirs
          .carts()
          .withId({ ID: cart.id })
          .delete({ queryArgs: { version: cart.version } })
          .execute(),
      ),
    ).toMatchObject({ statusCode: 404 });
    expect((await theirs.carts().get().execute()).body.results).toEqual([]);
    expect(
      await failure(
        theirs
          .carts()
          .replicate()
          .post({ body: { reference: { typeId: 'cart', id: cart.id } } })
          .execute(),
      ),
    ).toMatchObject({ statusCode: 404, code: 'ResourceNotFound' });
    const copy = await mine
      .carts()
      .replicate()
      .post({ body: { reference: { typeId: 'cart', id: cart.id } } })
      .execute();
    expect(copy.body).toMatchObject({ anonymousId: cart.anonymousId, cartState: 'Active' });
    const merchantCart = await createCart();
    expect(await failure(mine.carts().withId({ ID: merchantCart.id }).get().execute())).toMatchObject({
      statusCode: 404,
    });
    const { projectKey } = await platform();
    const clientOnly = await storefront((builder, host) =>
      builder.withClientCredentialsFlow({
        host,
        projectKey,
        credentials: { clientId: shop.id, clientSecret: shop.secret },
        scopes: [`manage_my_orders:${projectKey}`],
        httpClient: fetch,
      }),
    );
    expect(await failure(clientOnly.me().carts().get().execute())).toMatchObject({ statusCode: 403 });
  });

  it("a customer's token works on the customer's carts: the active cart is the last modified Active one", async () => {
    const customer = await createCustomer();
    const token = await passwordGrant(shop, customer.email, customer.password);
    expect(token.status).toBe(200);
    const me = (
      await storefront((builder) =>
        builder.withExistingTokenFlow(`Bearer ${String(token.body.access_token)}`, { force: true }),
      )
    ).me();
    const first = (
      await me
        .carts()
        .post({ body: { currency: 'EUR' } })
        .execute()
    ).body;
    const second = (
      await me
        .carts()
        .post({ body: { currency: 'EUR', country: 'DE' } })
        .execute()
    ).body;
    expect(first.customerId).toBe(customer.id);
    expect((await me.activeCart().get().execute()).body.id).toBe(second.id);
    await me
      .carts()
      .withId({ ID: first.id })
      .post({ body: { version: first.version, actions: [{ action: 'setCountry', country: 'DE' }] } })
      .execute();
    expect((await me.activeCart().get().execute()).body.id).toBe(first.id);
    const adminView = await createCart({ customerId: customer.id });
    expect((await me.carts().withId({ ID: adminView.id }).get().execute()).body.id).toBe(adminView.id);
  });

  it("in a Store (/in-store/key={storeKey}/me/carts, /me/active-cart): a customer's cart of that Store only", async () => {
    const { skus } = await cartProduct();
    const client = await sdk();
    const [storeA, storeB] = await Promise.all(
      [0, 1].map(
        async () =>
          (
            await client
              .stores()
              .post({ body: storeDraft({ countries: [{ code: 'DE' }] }) })
              .execute()
          ).body.key,
      ),
    );
    const customer = await createCustomer();
    const grant = await passwordGrant(shop, customer.email, customer.password);
    const api = await sdkWithToken(String(grant.body.access_token));
    const inA = api.inStoreKeyWithStoreKeyValue({ storeKey: storeA }).me();
    const inB = api.inStoreKeyWithStoreKeyValue({ storeKey: storeB }).me();
    expect(await failure(inA.activeCart().head().execute())).toMatchObject({ statusCode: 404 });

    const created = await inA
      .carts()
      .post({ body: { currency: 'EUR', country: 'DE', lineItems: [{ sku: skus[0] }] } })
      .execute();
    expect(created.statusCode).toBe(201);
    const cart = created.body;
    expect(cart).toMatchObject({ customerId: customer.id, store: { typeId: 'store', key: storeA } });
    expect((await inA.activeCart().get().execute()).body.id).toBe(cart.id);
    expect((await inA.activeCart().head().execute()).statusCode).toBe(200);
    expect((await inA.carts().withId({ ID: cart.id }).head().execute()).statusCode).toBe(200);
    expect((await inA.carts().head().execute()).statusCode).toBe(200);
    expect((await inA.carts().get().execute()).body.results.map((c) => c.id)).toEqual([cart.id]);
    const updated = await inA
      .carts()
      .withId({ ID: cart.id })
      .post({
        body: { version: cart.version, actions: [{ action: 'setCustomerEmail', email: 'a@example.com' }] },
      })
      .execute();
    expect(updated.body).toMatchObject({ customerEmail: 'a@example.com', version: cart.version + 1 });

    // Another Store has none of it.
    expect(await failure(inB.carts().withId({ ID: cart.id }).get().execute())).toMatchObject({
      statusCode: 404,
    });
    expect(await failure(inB.carts().withId({ ID: cart.id }).head().execute())).toMatchObject({
      statusCode: 404,
    });
    expect(await failure(inB.activeCart().get().execute())).toMatchObject({ statusCode: 404 });
    expect(await failure(inB.activeCart().head().execute())).toMatchObject({ statusCode: 404 });
    expect(await failure(inB.carts().head().execute())).toMatchObject({ statusCode: 404 });
    expect((await inB.carts().get().execute()).body.results).toEqual([]);
    // The global /me sees one's carts of every Store.
    expect((await api.me().carts().withId({ ID: cart.id }).get().execute()).body.id).toBe(cart.id);
  });

  it('a customer token of a Store (manage_my_orders:{projectKey}:{storeKey}, the in-store password flow) works in that Store only', async () => {
    const { projectKey } = await platform();
    const { skus } = await cartProduct();
    const client = await sdk();
    const [storeA, storeB] = await Promise.all(
      [0, 1].map(
        async () =>
          (
            await client
              .stores()
              .post({ body: storeDraft({ countries: [{ code: 'DE' }] }) })
              .execute()
          ).body.key,
      ),
    );
    const storeShop = await createClient([`manage_my_orders:{pk}:${storeA}`]);
    const customer = await createCustomer(undefined, storeA);
    const grant = await passwordGrant(storeShop, customer.email, customer.password, storeA);
    expect(grant.status).toBe(200);
    expect(String(grant.body.scope)).toContain(`manage_my_orders:${projectKey}:${storeA}`);
    const api = await sdkWithToken(String(grant.body.access_token));
    const inA = api.inStoreKeyWithStoreKeyValue({ storeKey: storeA }).me();
    const created = await inA
      .carts()
      .post({ body: { currency: 'EUR', country: 'DE', lineItems: [{ sku: skus[0] }] } })
      .execute();
    expect(created.body).toMatchObject({ customerId: customer.id, store: { typeId: 'store', key: storeA } });
    expect((await inA.activeCart().get().execute()).body.id).toBe(created.body.id);
    const elsewhere = api.inStoreKeyWithStoreKeyValue({ storeKey: storeB }).me();
    expect((await failure(elsewhere.carts().get().execute()))?.statusCode).toBe(403);
    expect((await failure(api.me().carts().get().execute()))?.statusCode).toBe(403);
  });
});
