import { createCustomer } from '../auth/auth-helpers.js';
import { channelDraft, productSelectionDraft, storeDraft, uniqueKey } from '../support/factories.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { failure } from './checkout-helpers.js';
import { cartProduct, createCart } from './cart-fixtures.js';

describe('Carts in a Store', () => {
  it("bind a cart to the Store: its countries and product selections; other Stores' carts do not exist there", async () => {
    const client = await sdk();
    const { product, skus } = await cartProduct();
    const other = await cartProduct();
    const selection = (await client.productSelections().post({ body: productSelectionDraft() }).execute())
      .body;
    await client
      .productSelections()
      .withId({ ID: selection.id })
      .post({
        body: {
          version: selection.version,
          actions: [{ action: 'addProduct', product: { typeId: 'product', id: product.id } }],
        },
      })
      .execute();
    const store = (
      await client
        .stores()
        .post({
          body: storeDraft({
            countries: [{ code: 'DE' }],
            productSelections: [
              { productSelection: { typeId: 'product-selection', id: selection.id }, active: true },
            ],
          }),
        })
        .execute()
    ).body;
    const inStore = client.inStoreKeyWithStoreKeyValue({ storeKey: store.key });

    const created = await inStore
      .carts()
      .post({ body: { currency: 'EUR', country: 'DE', lineItems: [{ sku: skus[0] }] } })
      .execute();
    expect(created.statusCode).toBe(201);
    const cart = created.body;
    expect(cart.store).toEqual({ typeId: 'store', key: store.key });
    expect((await inStore.carts().withId({ ID: cart.id }).get().execute()).body.id).toBe(cart.id);
    const page = await inStore
      .carts()
      .get({ queryArgs: { where: `id = "${cart.id}"` } })
      .execute();
    expect(page.body.results.map((c) => c.id)).toEqual([cart.id]);

    expect(
      await failure(
        inStore
          .carts()
          .post({ body: { currency: 'EUR', country: 'FR' } })
          .execute(),
      ),
    ).toMatchObject({
      statusCode: 400,
      code: 'CountryNotConfiguredInStore',
      error: { storeCountries: ['DE'], country: 'FR' },
    });
    expect(
      await failure(
        inStore
          .carts()
          .post({ body: { currency: 'EUR', lineItems: [{ sku: other.skus[0] }] } })
          .execute(),
      ),
    ).toMatchObject({ statusCode: 400, code: 'InvalidInput' });

    const projectCart = await createCart();
    expect(await failure(inStore.carts().withId({ ID: projectCart.id }).get().execute())).toMatchObject({
      statusCode: 404,
    });
    expect(
      await failure(
        inStore
          .carts()
          .withId({ ID: projectCart.id })
          .post({
            body: { version: projectCart.version, actions: [{ action: 'setCountry', country: 'DE' }] },
          })
          .execute(),
      ),
    ).toMatchObject({ statusCode: 404 });
    const otherStore = (await client.stores().post({ body: storeDraft() }).execute()).body;
    const elsewhere = client.inStoreKeyWithStoreKeyValue({ storeKey: otherStore.key });
    expect(await failure(elsewhere.carts().withId({ ID: cart.id }).get().execute())).toMatchObject({
      statusCode: 404,
    });
    expect(
      await failure(
        elsewhere
          .carts()
          .withId({ ID: cart.id })
          .delete({ queryArgs: { version: cart.version } })
          .execute(),
      ),
    ).toMatchObject({
      statusCode: 404,
    });
    const deleted = await inStore
      .carts()
      .withId({ ID: cart.id })
      .delete({ queryArgs: { version: cart.version } })
      .execute();
    expect(deleted.body.id).toBe(cart.id);
  });

  it("addresses the Store's carts by key, updates, replicates and merges them there; channels must be the Store's", async () => {
    const client = await sdk();
    const { skus } = await cartProduct();
    const [ours, theirs] = await Promise.all(
      [0, 1].map(
        async () =>
          (
            await client
              .channels()
              .post({ body: channelDraft(['ProductDistribution']) })
              .execute()
          ).body,
      ),
    );
    const store = (
      await client
        .stores()
        .post({
          body: storeDraft({
            countries: [{ code: 'DE' }],
            distributionChannels: [{ typeId: 'channel', id: ours.id }],
          }),
        })
        .execute()
    ).body;
    const inStore = client.inStoreKeyWithStoreKeyValue({ storeKey: store.key });
    const key = uniqueKey('cart');
    const cart = (
      await inStore
        .carts()
        .post({
          body: {
            currency: 'EUR',
            key,
            country: 'DE',
            lineItems: [{ sku: skus[0], distributionChannel: { typeId: 'channel', id: ours.id } }],
          },
        })
        .execute()
    ).body;
    expect(cart.lineItems[0].distributionChannel).toEqual({ typeId: 'channel', id: ours.id });
    expect((await inStore.carts().withKey({ key }).get().execute()).body.id).toBe(cart.id);
    const updated = await inStore
      .carts()
      .withKey({ key })
      .post({
        body: { version: cart.version, actions: [{ action: 'setCustomerEmail', email: 'in@store.example' }] },
      })
      .execute();
    expect(updated.body).toMatchObject({ customerEmail: 'in@store.example', version: cart.version + 1 });
    // A channel that is not one of the Store's is refused, and nothing is written.
    expect(
      await failure(
        inStore
          .carts()
          .withKey({ key })
          .post({
            body: {
              version: updated.body.version,
              actions: [
                {
                  action: 'addLineItem',
                  sku: skus[1],
                  distributionChannel: { typeId: 'channel', id: theirs.id },
                },
              ],
            },
          })
          .execute(),
      ),
    ).toMatchObject({ statusCode: 400, code: 'InvalidInput' });
    expect((await inStore.carts().withKey({ key }).get().execute()).body.version).toBe(updated.body.version);
    // By key, a cart of the project is not in the Store.
    const projectKeyed = await createCart({ key: uniqueKey('cart') });
    expect(await failure(inStore.carts().withKey({ key: projectKeyed.key! }).get().execute())).toMatchObject({
      statusCode: 404,
    });

    const replica = await inStore
      .carts()
      .replicate()
      .post({ body: { reference: { typeId: 'cart', id: cart.id } } })
      .execute();
    expect(replica.statusCode).toBe(201);
    expect(replica.body).toMatchObject({ cartState: 'Active', store: { typeId: 'store', key: store.key } });
    expect(replica.body.lineItems.map((item) => [item.variant.sku, item.quantity])).toEqual([[skus[0], 1]]);

    // The customer's cart of the Store takes the anonymous one (carts/customer-id={id}/merge in the Store).
    const customer = await createCustomer();
    const own = (
      await inStore
        .carts()
        .post({ body: { currency: 'EUR', customerId: customer.id, lineItems: [{ sku: skus[1] }] } })
        .execute()
    ).body;
    const anonymous = (
      await inStore
        .carts()
        .post({
          body: {
            currency: 'EUR',
            anonymousId: uniqueKey('anon'),
            lineItems: [{ sku: skus[0], quantity: 2 }],
          },
        })
        .execute()
    ).body;
    const merged = await inStore
      .carts()
      .customerIdWithCustomerIdValueMerge({ customerId: customer.id })
      .post({ body: { anonymousCart: { typeId: 'cart', id: anonymous.id } } })
      .execute();
    expect(merged.statusCode).toBe(200);
    expect(merged.body.id).toBe(own.id);
    expect(merged.body.lineItems.map((item) => `${item.variant.sku} x ${item.quantity}`).sort()).toEqual(
      [`${skus[0]} x 2`, `${skus[1]} x 1`].sort(),
    );
    expect((await inStore.carts().withCustomerId({ customerId: customer.id }).get().execute()).body.id).toBe(
      own.id,
    );
    expect((await inStore.carts().withId({ ID: anonymous.id }).get().execute()).body.cartState).toBe(
      'Merged',
    );
  });

  it('takes the order scopes of its Store (manage_orders:{projectKey}:{storeKey}) in that Store only', async () => {
    const { projectKey } = await platform();
    const client = await sdk();
    const [store, other] = await Promise.all(
      [0, 1].map(async () => (await client.stores().post({ body: storeDraft() }).execute()).body.key),
    );
    const writer = await sdk([`manage_orders:${projectKey}:${store}`]);
    const created = await writer
      .inStoreKeyWithStoreKeyValue({ storeKey: store })
      .carts()
      .post({ body: { currency: 'EUR' } })
      .execute();
    expect(created.statusCode).toBe(201);
    expect(
      (await failure(writer.inStoreKeyWithStoreKeyValue({ storeKey: other }).carts().get().execute()))
        ?.statusCode,
    ).toBe(403);
    expect((await failure(writer.carts().withId({ ID: created.body.id }).get().execute()))?.statusCode).toBe(
      403,
    );
    const reader = await sdk([`view_orders:${projectKey}:${store}`]);
    const inStore = reader.inStoreKeyWithStoreKeyValue({ storeKey: store });
    expect((await inStore.carts().withId({ ID: created.body.id }).get().execute()).body.id).toBe(
      created.body.id,
    );
    expect(
      (
        await failure(
          inStore
            .carts()
            .withId({ ID: created.body.id })
            .post({
              body: { version: created.body.version, actions: [{ action: 'setLocale', locale: 'de' }] },
            })
            .execute(),
        )
      )?.statusCode,
    ).toBe(403);
  });

  it("shows a line item in the Store's languages only (name, productSlug), in its carts and their orders", async () => {
    const client = await sdk();
    const { product, skus } = await cartProduct();
    const names = { en: 'Shirt', de: 'Hemd', 'de-AT': 'Leiberl' };
    const slugs = { en: uniqueKey('shirt'), de: uniqueKey('hemd'), 'de-AT': uniqueKey('leiberl') };
    await client
      .products()
      .withId({ ID: product.id })
      .post({
        body: {
          version: product.version,
          actions: [
            { action: 'changeName', name: names },
            { action: 'changeSlug', slug: slugs },
            { action: 'publish' },
          ],
        },
      })
      .execute();
    const german = (
      await client
        .stores()
        .post({ body: storeDraft({ languages: ['de'] }) })
        .execute()
    ).body;
    const everyLanguage = (await client.stores().post({ body: storeDraft() }).execute()).body;

    const cart = (
      await client
        .inStoreKeyWithStoreKeyValue({ storeKey: german.key })
        .carts()
        .post({
          body: { currency: 'EUR', shippingAddress: { country: 'DE' }, lineItems: [{ sku: skus[0] }] },
        })
        .execute()
    ).body;
    // Exact locales only, as a Product Projection's localeProjection: `de` keeps `de`, not `de-AT`.
    expect(cart.lineItems[0]).toMatchObject({ name: { de: 'Hemd' }, productSlug: { de: slugs.de } });
    expect(Object.keys(cart.lineItems[0].name)).toEqual(['de']);
    const order = (
      await client
        .inStoreKeyWithStoreKeyValue({ storeKey: german.key })
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version } })
        .execute()
    ).body;
    expect(order.lineItems[0].name).toEqual({ de: 'Hemd' });

    for (const storeKey of [everyLanguage.key, undefined]) {
      const draft = { currency: 'EUR', lineItems: [{ sku: skus[0] }] };
      const other = storeKey
        ? (await client.inStoreKeyWithStoreKeyValue({ storeKey }).carts().post({ body: draft }).execute())
            .body
        : await createCart(draft);
      expect(other.lineItems[0].name).toEqual(names);
      expect(other.lineItems[0].productSlug).toEqual(slugs);
    }
  });
});
