import { createStore } from '../auth/auth-helpers.js';
import { cartProduct } from '../checkout/cart-fixtures.js';
import { customerApi, storefrontClient } from '../checkout/checkout-sdk.js';
import { uniqueKey } from '../support/factories.js';
import { platform } from '../support/platform.js';
import { sdk } from '../support/sdk.js';
import { data, graphql, type Client } from './graphql-helpers.js';

const CART = `id version key cartState totalPrice { centAmount currencyCode }
  storeRef { key } store { key }
  lineItems { id quantity variant { sku } totalPrice { centAmount } productTypeRef { typeId } }
  shippingAddress { country state }
  shippingInfo { shippingMethodName shippingMethodRef { id } shippingMethod { key } price { centAmount } }`;

/** The checkout through GraphQL: the same subjects, scopes and Store isolation as the REST routes. */
describe('GraphQL checkout: carts, orders, payments, shipping methods, zones', () => {
  let admin: Client;
  let projectKey: string;
  let storeKey: string;
  let sku: string;
  let state: string;
  let shippingMethodKey: string;

  beforeAll(async () => {
    admin = await sdk();
    projectKey = (await platform()).projectKey;
    storeKey = await createStore();
    const fixture = await cartProduct();
    sku = fixture.skus[0];
    state = uniqueKey('state');
    // The shipping address is in a state of its own (one Zone per location): the tax category has a rate there.
    await admin
      .taxCategories()
      .withId({ ID: fixture.taxCategory.id })
      .post({
        body: {
          version: fixture.taxCategory.version,
          actions: [
            {
              action: 'addTaxRate',
              taxRate: { name: '19% DE', amount: 0.19, includedInPrice: false, country: 'DE', state },
            },
          ],
        },
      })
      .execute();
    const zone = await data(
      admin,
      `mutation ($draft: CreateZone!) { createZone(draft: $draft) { id key locations { country state } } }`,
      { draft: { key: uniqueKey('zone'), name: uniqueKey('Zone'), locations: [{ country: 'DE', state }] } },
    );
    expect(zone.createZone.locations).toEqual([{ country: 'DE', state }]);
    shippingMethodKey = uniqueKey('sm');
    const method = await data(
      admin,
      `mutation ($draft: ShippingMethodDraft!) { createShippingMethod(draft: $draft) { key zoneRates { zone { key } } } }`,
      {
        draft: {
          key: shippingMethodKey,
          name: 'Standard',
          taxCategory: { id: fixture.taxCategory.id },
          isDefault: false,
          zoneRates: [
            {
              zone: { key: zone.createZone.key },
              shippingRates: [{ price: { currencyCode: 'EUR', centAmount: 490 } }],
            },
          ],
        },
      },
    );
    expect(method.createShippingMethod.zoneRates).toEqual([{ zone: { key: zone.createZone.key } }]);
  });

  it('creates a cart in a Store, adds a line item, ships it, orders it and updates the order', async () => {
    const created = await data(
      admin,
      `mutation ($draft: CartDraft!, $storeKey: KeyReferenceInput) {
        createCart(draft: $draft, storeKey: $storeKey) { ${CART} }
      }`,
      { draft: { currency: 'EUR', country: 'DE', key: uniqueKey('cart') }, storeKey },
    );
    const cart = created.createCart;
    expect(cart).toMatchObject({ version: 1, cartState: 'Active', storeRef: { key: storeKey } });
    expect(cart.store).toEqual({ key: storeKey });

    const updated = await data(
      admin,
      `mutation ($id: String, $version: Long!, $actions: [CartUpdateAction!]!, $storeKey: KeyReferenceInput) {
        updateCart(id: $id, version: $version, actions: $actions, storeKey: $storeKey) { ${CART} }
      }`,
      {
        id: cart.id,
        version: cart.version,
        storeKey,
        actions: [
          { addLineItem: { sku, quantity: 2 } },
          { setShippingAddress: { address: { country: 'DE', state } } },
          { setShippingMethod: { shippingMethod: { key: shippingMethodKey } } },
        ],
      },
    );
    const shipped = updated.updateCart;
    expect(shipped.lineItems).toEqual([
      expect.objectContaining({ quantity: 2, variant: { sku }, totalPrice: { centAmount: 2000 } }),
    ]);
    expect(shipped.shippingInfo).toMatchObject({
      shippingMethodName: 'Standard',
      shippingMethod: { key: shippingMethodKey },
      price: { centAmount: 490 },
    });
    expect(shipped.totalPrice).toEqual({ centAmount: 2490, currencyCode: 'EUR' });

    // Read back as REST reads it: by key, in the Store, in a page; another Store does not see it.
    const otherStore = await createStore();
    const read = await data(
      admin,
      `query ($key: String, $where: String, $store: KeyReferenceInput!, $other: KeyReferenceInput!) {
        cart(key: $key) { id }
        carts(where: $where) { total results { id } }
        inStore(key: $store) { cart(key: $key) { id } carts(where: $where) { total } }
        other: inStore(key: $other) { cart(key: $key) { id } carts(where: $where) { total } }
      }`,
      { key: cart.key, where: `key = "${cart.key}"`, store: storeKey, other: otherStore },
    );
    expect(read).toEqual({
      cart: { id: cart.id },
      carts: { total: 1, results: [{ id: cart.id }] },
      inStore: { cart: { id: cart.id }, carts: { total: 1 } },
      other: { cart: null, carts: { total: 0 } },
    });

    const orderNumber = uniqueKey('N');
    const ordered = await data(
      admin,
      `mutation ($draft: OrderCartCommand!, $storeKey: KeyReferenceInput) {
        createOrderFromCart(draft: $draft, storeKey: $storeKey) {
          id version orderNumber orderState storeRef { key } totalPrice { centAmount }
          cartRef { id } cart { cartState }
          lineItems { quantity }
        }
      }`,
      { draft: { id: cart.id, version: shipped.version, orderNumber }, storeKey },
    );
    const order = ordered.createOrderFromCart;
    expect(order).toMatchObject({
      orderNumber,
      orderState: 'Open',
      storeRef: { key: storeKey },
      totalPrice: { centAmount: 2490 },
      cartRef: { id: cart.id },
      cart: { cartState: 'Ordered' },
      lineItems: [{ quantity: 2 }],
    });

    const changed = await data(
      admin,
      `mutation ($orderNumber: String, $version: Long!, $actions: [OrderUpdateAction!]!) {
        updateOrder(orderNumber: $orderNumber, version: $version, actions: $actions) { version orderState }
      }`,
      { orderNumber, version: order.version, actions: [{ changeOrderState: { orderState: 'Confirmed' } }] },
    );
    expect(changed.updateOrder).toEqual({ version: order.version + 1, orderState: 'Confirmed' });
    const orders = await data(
      admin,
      `query ($orderNumber: String, $where: String, $store: KeyReferenceInput!) {
        order(orderNumber: $orderNumber) { id orderState }
        orders(where: $where) { total }
        inStore(key: $store) { order(orderNumber: $orderNumber) { id } }
      }`,
      { orderNumber, where: `orderNumber = "${orderNumber}"`, store: storeKey },
    );
    expect(orders).toEqual({
      order: { id: order.id, orderState: 'Confirmed' },
      orders: { total: 1 },
      inStore: { order: { id: order.id } },
    });
    const wrongStore = await graphql(
      admin,
      `
        mutation ($orderNumber: String, $storeKey: KeyReferenceInput) {
          deleteOrder(orderNumber: $orderNumber, version: 2, storeKey: $storeKey) {
            id
          }
        }
      `,
      { orderNumber, storeKey: otherStore },
    );
    expect(wrongStore.errors?.[0]?.extensions).toMatchObject({ code: 'ResourceNotFound' });
  });

  it('shippingMethodsByCart (also inStore), deleteCart, replicateCart and the My cart mutations with storeKey, inStores', async () => {
    const cartFields = `id version store { key } shippingAddress { country }`;
    const created = await data(
      admin,
      `mutation ($draft: CartDraft!, $storeKey: KeyReferenceInput) { createCart(draft: $draft, storeKey: $storeKey) { ${cartFields} } }`,
      {
        draft: {
          currency: 'EUR',
          country: 'DE',
          shippingAddress: { country: 'DE', state },
          lineItems: [{ sku }],
        },
        storeKey,
      },
    );
    const cart = created.createCart;
    const methods = await data(
      admin,
      `query ($id: String!, $store: KeyReferenceInput!) {
        shippingMethodsByCart(id: $id) { key zoneRates { shippingRates { isMatching price { centAmount } } } }
        inStore(key: $store) { shippingMethodsByCart(id: $id) { key } }
      }`,
      { id: cart.id, store: storeKey },
    );
    expect(methods.shippingMethodsByCart).toEqual([
      {
        key: shippingMethodKey,
        zoneRates: [{ shippingRates: [{ isMatching: true, price: { centAmount: 490 } }] }],
      },
    ]);
    expect(methods.inStore.shippingMethodsByCart).toEqual([{ key: shippingMethodKey }]);
    // Another Store has no such cart: the matching-cart route's error.
    const otherStore = await createStore();
    const elsewhere = await graphql(
      admin,
      `
        query ($id: String!, $store: KeyReferenceInput!) {
          inStore(key: $store) {
            shippingMethodsByCart(id: $id) {
              key
            }
          }
        }
      `,
      { id: cart.id, store: otherStore },
    );
    expect(elsewhere.errors?.[0]?.extensions).toMatchObject({ code: 'ReferencedResourceNotFound' });

    const replica = await data(
      admin,
      `mutation ($reference: ReferenceInput!, $storeKey: KeyReferenceInput) {
        replicateCart(reference: $reference, storeKey: $storeKey) { id cartState store { key } lineItems { quantity } }
      }`,
      { reference: { typeId: 'cart', id: cart.id }, storeKey },
    );
    expect(replica.replicateCart).toMatchObject({
      cartState: 'Active',
      store: { key: storeKey },
      lineItems: [{ quantity: 1 }],
    });
    expect(replica.replicateCart.id).not.toBe(cart.id);

    const all = await data(
      admin,
      `query ($where: String, $stores: [KeyReferenceInput!]!) { inStores(keys: $stores) { carts(where: $where) { total } } }`,
      { where: `id in ("${cart.id}", "${replica.replicateCart.id}")`, stores: [storeKey, otherStore] },
    );
    expect(all.inStores.carts.total).toBe(2);

    const wrongStore = await graphql(
      admin,
      `
        mutation ($id: String, $version: Long!, $storeKey: KeyReferenceInput) {
          deleteCart(id: $id, version: $version, storeKey: $storeKey) {
            id
          }
        }
      `,
      { id: cart.id, version: cart.version, storeKey: otherStore },
    );
    expect(wrongStore.errors?.[0]?.extensions).toMatchObject({ code: 'ResourceNotFound' });
    const deleted = await data(
      admin,
      `mutation ($id: String, $version: Long!, $storeKey: KeyReferenceInput) {
        deleteCart(id: $id, version: $version, storeKey: $storeKey) { id }
      }`,
      { id: cart.id, version: cart.version, storeKey },
    );
    expect(deleted.deleteCart.id).toBe(cart.id);
    expect(
      (await data(admin, `query ($id: String) { cart(id: $id) { id } }`, { id: cart.id })).cart,
    ).toBeNull();

    // A customer's cart in a Store: createMyCart and updateMyCart with storeKey, me under inStore.
    const alice = await customerApi(await storefrontClient());
    const mine = await data(
      alice.api,
      `mutation ($draft: MyCartDraft!, $storeKey: KeyReferenceInput) { createMyCart(draft: $draft, storeKey: $storeKey) { id version customerId storeRef { key } } }`,
      { draft: { currency: 'EUR', country: 'DE' }, storeKey },
    );
    expect(mine.createMyCart).toMatchObject({ customerId: alice.customerId, storeRef: { key: storeKey } });
    const myUpdate = `mutation ($id: String!, $version: Long!, $actions: [MyCartUpdateAction!]!, $storeKey: KeyReferenceInput) {
      updateMyCart(id: $id, version: $version, actions: $actions, storeKey: $storeKey) { version lineItems { quantity } }
    }`;
    const notThere = await graphql(alice.api, myUpdate, {
      id: mine.createMyCart.id,
      version: mine.createMyCart.version,
      actions: [{ addLineItem: { sku, quantity: 2 } }],
      storeKey: otherStore,
    });
    expect(notThere.errors?.[0]?.extensions).toMatchObject({ code: 'ResourceNotFound' });
    const updated = await data(alice.api, myUpdate, {
      id: mine.createMyCart.id,
      version: mine.createMyCart.version,
      actions: [{ addLineItem: { sku, quantity: 2 } }],
      storeKey,
    });
    expect(updated.updateMyCart).toEqual({
      version: mine.createMyCart.version + 1,
      lineItems: [{ quantity: 2 }],
    });
    const active = await data(
      alice.api,
      `query ($store: KeyReferenceInput!, $other: KeyReferenceInput!) {
        inStore(key: $store) { me { activeCart { id } } }
        other: inStore(key: $other) { me { activeCart { id } } }
      }`,
      { store: storeKey, other: otherStore },
    );
    expect(active).toEqual({
      inStore: { me: { activeCart: { id: mine.createMyCart.id } } },
      other: { me: { activeCart: null } },
    });
  });

  it('creates, updates and deletes a payment, and needs the payment scopes', async () => {
    const created = await data(
      admin,
      `mutation ($draft: PaymentDraft!) {
        createPayment(draft: $draft) { id version key amountPlanned { centAmount currencyCode } transactions { type } }
      }`,
      { draft: { key: uniqueKey('pay'), amountPlanned: { currencyCode: 'EUR', centAmount: 2490 } } },
    );
    const payment = created.createPayment;
    expect(payment).toMatchObject({ version: 1, amountPlanned: { centAmount: 2490, currencyCode: 'EUR' } });
    const updated = await data(
      admin,
      `mutation ($key: String, $actions: [PaymentUpdateAction!]!) {
        updatePayment(key: $key, version: 1, actions: $actions) { version transactions { type state amount { centAmount } } }
      }`,
      {
        key: payment.key,
        actions: [
          {
            addTransaction: {
              transaction: { type: 'Charge', amount: { currencyCode: 'EUR', centAmount: 2490 } },
            },
          },
        ],
      },
    );
    expect(updated.updatePayment).toEqual({
      version: 2,
      transactions: [{ type: 'Charge', state: 'Initial', amount: { centAmount: 2490 } }],
    });
    const read = await data(
      admin,
      `query ($id: String) { payment(id: $id) { key } payments(where: "id = \\"${payment.id}\\"") { total } }`,
      {
        id: payment.id,
      },
    );
    expect(read).toEqual({ payment: { key: payment.key }, payments: { total: 1 } });
    const viewer = await sdk([`view_orders:${projectKey}`]);
    const refused = await graphql(viewer, `{ payment(key: "${payment.key}") { id } }`);
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'insufficient_scope' });
    const deleted = await data(admin, `mutation { deletePayment(key: "${payment.key}", version: 2) { id } }`);
    expect(deleted.deletePayment.id).toBe(payment.id);
  });

  it("answers me's carts, orders and payments for a customer token, and never another customer's", async () => {
    const shop = await storefrontClient();
    const alice = await customerApi(shop);
    const bob = await customerApi(shop);
    const created = await data(
      alice.api,
      `mutation ($draft: MyCartDraft!) { createMyCart(draft: $draft) { id version customerId } }`,
      { draft: { currency: 'EUR', country: 'DE' } },
    );
    const cart = created.createMyCart;
    expect(cart.customerId).toBe(alice.customerId);
    const withItem = await data(
      alice.api,
      `mutation ($id: String!, $version: Long!, $actions: [MyCartUpdateAction!]!) {
        updateMyCart(id: $id, version: $version, actions: $actions) { version lineItems { quantity } }
      }`,
      {
        id: cart.id,
        version: cart.version,
        actions: [
          { addLineItem: { sku, quantity: 1 } },
          { setShippingAddress: { address: { country: 'DE' } } },
        ],
      },
    );
    expect(withItem.updateMyCart.lineItems).toEqual([{ quantity: 1 }]);
    const mine = await data(
      alice.api,
      `query ($id: String!) { me { activeCart { id } cart(id: $id) { id } carts { total } orders { total } } }`,
      { id: cart.id },
    );
    expect(mine.me).toEqual({
      activeCart: { id: cart.id },
      cart: { id: cart.id },
      carts: { total: 1 },
      orders: { total: 0 },
    });
    const theirs = await data(
      bob.api,
      `query ($id: String!) { me { activeCart { id } cart(id: $id) { id } carts { total } } }`,
      { id: cart.id },
    );
    expect(theirs.me).toEqual({ activeCart: null, cart: null, carts: { total: 0 } });
    const stolen = await graphql(
      bob.api,
      `
        mutation ($id: String!) {
          deleteMyCart(id: $id, version: 2) {
            id
          }
        }
      `,
      { id: cart.id },
    );
    expect(stolen.errors?.[0]?.extensions).toMatchObject({ code: 'ResourceNotFound' });

    const ordered = await data(
      alice.api,
      `mutation ($draft: OrderMyCartCommand!) { createMyOrderFromCart(draft: $draft) { id customerId } }`,
      { draft: { id: cart.id, version: withItem.updateMyCart.version } },
    );
    expect(ordered.createMyOrderFromCart.customerId).toBe(alice.customerId);
    const orders = await data(alice.api, `{ me { orders { results { id } } } }`);
    expect(orders.me.orders.results).toEqual([{ id: ordered.createMyOrderFromCart.id }]);
    const bobs = await data(bob.api, `query ($id: String) { me { order(id: $id) { id } } }`, {
      id: ordered.createMyOrderFromCart.id,
    });
    expect(bobs.me.order).toBeNull();

    const payment = await data(
      alice.api,
      `mutation ($draft: MyPaymentDraft!) { createMyPayment(draft: $draft) { id version customerRef { id } } }`,
      { draft: { amountPlanned: { currencyCode: 'EUR', centAmount: 1000 } } },
    );
    expect(payment.createMyPayment.customerRef).toEqual({ id: alice.customerId });
    const payments = await data(alice.api, `{ me { payments { total } } }`);
    expect(payments.me.payments.total).toBe(1);
    const none = await data(bob.api, `{ me { payments { total } } }`);
    expect(none.me.payments.total).toBe(0);

    const merchantOnly = await graphql(
      admin,
      `
        {
          me {
            carts {
              total
            }
          }
        }
      `,
    );
    expect(merchantOnly.errors?.[0]?.extensions).toMatchObject({ code: 'insufficient_scope' });
  });

  it('reads inventory entries, reviews and custom objects from their shapes', async () => {
    const inventory = await data(
      admin,
      `mutation ($draft: InventoryEntryDraft!) { createInventoryEntry(draft: $draft) { id sku quantityOnStock availableQuantity } }`,
      { draft: { sku: uniqueKey('sku'), quantityOnStock: 7 } },
    );
    expect(inventory.createInventoryEntry).toMatchObject({ quantityOnStock: 7, availableQuantity: 7 });
    const entry = await data(admin, `query ($id: String) { inventoryEntry(id: $id) { sku } }`, {
      id: inventory.createInventoryEntry.id,
    });
    expect(entry.inventoryEntry.sku).toBe(inventory.createInventoryEntry.sku);

    const container = uniqueKey('c');
    await data(
      admin,
      `mutation ($draft: CustomObjectDraft!) { createOrUpdateCustomObject(draft: $draft) { id } }`,
      { draft: { container, key: 'k', value: { size: 3 } } },
    );
    const objects = await data(
      admin,
      `query ($container: String!) { customObjects(container: $container, where: "value(size = 3)") { total results { key value } } }`,
      { container },
    );
    expect(objects.customObjects).toEqual({ total: 1, results: [{ key: 'k', value: { size: 3 } }] });
  });
});
