import { createCustomer } from '../auth/auth-helpers.js';
import { sdk } from '../support/sdk.js';
import { uniqueKey } from '../support/factories.js';
import { cartProduct, createCart, updateCart } from './cart-fixtures.js';
import { failure } from './checkout-helpers.js';

const shippingAddress = { country: 'DE', city: 'Berlin' };

describe('Cart quantity limits, the Initial state, and PriceChanged at order creation', () => {
  it('enforces minCartQuantity/maxCartQuantity of the entry of the SKU and supply channel on add, change and create', async () => {
    const client = await sdk();
    const { skus } = await cartProduct();
    const entry = (
      await client
        .inventory()
        .post({ body: { sku: skus[0], quantityOnStock: 100, minCartQuantity: 2, maxCartQuantity: 5 } })
        .execute()
    ).body;
    const channel = (
      await client
        .channels()
        .post({ body: { key: uniqueKey('supply'), roles: ['InventorySupply'] } })
        .execute()
    ).body;
    await client
      .inventory()
      .post({
        body: {
          sku: skus[1],
          quantityOnStock: 100,
          maxCartQuantity: 1,
          supplyChannel: { typeId: 'channel', id: channel.id },
        },
      })
      .execute();
    const cart = await createCart();
    expect(
      await failure(updateCart(cart, { action: 'addLineItem', sku: skus[0], quantity: 1 })),
    ).toMatchObject({
      statusCode: 400,
      code: 'LineItemQuantityBelowLimit',
      error: { quantity: 1, minCartQuantity: 2, lineItem: expect.any(String) },
    });
    expect(await failure(createCart({ lineItems: [{ sku: skus[0], quantity: 6 }] }))).toMatchObject({
      statusCode: 400,
      code: 'LineItemQuantityAboveLimit',
      error: { quantity: 6, maxCartQuantity: 5 },
    });
    let current = await updateCart(cart, { action: 'addLineItem', sku: skus[0], quantity: 3 });
    const [item] = current.lineItems;
    // Adding to the line item it merges into counts the sum.
    expect(
      await failure(updateCart(current, { action: 'addLineItem', sku: skus[0], quantity: 3 })),
    ).toMatchObject({ code: 'LineItemQuantityAboveLimit', error: { quantity: 6, lineItem: item.id } });
    expect(
      await failure(
        updateCart(current, { action: 'changeLineItemQuantity', lineItemId: item.id, quantity: 6 }),
      ),
    ).toMatchObject({ code: 'LineItemQuantityAboveLimit' });
    expect(
      await failure(updateCart(current, { action: 'removeLineItem', lineItemId: item.id, quantity: 2 })),
    ).toMatchObject({ code: 'LineItemQuantityBelowLimit', error: { quantity: 1 } });
    // Nothing was half-written; without a maximum the quantity is free.
    expect((await client.carts().withId({ ID: cart.id }).get().execute()).body.version).toBe(current.version);
    await client
      .inventory()
      .withId({ ID: entry.id })
      .post({
        body: { version: entry.version, actions: [{ action: 'setInventoryLimits', minCartQuantity: 2 }] },
      })
      .execute();
    current = await updateCart(current, {
      action: 'changeLineItemQuantity',
      lineItemId: item.id,
      quantity: 6,
    });
    expect(current.lineItems[0].quantity).toBe(6);
    // The entry of the line item's supply channel decides; without a channel there is no entry for skus[1].
    current = await updateCart(current, { action: 'addLineItem', sku: skus[1], quantity: 2 });
    expect(
      await failure(
        updateCart(current, {
          action: 'addLineItem',
          sku: skus[1],
          quantity: 2,
          supplyChannel: { typeId: 'channel', id: channel.id },
        }),
      ),
    ).toMatchObject({ code: 'LineItemQuantityAboveLimit', error: { quantity: 2, maxCartQuantity: 1 } });
    const plain = current.lineItems.find((li) => li.variant.sku === skus[1])!;
    expect(
      await failure(
        updateCart(current, {
          action: 'setLineItemSupplyChannel',
          lineItemId: plain.id,
          supplyChannel: { typeId: 'channel', id: channel.id },
        }),
      ),
    ).toMatchObject({ code: 'LineItemQuantityAboveLimit' });
  });

  it("starts line items in the project's built-in Initial state (its id, not the string 'Initial')", async () => {
    const client = await sdk();
    const { skus } = await cartProduct();
    const initial = (
      await client
        .states()
        .get({ queryArgs: { where: 'key = "Initial"' } })
        .execute()
    ).body.results[0];
    expect(initial).toMatchObject({ key: 'Initial', type: 'LineItemState', builtIn: true });
    const cart = await createCart({ lineItems: [{ sku: skus[0], quantity: 2 }] });
    expect(cart.lineItems[0].state).toEqual([{ quantity: 2, state: { typeId: 'state', id: initial.id } }]);
    const more = await updateCart(cart, {
      action: 'changeLineItemQuantity',
      lineItemId: cart.lineItems[0].id,
      quantity: 3,
    });
    expect(more.lineItems[0].state).toEqual([{ quantity: 3, state: { typeId: 'state', id: initial.id } }]);
  });

  it('refuses an order whose line item prices changed since the last recalculation (PriceChanged), until it is recalculated', async () => {
    const client = await sdk();
    const { product, skus } = await cartProduct();
    const cart = await createCart({ shippingAddress, lineItems: [{ sku: skus[0] }, { sku: skus[1] }] });
    const [first, second] = cart.lineItems;
    const price = product.masterData.current.masterVariant.prices![0];
    await client
      .products()
      .withId({ ID: product.id })
      .post({
        body: {
          version: product.version,
          actions: [
            {
              action: 'changePrice',
              priceId: price.id,
              price: { value: { currencyCode: 'EUR', centAmount: 1100 } },
              staged: false,
            },
          ],
        },
      })
      .execute();
    const order = (version: number) =>
      client
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: cart.id }, version } })
        .execute();
    expect(await failure(order(cart.version))).toMatchObject({
      statusCode: 400,
      code: 'PriceChanged',
      error: { lineItems: [first.id], shipping: false },
    });
    expect(second.price.value.centAmount).toBe(500);
    const unchanged = (await client.carts().withId({ ID: cart.id }).get().execute()).body;
    expect(unchanged).toMatchObject({ version: cart.version, cartState: 'Active' });
    const recalculated = await updateCart(cart, { action: 'recalculate' });
    expect(recalculated.lineItems[0].price.value.centAmount).toBe(1100);
    const created = await order(recalculated.version);
    expect(created.statusCode).toBe(201);
    expect(created.body.totalPrice.centAmount).toBe(1600);
  });

  it("answers the legacy GET /carts?customerId= with the customer's active cart itself (the older SDK reads it so)", async () => {
    const client = await sdk();
    const customer = await createCustomer();
    await createCart({ customerId: customer.id });
    const active = await createCart({ customerId: customer.id });
    const { body } = await client
      .carts()
      .get({
        queryArgs: { where: 'customerId = :customerId and cartState = "Active"', customerId: customer.id },
      })
      .execute();
    expect(body).toEqual((await client.carts().withId({ ID: active.id }).get().execute()).body);
    const none = await createCustomer();
    expect(
      await failure(
        client
          .carts()
          .get({ queryArgs: { customerId: none.id } })
          .execute(),
      ),
    ).toMatchObject({ statusCode: 404 });
    // Without it, a query is a page as always.
    const page = await client
      .carts()
      .get({ queryArgs: { where: `customerId = "${customer.id}"` } })
      .execute();
    expect(page.body.results).toHaveLength(2);
  });

  it("keeps a payment's interfaceId unique per payment interface (DuplicateField)", async () => {
    const client = await sdk();
    const interfaceId = uniqueKey('psp-ref');
    const payment = (paymentInterface: string, id = interfaceId) =>
      client
        .payments()
        .post({
          body: {
            interfaceId: id,
            amountPlanned: { currencyCode: 'EUR', centAmount: 100 },
            paymentMethodInfo: { paymentInterface },
          },
        })
        .execute();
    expect((await payment('psp-a')).statusCode).toBe(201);
    expect(await failure(payment('psp-a'))).toMatchObject({
      statusCode: 400,
      code: 'DuplicateField',
      error: { field: 'interfaceId', duplicateValue: interfaceId },
    });
    const other = (await payment('psp-b')).body;
    expect(
      await failure(
        client
          .payments()
          .withId({ ID: other.id })
          .post({
            body: {
              version: other.version,
              actions: [{ action: 'setMethodInfoInterface', interface: 'psp-a' }],
            },
          })
          .execute(),
      ),
    ).toMatchObject({ statusCode: 400, code: 'DuplicateField' });
  });
});
