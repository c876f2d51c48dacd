import type { CartUpdateAction } from '@commercetools/platform-sdk';
import pg from 'pg';
import { eventually } from '../support/api.js';
import { sdk } from '../support/sdk.js';
import { platform } from '../support/platform.js';
import { uniqueKey } from '../support/factories.js';
import { clientToken, createClient, createCustomer } from '../auth/auth-helpers.js';
import { sdkWithToken } from '../customers/customer-helpers.js';
import { failure } from './checkout-helpers.js';
import { messagesOf } from './checkout-sdk.js';
import { cartProduct, createCart, updateCart } from './cart-fixtures.js';

describe('Carts: lifecycle and actions', () => {
  it('are created with line items by SKU and by product id, read by id and key, queried and deleted', async () => {
    const client = await sdk();
    const { product, skus } = await cartProduct();
    const key = uniqueKey('cart');
    const created = await client
      .carts()
      .post({
        body: {
          currency: 'EUR',
          key,
          country: 'DE',
          lineItems: [
            { sku: skus[0], quantity: 2 },
            { productId: product.id, variantId: 2 },
          ],
          customLineItems: [
            {
              name: { en: 'Gift wrap' },
              money: { currencyCode: 'EUR', centAmount: 250 },
              slug: 'wrap',
              externalTaxRate: { name: 'x', amount: 0.1, country: 'DE' },
            },
          ],
          taxMode: 'Disabled',
        },
      })
      .execute();
    expect(created.statusCode).toBe(201);
    const cart = created.body;
    expect(cart).toMatchObject({
      version: 1,
      key,
      cartState: 'Active',
      taxMode: 'Disabled',
      priceRoundingMode: 'HalfEven',
      taxRoundingMode: 'HalfEven',
      taxCalculationMode: 'LineItemLevel',
      inventoryMode: 'None',
      shippingMode: 'Single',
      origin: 'Customer',
      deleteDaysAfterLastModification: 90,
      totalLineItemQuantity: 3,
      totalPrice: { currencyCode: 'EUR', centAmount: 2 * 1000 + 500 + 250 },
    });
    expect(
      cart.lineItems.map((item) => [item.variant.sku, item.quantity, item.totalPrice.centAmount]),
    ).toEqual([
      [skus[0], 2, 2000],
      [skus[1], 1, 500],
    ]);
    expect(cart.lineItems[0]).toMatchObject({
      productId: product.id,
      productKey: product.key,
      name: { en: 'Product' },
      productType: { typeId: 'product-type' },
      priceMode: 'Platform',
      lineItemMode: 'Standard',
      state: [{ quantity: 2, state: { typeId: 'state' } }],
    });
    expect((await client.carts().withId({ ID: cart.id }).get().execute()).body).toEqual(cart);
    expect((await client.carts().withKey({ key }).get().execute()).body).toEqual(cart);
    const page = await client
      .carts()
      .get({ queryArgs: { where: `key = "${key}"`, withTotal: true } })
      .execute();
    expect(page.body).toMatchObject({ count: 1, total: 1, results: [{ id: cart.id }] });
    const deleted = await client
      .carts()
      .withKey({ key })
      .delete({ queryArgs: { version: cart.version } })
      .execute();
    expect(deleted.body.id).toBe(cart.id);
    expect(await failure(client.carts().withId({ ID: cart.id }).get().execute())).toMatchObject({
      statusCode: 404,
    });
  });

  it('merges a second add of the same variant, applies price tiers, changes and removes quantities', async () => {
    const { skus } = await cartProduct();
    let cart = await createCart({ lineItems: [{ sku: skus[0] }] });
    cart = await updateCart(cart, { action: 'addLineItem', sku: skus[0], quantity: 2 });
    expect(cart.lineItems).toHaveLength(1);
    expect(cart.lineItems[0]).toMatchObject({
      quantity: 3,
      price: { value: { centAmount: 900 } },
      totalPrice: { centAmount: 2700 },
    });
    const id = cart.lineItems[0].id;
    cart = await updateCart(cart, { action: 'removeLineItem', lineItemId: id, quantity: 1 });
    expect(cart.lineItems[0]).toMatchObject({ quantity: 2, totalPrice: { centAmount: 2000 } });
    cart = await updateCart(cart, { action: 'changeLineItemQuantity', lineItemId: id, quantity: 0 });
    expect(cart.lineItems).toEqual([]);
    expect(cart.totalPrice.centAmount).toBe(0);
    expect(cart).not.toHaveProperty('totalLineItemQuantity');
  });

  it('updates its context, addresses and custom line items, each change in one version', async () => {
    const cart = await createCart();
    const updated = await updateCart(
      cart,
      { action: 'setCustomerEmail', email: 'buyer@example.com' },
      { action: 'setCountry', country: 'DE' },
      { action: 'setLocale', locale: 'de' },
      { action: 'setPurchaseOrderNumber', purchaseOrderNumber: 'PO-1' },
      { action: 'setDeleteDaysAfterLastModification', deleteDaysAfterLastModification: 7 },
      { action: 'setBillingAddress', address: { country: 'DE', city: 'Berlin' } },
      { action: 'addItemShippingAddress', address: { key: 'home', country: 'DE' } },
      { action: 'changeTaxMode', taxMode: 'Disabled' },
      {
        action: 'addCustomLineItem',
        name: { en: 'Fee' },
        money: { currencyCode: 'EUR', centAmount: 300 },
        slug: 'fee',
        quantity: 2,
      },
    );
    expect(updated).toMatchObject({
      version: 2,
      customerEmail: 'buyer@example.com',
      country: 'DE',
      locale: 'de',
      purchaseOrderNumber: 'PO-1',
      deleteDaysAfterLastModification: 7,
      billingAddress: { country: 'DE', city: 'Berlin' },
      itemShippingAddresses: [{ key: 'home', country: 'DE' }],
      totalPrice: { centAmount: 600 },
    });
    const cli = updated.customLineItems[0];
    const changed = await updateCart(
      updated,
      { action: 'changeCustomLineItemQuantity', customLineItemId: cli.id, quantity: 1 },
      {
        action: 'changeCustomLineItemMoney',
        customLineItemId: cli.id,
        money: { currencyCode: 'EUR', centAmount: 450 },
      },
      { action: 'setLocale' },
    );
    expect(changed).toMatchObject({ version: 3, totalPrice: { centAmount: 450 } });
    expect(changed).not.toHaveProperty('locale');
    const same = await updateCart(changed, { action: 'setCountry', country: 'DE' });
    expect(same.version).toBe(3);
  });

  it('freezes and unfreezes, refusing item changes while frozen; locks with manage_locked_carts', async () => {
    const { skus } = await cartProduct();
    const empty = await createCart();
    expect(await failure(updateCart(empty, { action: 'freezeCart' }))).toMatchObject({
      statusCode: 400,
      code: 'InvalidOperation',
    });
    let cart = await createCart({ lineItems: [{ sku: skus[0] }] });
    cart = await updateCart(cart, { action: 'freezeCart' });
    expect(cart).toMatchObject({ cartState: 'Frozen', freezeStrategy: 'SoftFreeze' });
    expect(await failure(updateCart(cart, { action: 'addLineItem', sku: skus[0] }))).toMatchObject({
      code: 'InvalidOperation',
    });
    cart = await updateCart(
      cart,
      { action: 'setCustomerEmail', email: 'still@works.example' },
      { action: 'unfreezeCart' },
    );
    expect(cart.cartState).toBe('Active');
    expect(cart).not.toHaveProperty('freezeStrategy');
    // Locking and unlocking need manage_locked_carts besides the order scopes (facts 2): 403 without it.
    const ordersOnly = await sdkWithToken(await clientToken(await createClient(['manage_orders:{pk}'])));
    const lockKeeper = await sdkWithToken(
      await clientToken(await createClient(['manage_orders:{pk}', 'manage_locked_carts:{pk}'])),
    );
    const post = (client: typeof ordersOnly, version: number, action: CartUpdateAction) =>
      client
        .carts()
        .withId({ ID: cart.id })
        .post({ body: { version, actions: [action] } })
        .execute();
    expect(await failure(post(ordersOnly, cart.version, { action: 'lockCart' }))).toMatchObject({
      statusCode: 403,
      code: 'insufficient_scope',
    });
    cart = (await post(lockKeeper, cart.version, { action: 'lockCart' })).body;
    expect(cart.lock).toMatchObject({ clientId: expect.any(String), createdAt: expect.any(String) });
    // A locked cart changes only for clients with manage_locked_carts, whoever locked it.
    expect(
      await failure(post(ordersOnly, cart.version, { action: 'setCustomerEmail', email: 'no@example.com' })),
    ).toMatchObject({ statusCode: 400, code: 'InvalidOperation' });
    expect(await failure(post(ordersOnly, cart.version, { action: 'unlockCart' }))).toMatchObject({
      statusCode: 403,
    });
    cart = await updateCart(cart, { action: 'setCustomerEmail', email: 'admin@example.com' });
    expect(cart.customerEmail).toBe('admin@example.com');
    cart = await updateCart(cart, { action: 'unlockCart' });
    expect(cart).not.toHaveProperty('lock');
    cart = (await post(ordersOnly, cart.version, { action: 'setCustomerEmail', email: 'again@example.com' }))
      .body;
    expect(cart.customerEmail).toBe('again@example.com');
  });

  it('answers bad input with the API codes and nothing written', async () => {
    const client = await sdk();
    const { product, skus } = await cartProduct();
    expect(
      await failure(
        client
          .carts()
          .post({ body: { currency: 'eur' } })
          .execute(),
      ),
    ).toMatchObject({ statusCode: 400, code: 'InvalidJsonInput' });
    expect(await failure(createCart({ currency: 'USD', lineItems: [{ sku: skus[0] }] }))).toMatchObject({
      statusCode: 400,
      code: 'MatchingPriceNotFound',
      error: { productId: product.id, variantId: 1, currency: 'USD' },
    });
    expect(await failure(createCart({ lineItems: [{ sku: uniqueKey('none') }] }))).toMatchObject({
      statusCode: 400,
      code: 'InvalidInput',
    });
    const cart = await createCart({ lineItems: [{ sku: skus[0] }] });
    expect(
      await failure(
        updateCart({ ...cart, version: cart.version + 5 }, { action: 'setKey', key: uniqueKey('k') }),
      ),
    ).toMatchObject({
      statusCode: 409,
      code: 'ConcurrentModification',
      error: { currentVersion: cart.version },
    });
    expect(
      await failure(updateCart(cart, { action: 'changeLineItemQuantity', lineItemId: 'nope', quantity: 2 })),
    ).toMatchObject({ code: 'InvalidInput' });
    expect(await failure(updateCart(cart, { action: 'setCustomerId', customerId: 'nobody' }))).toMatchObject({
      code: 'ReferencedResourceNotFound',
    });
    expect((await client.carts().withId({ ID: cart.id }).get().execute()).body.version).toBe(cart.version);
  });

  it('replicates a cart into a new Active cart with fresh prices and the same items (facts 4.9)', async () => {
    const client = await sdk();
    const { skus } = await cartProduct();
    const source = await createCart({
      country: 'DE',
      lineItems: [{ sku: skus[0], quantity: 2 }],
      customerEmail: 'r@example.com',
    });
    const frozen = await updateCart(source, { action: 'freezeCart' });
    const key = uniqueKey('replica');
    const replica = await client
      .carts()
      .replicate()
      .post({ body: { reference: { typeId: 'cart', id: frozen.id }, key } })
      .execute();
    expect(replica.statusCode).toBe(201);
    expect(replica.body).toMatchObject({
      key,
      cartState: 'Active',
      country: 'DE',
      customerEmail: 'r@example.com',
      totalPrice: { centAmount: 2000 },
    });
    expect(replica.body.id).not.toBe(source.id);
    expect(replica.body.lineItems.map((item) => [item.variant.sku, item.quantity])).toEqual([[skus[0], 2]]);
    expect(
      await failure(
        client
          .carts()
          .replicate()
          .post({ body: { reference: { typeId: 'cart', id: 'nope' } } })
          .execute(),
      ),
    ).toMatchObject({ statusCode: 400, code: 'ReferencedResourceNotFound' });
  });

  it("reads a customer's active cart by customer id (carts/customer-id=), the most recently modified one", async () => {
    const client = await sdk();
    const customer = await createCustomer();
    const byCustomer = () => client.carts().withCustomerId({ customerId: customer.id });
    expect(await failure(byCustomer().get().execute())).toMatchObject({ statusCode: 404 });
    expect(await failure(byCustomer().head().execute())).toMatchObject({ statusCode: 404 });
    const first = await createCart({ customerId: customer.id });
    const second = await createCart({ customerId: customer.id });
    await createCart({ customerId: customer.id, origin: 'Merchant' });
    expect((await byCustomer().get().execute()).body.id).toBe(second.id);
    expect((await byCustomer().head().execute()).statusCode).toBe(200);
    await updateCart(first, { action: 'setCountry', country: 'DE' });
    expect((await byCustomer().get().execute()).body.id).toBe(first.id);
    const other = await createCustomer();
    expect(
      await failure(client.carts().withCustomerId({ customerId: other.id }).get().execute()),
    ).toMatchObject({ statusCode: 404 });
  });

  it('checks the order scopes on carts: view_orders reads, manage_orders writes, nothing else', async () => {
    const { projectKey } = await platform();
    const cart = await createCart();
    const as = (scope: string) => sdk([`${scope}:${projectKey}`]);
    const reader = await as('view_orders');
    expect((await reader.carts().withId({ ID: cart.id }).get().execute()).body.id).toBe(cart.id);
    const change = (client: Awaited<ReturnType<typeof sdk>>, version: number) =>
      client
        .carts()
        .withId({ ID: cart.id })
        .post({ body: { version, actions: [{ action: 'setLocale', locale: 'de' }] } })
        .execute();
    expect((await failure(change(reader, cart.version)))?.statusCode).toBe(403);
    expect(
      (
        await failure(
          reader
            .carts()
            .post({ body: { currency: 'EUR' } })
            .execute(),
        )
      )?.statusCode,
    ).toBe(403);
    const writer = await as('manage_orders');
    expect((await change(writer, cart.version)).body.locale).toBe('de');
    expect(
      (
        await writer
          .carts()
          .post({ body: { currency: 'EUR' } })
          .execute()
      ).statusCode,
    ).toBe(201);
    for (const scope of ['view_products', 'manage_my_orders', 'view_shipping_methods']) {
      expect(
        (await failure((await as(scope)).carts().withId({ ID: cart.id }).get().execute()))?.statusCode,
      ).toBe(403);
    }
  });

  it('deletes a cart once its deleteDaysAfterLastModification have passed, whatever its state (the sweep, facts 4.11)', async () => {
    const client = await sdk();
    const keep = await createCart({ deleteDaysAfterLastModification: 3 });
    const stale = await createCart({ deleteDaysAfterLastModification: 1 });
    const frozenStale = await updateCart(
      await createCart({
        deleteDaysAfterLastModification: 1,
        lineItems: [{ sku: (await cartProduct()).skus[0] }],
      }),
      { action: 'freezeCart' },
    );
    // Two days pass for the three carts (behind the API's back: the tests can not wait for days).
    const { databaseUrl } = await platform();
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      await db.query(
        `UPDATE checkout.carts SET last_modified_at = last_modified_at - interval '2 days' WHERE id = ANY($1)`,
        [[keep.id, stale.id, frozenStale.id]],
      );
    } finally {
      await db.end();
    }
    for (const gone of [stale, frozenStale]) {
      await eventually(async () => {
        const answer = await failure(client.carts().withId({ ID: gone.id }).get().execute());
        return answer?.statusCode === 404 ? true : undefined;
      });
    }
    expect((await client.carts().withId({ ID: keep.id }).get().execute()).body.id).toBe(keep.id);
  });

  it('writes CartFrozen, CartUnfrozen, CartLocked, CartUnlocked and CartPurchaseOrderNumberSet Messages, in order (facts 3.3)', async () => {
    const client = await sdk();
    const { skus } = await cartProduct();
    let cart = await createCart({ lineItems: [{ sku: skus[0] }] });
    cart = await updateCart(cart, { action: 'setPurchaseOrderNumber', purchaseOrderNumber: 'PO-1' });
    cart = await updateCart(cart, { action: 'freezeCart' });
    cart = await updateCart(cart, { action: 'unfreezeCart' });
    cart = await updateCart(cart, { action: 'lockCart' });
    // Another client, without manage_locked_carts, can not change the locked cart.
    const other = await sdkWithToken(await clientToken(await createClient(['manage_orders:{pk}'])));
    expect(
      await failure(
        other
          .carts()
          .withId({ ID: cart.id })
          .post({ body: { version: cart.version, actions: [{ action: 'setLocale', locale: 'de' }] } })
          .execute(),
      ),
    ).toMatchObject({ statusCode: 400, code: 'InvalidOperation' });
    cart = await updateCart(cart, { action: 'unlockCart' });
    cart = await updateCart(cart, { action: 'setPurchaseOrderNumber', purchaseOrderNumber: 'PO-2' });
    const messages = await messagesOf(client, cart.id, 6);
    expect(messages.map((message) => [message.type, message.resourceVersion])).toEqual([
      ['CartPurchaseOrderNumberSet', 2],
      ['CartFrozen', 3],
      ['CartUnfrozen', 4],
      ['CartLocked', 5],
      ['CartUnlocked', 6],
      ['CartPurchaseOrderNumberSet', 7],
    ]);
    expect(messages[0]).toMatchObject({
      resource: { typeId: 'cart', id: cart.id },
      purchaseOrderNumber: 'PO-1',
    });
    expect(messages[5]).toMatchObject({ purchaseOrderNumber: 'PO-2', oldPurchaseOrderNumber: 'PO-1' });
    expect(messages.map((message) => message.sequenceNumber)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
