import type { Cart } from '@commercetools/platform-sdk';
import { productDraft, taxCategoryDraft, uniqueKey, zoneDraft } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import { createCart, createProductType, updateCart } from './cart-fixtures.js';
import { failure } from './checkout-helpers.js';

const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });

/** Each shipping as `key: price net/gross`. */
const shippings = (cart: Cart) =>
  cart.shipping.map(
    (entry) =>
      `${entry.shippingKey}: ${entry.shippingInfo.price.centAmount} ${entry.shippingInfo.taxedPrice?.totalNet.centAmount}/${entry.shippingInfo.taxedPrice?.totalGross.centAmount}`,
  );

describe('The Multiple shipping mode (checkout facts 4.12): shippings by key, items allocated by targets, taxes per shipping', () => {
  it('adds and removes shippings, allocates an item to them and taxes each share at its shipping address', async () => {
    const client = await sdk();
    const [de, at] = [uniqueKey('state'), uniqueKey('state')];
    const taxCategory = (
      await client
        .taxCategories()
        .post({
          body: taxCategoryDraft({
            rates: [
              { name: '19% DE', amount: 0.19, includedInPrice: false, country: 'DE', state: de },
              { name: '20% AT', amount: 0.2, includedInPrice: false, country: 'AT', state: at },
            ],
          }),
        })
        .execute()
    ).body;
    const productType = await createProductType();
    const sku = uniqueKey('sku');
    await client
      .products()
      .post({
        body: productDraft(productType.id, [], {
          masterVariant: {
            sku,
            prices: [{ value: eur(1000), tiers: [{ minimumQuantity: 3, value: eur(900) }] }],
          },
          taxCategory: { typeId: 'tax-category', id: taxCategory.id },
          publish: true,
        }) as never,
      })
      .execute();
    const zoneOf = async (country: string, state: string) =>
      (
        await client
          .zones()
          .post({ body: zoneDraft({ locations: [{ country, state }] }) })
          .execute()
      ).body;
    const [deZone, atZone] = [await zoneOf('DE', de), await zoneOf('AT', at)];
    const method = (
      await client
        .shippingMethods()
        .post({
          body: {
            key: uniqueKey('sm'),
            name: uniqueKey('Parcel'),
            isDefault: false,
            taxCategory: { typeId: 'tax-category', id: taxCategory.id },
            zoneRates: [
              { zone: { typeId: 'zone', id: deZone.id }, shippingRates: [{ price: eur(490) }] },
              { zone: { typeId: 'zone', id: atZone.id }, shippingRates: [{ price: eur(590) }] },
            ],
          },
        })
        .execute()
    ).body;
    const methodRef = { typeId: 'shipping-method' as const, id: method.id };
    const deAddress = { country: 'DE', state: de };
    const atAddress = { country: 'AT', state: at };

    const cart = await createCart({
      shippingMode: 'Multiple',
      shippingAddress: deAddress,
      itemShippingAddresses: [
        { key: 'de', ...deAddress },
        { key: 'at', ...atAddress },
      ],
      shipping: [{ key: 'std-de', shippingMethod: methodRef, shippingAddress: deAddress }],
      lineItems: [
        {
          sku,
          quantity: 3,
          shippingDetails: { targets: [{ addressKey: 'de', quantity: 2, shippingMethodKey: 'std-de' }] },
        },
      ],
    });
    expect(cart.shippingMode).toBe('Multiple');
    expect(shippings(cart)).toEqual(['std-de: 490 490/583']);
    const [item] = cart.lineItems;
    expect(item.shippingDetails?.valid).toBe(false);
    expect(item.perMethodTaxRate).toEqual([
      { shippingMethodKey: 'std-de', taxRate: expect.objectContaining({ name: '19% DE', amount: 0.19 }) },
    ]);
    // 2 units of 9.00 (the tier of 3) go to std-de: 18.00 + 3.42; one unit is not allocated, so no cart tax.
    expect(item.taxedPricePortions).toEqual([
      {
        shippingMethodKey: 'std-de',
        taxedPrice: expect.objectContaining({
          totalNet: expect.objectContaining(eur(1800)),
          totalGross: expect.objectContaining(eur(2142)),
        }),
      },
    ]);
    expect(cart.taxedPrice).toBeUndefined();

    expect(
      await failure(updateCart(cart, { action: 'setShippingMethod', shippingMethod: methodRef })),
    ).toMatchObject({ statusCode: 400, code: 'InvalidOperation' });
    expect(
      await failure(
        updateCart(cart, {
          action: 'addShippingMethod',
          shippingKey: 'std-de',
          shippingMethod: methodRef,
          shippingAddress: atAddress,
        }),
      ),
    ).toMatchObject({ statusCode: 400, code: 'InvalidInput' });

    let next = await updateCart(cart, {
      action: 'addShippingMethod',
      shippingKey: 'std-at',
      shippingMethod: methodRef,
      shippingAddress: atAddress,
    });
    next = await updateCart(next, {
      action: 'setLineItemShippingDetails',
      lineItemId: item.id,
      shippingDetails: {
        targets: [
          { addressKey: 'de', quantity: 2, shippingMethodKey: 'std-de' },
          { addressKey: 'at', quantity: 1, shippingMethodKey: 'std-at' },
        ],
      },
    });
    // DE: 18.00 + 3.42 and shipping 4.90 + 0.93; AT: 9.00 + 1.80 and shipping 5.90 + 1.18.
    expect(shippings(next)).toEqual(['std-de: 490 490/583', 'std-at: 590 590/708']);
    expect(next.lineItems[0].shippingDetails?.valid).toBe(true);
    expect(next.lineItems[0].taxedPrice).toMatchObject({ totalNet: eur(2700), totalGross: eur(3222) });
    expect(next.totalPrice.centAmount).toBe(2700 + 490 + 590);
    expect(next.taxedShippingPrice).toMatchObject({ totalNet: eur(1080), totalGross: eur(1291) });
    expect(next.taxedPrice).toMatchObject({ totalNet: eur(3780), totalGross: eur(4513) });
    expect(
      next.taxedPrice?.taxPortions
        .map((p) => `${p.name}: ${p.amount.centAmount}`)
        .sort((a, b) => a.localeCompare(b)),
    ).toEqual(['19% DE: 435', '20% AT: 298']);

    // A shipping that items still name can not go; a target must name a shipping of the cart.
    expect(
      await failure(updateCart(next, { action: 'removeShippingMethod', shippingKey: 'std-at' })),
    ).toMatchObject({ statusCode: 400, code: 'InvalidOperation' });
    expect(
      await failure(
        updateCart(next, {
          action: 'setLineItemShippingDetails',
          lineItemId: item.id,
          shippingDetails: { targets: [{ addressKey: 'de', quantity: 3, shippingMethodKey: 'nope' }] },
        }),
      ),
    ).toMatchObject({ statusCode: 400, code: 'InvalidInput' });
    next = await updateCart(
      next,
      {
        action: 'setLineItemShippingDetails',
        lineItemId: item.id,
        shippingDetails: { targets: [{ addressKey: 'de', quantity: 3, shippingMethodKey: 'std-de' }] },
      },
      { action: 'removeShippingMethod', shippingKey: 'std-at' },
    );
    expect(shippings(next)).toEqual(['std-de: 490 490/583']);
    expect(next.taxedPrice).toMatchObject({ totalNet: eur(3190), totalGross: eur(3796) });

    // The order keeps the shippings.
    const order = (
      await client
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: next.id }, version: next.version } })
        .execute()
    ).body;
    expect(order.shippingMode).toBe('Multiple');
    expect(order.shipping.map((entry) => entry.shippingKey)).toEqual(['std-de']);
    expect(order.taxedPrice?.totalGross.centAmount).toBe(3796);
  });

  it('External tax rates per shipping (setLineItemTaxRate and setShippingMethodTaxRate with a shippingKey)', async () => {
    const client = await sdk();
    const state = uniqueKey('state');
    const zone = (
      await client
        .zones()
        .post({ body: zoneDraft({ locations: [{ country: 'DE', state }] }) })
        .execute()
    ).body;
    const address = { country: 'DE', state };
    const cart = await createCart({
      shippingMode: 'Multiple',
      taxMode: 'External',
      shippingAddress: address,
      itemShippingAddresses: [{ key: 'home', ...address }],
      customShipping: [
        {
          key: 'courier',
          shippingMethodName: 'Courier',
          shippingAddress: address,
          shippingRate: { price: eur(1000) },
        },
      ],
      customLineItems: [
        {
          name: { en: 'Gift wrap' },
          slug: uniqueKey('wrap'),
          money: eur(500),
          quantity: 2,
          shippingDetails: { targets: [{ addressKey: 'home', quantity: 2, shippingMethodKey: 'courier' }] },
        },
      ],
    });
    expect(zone.id).toBeDefined();
    expect(cart.taxedPrice).toBeUndefined();
    const rate = { name: 'ext 10%', amount: 0.1, country: 'DE' };
    let next = await updateCart(
      cart,
      {
        action: 'setCustomLineItemTaxRate',
        customLineItemId: cart.customLineItems[0].id,
        externalTaxRate: rate,
        shippingKey: 'courier',
      },
      { action: 'setShippingMethodTaxRate', shippingKey: 'courier', externalTaxRate: rate },
    );
    expect(next.shipping[0].shippingInfo.taxedPrice).toMatchObject({
      totalNet: eur(1000),
      totalGross: eur(1100),
    });
    expect(next.taxedPrice).toMatchObject({ totalNet: eur(2000), totalGross: eur(2200) });
    expect(
      await failure(updateCart(next, { action: 'setShippingMethodTaxRate', externalTaxRate: rate })),
    ).toMatchObject({ statusCode: 400, code: 'InvalidInput' });
    next = await updateCart(next, {
      action: 'setEstimatedDelivery',
      shippingKey: 'courier',
      estimatedDelivery: { from: '2030-01-02T00:00:00.000Z', until: '2030-01-03T00:00:00.000Z' },
    });
    expect(next.shipping[0].shippingInfo.estimatedDelivery).toBeDefined();
  });
});
