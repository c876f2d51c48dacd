import { productSelectionDraft, storeDraft } from '../support/factories.js';
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
});
