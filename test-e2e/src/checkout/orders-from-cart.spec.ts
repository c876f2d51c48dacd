import type { Cart, CartDraft, InventoryEntry } from '@commercetools/platform-sdk';
import { failure } from '../customers/customer-helpers.js';
import { storeDraft, uniqueKey } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { cartProduct, createCart, updateCart } from './cart-fixtures.js';
import { customerApi, messagesOf, storefrontClient, type Api } from './checkout-sdk.js';

const shippingAddress = { country: 'DE', city: 'Berlin' };

describe('Orders from carts', () => {
  let api: Api;
  let skus: [string, string];

  beforeAll(async () => {
    api = await sdk();
    ({ skus } = await cartProduct());
  });

  function orderable(extra: Partial<CartDraft> = {}): Promise<Cart> {
    return createCart({
      country: 'DE',
      shippingAddress,
      lineItems: [{ sku: skus[0], quantity: 2 }],
      ...extra,
    });
  }

  async function inventory(sku: string, quantityOnStock: number): Promise<InventoryEntry> {
    return (await api.inventory().post({ body: { sku, quantityOnStock } }).execute()).body;
  }

  it('creates the order, sets the cart Ordered in the same step, OrderCreated', async () => {
    const cart = await orderable({ purchaseOrderNumber: 'PO-1' });
    const orderNumber = uniqueKey('N');
    const { statusCode, body: order } = await api
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version, orderNumber } })
      .execute();
    expect(statusCode).toBe(201);
    expect(order).toMatchObject({
      version: 1,
      orderNumber,
      purchaseOrderNumber: 'PO-1',
      orderState: 'Open',
      cart: { typeId: 'cart', id: cart.id },
      totalPrice: cart.totalPrice,
      shippingAddress,
      syncInfo: [],
    });
    expect(order.lineItems.map((li) => [li.variant.sku, li.quantity])).toEqual([[skus[0], 2]]);
    expect(order).not.toHaveProperty('cartState');
    const after = (await api.carts().withId({ ID: cart.id }).get().execute()).body;
    expect(after).toMatchObject({ cartState: 'Ordered', version: cart.version + 1 });
    const [created] = await messagesOf(api, order.id, 1);
    expect(created).toMatchObject({ type: 'OrderCreated', order: { id: order.id } });
    expect((await api.orders().withOrderNumber({ orderNumber }).get().execute()).body.id).toBe(order.id);

    const again = await failure(
      api
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: after.version } })
        .execute(),
    );
    expect(again).toMatchObject({ statusCode: 400, error: { code: 'InvalidOperation' } });
  });

  it('refuses a stale cart version, a cart without shipping address, a taken order number; the cart stays Active', async () => {
    const cart = await orderable();
    const stale = await failure(
      api
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version + 3 } })
        .execute(),
    );
    expect(stale).toMatchObject({
      statusCode: 409,
      error: { code: 'ConcurrentModification', currentVersion: cart.version },
    });
    const bare = await createCart({ lineItems: [{ sku: skus[0], quantity: 1 }] });
    const noAddress = await failure(
      api
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: bare.id }, version: bare.version } })
        .execute(),
    );
    expect(noAddress).toMatchObject({ statusCode: 400, error: { code: 'InvalidOperation' } });

    const first = await orderable();
    const orderNumber = uniqueKey('N');
    await api
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: first.id }, version: first.version, orderNumber } })
      .execute();
    const taken = await failure(
      api
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version, orderNumber } })
        .execute(),
    );
    expect(taken).toMatchObject({ statusCode: 400, error: { code: 'DuplicateField', field: 'orderNumber' } });
    expect((await api.carts().withId({ ID: cart.id }).get().execute()).body.cartState).toBe('Active');
    const missing = await failure(
      api
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: 'no-such-cart' }, version: 1 } })
        .execute(),
    );
    expect(missing).toMatchObject({ statusCode: 400, error: { code: 'ReferencedResourceNotFound' } });
  });

  it("/me/orders orders the token's own cart; another customer's cart is 404", async () => {
    const client = await storefrontClient();
    const alice = await customerApi(client);
    const bob = await customerApi(client);
    // The customer's cart, created by the merchant (/me/carts is the carts' own route).
    const cart = await orderable({
      customerId: alice.customerId,
      lineItems: [{ sku: skus[1], quantity: 1 }],
    });
    const foreign = await failure(
      bob.api
        .me()
        .orders()
        .post({ body: { id: cart.id, version: cart.version } })
        .execute(),
    );
    expect(foreign).toMatchObject({ statusCode: 404 });
    const { statusCode, body: order } = await alice.api
      .me()
      .orders()
      .post({ body: { id: cart.id, version: cart.version } })
      .execute();
    expect(statusCode).toBe(201);
    expect(order).toMatchObject({ customerId: alice.customerId, cart: { id: cart.id } });
    expect((await alice.api.me().orders().withId({ ID: order.id }).get().execute()).body.id).toBe(order.id);
  });

  it('ReserveOnOrder: OutOfStock names the SKU and nothing is written', async () => {
    const { skus: own } = await cartProduct();
    await inventory(own[0], 1);
    const cart = await orderable({
      inventoryMode: 'ReserveOnOrder',
      lineItems: [{ sku: own[0], quantity: 1 }],
    });
    const other = await orderable({
      inventoryMode: 'ReserveOnOrder',
      lineItems: [{ sku: own[0], quantity: 1 }],
    });
    await api
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version } })
      .execute();
    const out = await failure(
      api
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: other.id }, version: other.version } })
        .execute(),
    );
    expect(out).toMatchObject({
      statusCode: 400,
      error: { code: 'OutOfStock', skus: [own[0]], lineItems: [other.lineItems[0].id] },
    });
    expect((await api.carts().withId({ ID: other.id }).get().execute()).body.cartState).toBe('Active');
  });

  it('100 concurrent orders for 10 units in ReserveOnOrder: exactly 10 orders, availableQuantity 0', async () => {
    const { skus: own } = await cartProduct();
    const entry = await inventory(own[0], 10);
    const carts: Cart[] = [];
    for (let batch = 0; batch < 5; batch++) {
      carts.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, () =>
            orderable({ inventoryMode: 'ReserveOnOrder', lineItems: [{ sku: own[0], quantity: 1 }] }),
          ),
        )),
      );
    }
    const outcomes = await Promise.allSettled(
      carts.map((cart) =>
        api
          .orders()
          .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version } })
          .execute(),
      ),
    );
    const created = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(created).toHaveLength(10);
    expect(
      new Set(refused.map((r) => (r.reason as { body: { errors: { code: string }[] } }).body.errors[0].code)),
    ).toEqual(new Set(['OutOfStock']));
    const stock = (await api.inventory().withId({ ID: entry.id }).get().execute()).body;
    expect(stock).toMatchObject({ quantityOnStock: 0, availableQuantity: 0 });
    const orders = await api
      .orders()
      .get({ queryArgs: { where: `lineItems(variant(sku = "${own[0]}"))`, limit: 500 } })
      .execute();
    expect(orders.body.results).toHaveLength(10);
  });

  it('TrackOnly: the order takes the units even below zero; a SKU without an entry is OutOfStock', async () => {
    const { skus: own } = await cartProduct();
    const entry = await inventory(own[0], 1);
    const cart = await orderable({ inventoryMode: 'TrackOnly', lineItems: [{ sku: own[0], quantity: 3 }] });
    const created = await api
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version } })
      .execute();
    expect(created.statusCode).toBe(201);
    expect(created.body.inventoryMode).toBe('TrackOnly');
    const stock = (await api.inventory().withId({ ID: entry.id }).get().execute()).body;
    expect(stock).toMatchObject({ quantityOnStock: -2, availableQuantity: -2 });
    const untracked = await orderable({
      inventoryMode: 'TrackOnly',
      lineItems: [{ sku: own[1], quantity: 1 }],
    });
    const out = await failure(
      api
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: untracked.id }, version: untracked.version } })
        .execute(),
    );
    expect(out).toMatchObject({ statusCode: 400, error: { code: 'OutOfStock', skus: [own[1]] } });
    expect((await api.carts().withId({ ID: untracked.id }).get().execute()).body.cartState).toBe('Active');
    // The line item's mode overrides the cart's: None takes no stock.
    const mixed = await orderable({
      inventoryMode: 'TrackOnly',
      lineItems: [{ sku: own[1], quantity: 1, inventoryMode: 'None' }],
    });
    expect(
      (
        await api
          .orders()
          .post({ body: { cart: { typeId: 'cart', id: mixed.id }, version: mixed.version } })
          .execute()
      ).statusCode,
    ).toBe(201);
  });

  it('in a Store (/in-store/key={storeKey}/orders and /me/orders): its own carts only, the cart country one of its countries', async () => {
    const store = (
      await api
        .stores()
        .post({ body: storeDraft({ countries: [{ code: 'DE' }] }) })
        .execute()
    ).body;
    const inStore = api.inStoreKeyWithStoreKeyValue({ storeKey: store.key });
    const storeCart = (
      await inStore
        .carts()
        .post({ body: { currency: 'EUR', country: 'DE', shippingAddress, lineItems: [{ sku: skus[0] }] } })
        .execute()
    ).body;
    const orderNumber = uniqueKey('N');
    const created = await inStore
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: storeCart.id }, version: storeCart.version, orderNumber } })
      .execute();
    expect(created.statusCode).toBe(201);
    expect(created.body).toMatchObject({
      store: { typeId: 'store', key: store.key },
      cart: { id: storeCart.id },
      orderNumber,
    });
    expect((await inStore.orders().withOrderNumber({ orderNumber }).get().execute()).body.id).toBe(
      created.body.id,
    );
    expect((await api.carts().withId({ ID: storeCart.id }).get().execute()).body.cartState).toBe('Ordered');

    // A cart of the project (or of another Store) is not there.
    const projectCart = await orderable();
    expect(
      await failure(
        inStore
          .orders()
          .post({ body: { cart: { typeId: 'cart', id: projectCart.id }, version: projectCart.version } })
          .execute(),
      ),
    ).toMatchObject({ statusCode: 400, error: { code: 'ReferencedResourceNotFound' } });
    // Without a cart country, the shipping address's country must be one of the Store's.
    const abroad = (
      await inStore
        .carts()
        .post({
          body: { currency: 'EUR', shippingAddress: { country: 'AT' }, lineItems: [{ sku: skus[0] }] },
        })
        .execute()
    ).body;
    expect(
      await failure(
        inStore
          .orders()
          .post({ body: { cart: { typeId: 'cart', id: abroad.id }, version: abroad.version } })
          .execute(),
      ),
    ).toMatchObject({
      statusCode: 400,
      error: { code: 'CountryNotConfiguredInStore', storeCountries: ['DE'], country: 'AT' },
    });

    // A customer orders their own cart of the Store through /in-store/key={storeKey}/me/orders.
    const alice = await customerApi(await storefrontClient());
    const mine = alice.api.inStoreKeyWithStoreKeyValue({ storeKey: store.key }).me();
    const myCart = (
      await mine
        .carts()
        .post({ body: { currency: 'EUR', country: 'DE', shippingAddress, lineItems: [{ sku: skus[1] }] } })
        .execute()
    ).body;
    const myOrder = await mine
      .orders()
      .post({ body: { id: myCart.id, version: myCart.version } })
      .execute();
    expect(myOrder.statusCode).toBe(201);
    expect(myOrder.body).toMatchObject({
      customerId: alice.customerId,
      store: { typeId: 'store', key: store.key },
      cart: { id: myCart.id },
    });
    expect((await mine.orders().withId({ ID: myOrder.body.id }).get().execute()).body.id).toBe(
      myOrder.body.id,
    );
    expect((await mine.orders().get().execute()).body.results.map((o) => o.id)).toEqual([myOrder.body.id]);
  });

  it('addPayment and removePayment on a cart; the order keeps its payments (paymentInfo)', async () => {
    const payment = async () =>
      (
        await api
          .payments()
          .post({ body: { amountPlanned: { currencyCode: 'EUR', centAmount: 2000 } } })
          .execute()
      ).body;
    const [first, second] = [await payment(), await payment()];
    let cart = await orderable();
    cart = await updateCart(
      cart,
      { action: 'addPayment', payment: { typeId: 'payment', id: first.id } },
      { action: 'addPayment', payment: { typeId: 'payment', id: second.id } },
    );
    expect(cart.paymentInfo?.payments).toEqual([
      { typeId: 'payment', id: first.id },
      { typeId: 'payment', id: second.id },
    ]);
    cart = await updateCart(cart, { action: 'removePayment', payment: { typeId: 'payment', id: second.id } });
    expect(cart.paymentInfo?.payments).toEqual([{ typeId: 'payment', id: first.id }]);
    expect(
      await failure(
        updateCart(cart, { action: 'addPayment', payment: { typeId: 'payment', id: 'no-such-payment' } }),
      ),
    ).toMatchObject({ statusCode: 400, error: { code: 'ReferencedResourceNotFound' } });
    const order = (
      await api
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version } })
        .execute()
    ).body;
    expect(order.paymentInfo?.payments).toEqual([{ typeId: 'payment', id: first.id }]);
  });

  it('ReserveOnOrder orders beyond the stock of a restockable entry (restockableInDays, 0 included)', async () => {
    const { skus: own } = await cartProduct();
    const entry = (
      await api
        .inventory()
        .post({ body: { sku: own[0], quantityOnStock: 0, restockableInDays: 0 } })
        .execute()
    ).body;
    const cart = await orderable({
      inventoryMode: 'ReserveOnOrder',
      lineItems: [{ sku: own[0], quantity: 2 }],
    });
    const created = await api
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version } })
      .execute();
    expect(created.statusCode).toBe(201);
    const stock = (await api.inventory().withId({ ID: entry.id }).get().execute()).body;
    expect(stock).toMatchObject({ quantityOnStock: -2, availableQuantity: -2 });
  });

  it('refuses a cart whose item shipping details no longer add up to the quantity (InvalidItemShippingDetails)', async () => {
    let cart = await orderable({
      itemShippingAddresses: [
        { key: 'home', country: 'DE' },
        { key: 'office', country: 'DE' },
      ],
    });
    const [item] = cart.lineItems;
    cart = await updateCart(cart, {
      action: 'setLineItemShippingDetails',
      lineItemId: item.id,
      shippingDetails: {
        targets: [
          { addressKey: 'home', quantity: 1 },
          { addressKey: 'office', quantity: 1 },
        ],
      },
    });
    expect(cart.lineItems[0].shippingDetails).toMatchObject({ valid: true });
    cart = await updateCart(cart, { action: 'changeLineItemQuantity', lineItemId: item.id, quantity: 3 });
    expect(cart.lineItems[0].shippingDetails).toMatchObject({ valid: false });
    expect(
      await failure(
        api
          .orders()
          .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version } })
          .execute(),
      ),
    ).toMatchObject({
      statusCode: 400,
      error: { code: 'InvalidItemShippingDetails', subject: 'LineItem', itemId: item.id },
    });
    expect((await api.carts().withId({ ID: cart.id }).get().execute()).body.cartState).toBe('Active');
  });
});
