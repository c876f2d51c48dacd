import type { Cart, CartDraft, InventoryEntry } from '@commercetools/platform-sdk';
import { failure } from '../customers/customer-helpers.js';
import { uniqueKey } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { cartProduct, createCart } from './cart-fixtures.js';
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
    expect(out).toMatchObject({ statusCode: 400, error: { code: 'OutOfStock' } });
    expect(JSON.stringify(out.error)).toContain(own[0]);
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
});
