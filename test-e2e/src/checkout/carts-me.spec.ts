import { createApiBuilderFromCtpClient } from '@commercetools/platform-sdk';
import { ClientBuilder } from '@commercetools/ts-client';
import { createClient, createCustomer, passwordGrant, type Client } from '../auth/auth-helpers.js';
import { uniqueKey } from '../support/factories.js';
import { platform } from '../support/platform.js';
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
});
