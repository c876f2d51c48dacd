import type { Cart, CartDiscount, DiscountCode } from '@commercetools/platform-sdk';
import { cartProduct, createCart, updateCart } from '../checkout/cart-fixtures.js';
import { failure } from '../checkout/checkout-helpers.js';
import { uniqueKey, zoneDraft } from '../support/factories.js';
import { sdk } from '../support/sdk.js';
import {
  createCartDiscount,
  createDiscountCode,
  deleteCartDiscounts,
  eur,
  groupsOf,
  rank,
  updateCartDiscount,
} from './discount-fixtures.js';

const ref = (discount: CartDiscount) => ({ typeId: 'cart-discount', id: discount.id });
const DE = { country: 'DE' };

const itemOf = (cart: Cart, sku: string) =>
  cart.lineItems.find((item) => item.variant.sku === sku && item.lineItemMode === 'Standard')!;

/**
 * Cart discounts on real carts through the SDK. Every discount here is scoped to this test's own products
 * (cart predicate `lineItemExists(sku = ...)`, target predicates on its SKUs), and deleted after each test,
 * since cart discounts apply project-wide. Products of `cartProduct`: variant 1 at 10.00 (9.00 from 3
 * pieces), variant 2 at 5.00; 19% tax in DE, not included in the price.
 */
describe('Cart discounts on carts', () => {
  const discounts: CartDiscount[] = [];
  const codes: DiscountCode[] = [];
  const discount = async (draft: Parameters<typeof createCartDiscount>[0]) => {
    const created = await createCartDiscount(draft);
    discounts.push(created);
    return created;
  };
  afterEach(async () => {
    await deleteCartDiscounts(codes, discounts);
  });

  it('relative on line items: discountedPricePerQuantity, totals and taxes on the discounted price', async () => {
    const { skus } = await cartProduct();
    const tenPercent = await discount({
      value: { type: 'relative', permyriad: 1000 },
      cartPredicate: `lineItemExists(sku = "${skus[0]}")`,
      target: { type: 'lineItems', predicate: `sku = "${skus[0]}"` },
    });
    const cart = await createCart({
      shippingAddress: DE,
      lineItems: [
        { sku: skus[0], quantity: 2 },
        { sku: skus[1], quantity: 1 },
      ],
    });
    // 10.00 - 10% = 9.00 a unit; the 5.00 variant is not targeted.
    expect(groupsOf(itemOf(cart, skus[0]))).toEqual([[2, 900, [[tenPercent.id, 100]]]]);
    expect(itemOf(cart, skus[0]).discountedPricePerQuantity[0].discountedPrice.includedDiscounts[0]).toEqual({
      discount: ref(tenPercent),
      discountedAmount: eur(100),
    });
    expect(itemOf(cart, skus[0]).totalPrice.centAmount).toBe(1800);
    expect(groupsOf(itemOf(cart, skus[1]))).toEqual([]);
    // 2 x 9.00 + 5.00 = 23.00; tax 19% per line: 18.00 -> 3.42, 5.00 -> 0.95 = 4.37; gross 27.37.
    expect(cart.totalPrice.centAmount).toBe(2300);
    expect(cart.taxedPrice).toMatchObject({
      totalNet: eur(2300),
      totalTax: eur(437),
      totalGross: eur(2737),
    });
  });

  it('absolute and fixed values, each on its own items', async () => {
    const { skus } = await cartProduct();
    const absolute = await discount({
      value: { type: 'absolute', money: [eur(150)] },
      cartPredicate: `lineItemExists(sku = "${skus[0]}")`,
      target: { type: 'lineItems', predicate: `sku = "${skus[1]}"` },
    });
    const fixed = await discount({
      value: { type: 'fixed', money: [eur(700)] },
      cartPredicate: `lineItemExists(sku = "${skus[0]}")`,
      target: { type: 'lineItems', predicate: `sku = "${skus[0]}"` },
    });
    const cart = await createCart({
      lineItems: [
        { sku: skus[0], quantity: 2 },
        { sku: skus[1], quantity: 1 },
      ],
    });
    // fixed: 10.00 -> 7.00 (3.00 off a unit); absolute: 5.00 - 1.50 = 3.50.
    expect(groupsOf(itemOf(cart, skus[0]))).toEqual([[2, 700, [[fixed.id, 300]]]]);
    expect(groupsOf(itemOf(cart, skus[1]))).toEqual([[1, 350, [[absolute.id, 150]]]]);
    // 2 x 7.00 + 3.50 = 17.50
    expect(cart.totalPrice.centAmount).toBe(1750);
    // A fixed price above the unit price changes nothing: 12.00 on a 10.00 unit.
    await updateCartDiscount(fixed, { action: 'changeValue', value: { type: 'fixed', money: [eur(1200)] } });
    const again = await updateCart(cart, { action: 'recalculate' });
    expect(groupsOf(itemOf(again, skus[0]))).toEqual([]);
    // 2 x 10.00 + 3.50 = 23.50
    expect(again.totalPrice.centAmount).toBe(2350);
  });

  it('applicationMode of an absolute value: distributed once (by price or evenly) or taken off each unit', async () => {
    const { skus } = await cartProduct();
    const cartPredicate = `lineItemExists(sku = "${skus[0]}")`;
    const target = { type: 'lineItems' as const, predicate: `sku in ("${skus[0]}", "${skus[1]}")` };
    const absolute = await discount({
      value: { type: 'absolute', money: [eur(101)] },
      cartPredicate,
      target,
    });
    expect(absolute.value).toEqual({ type: 'absolute', money: [eur(101)] });
    const cart = await createCart({
      lineItems: [
        { sku: skus[0], quantity: 2 },
        { sku: skus[1], quantity: 1 },
      ],
    });
    // No mode: ProportionateDistribution. 1.01 over 10.00 + 10.00 + 5.00 = 25.00 by price: a 10.00 unit
    // 101 x 1000 / 2500 = 40.4 -> 40, the 5.00 unit 20.2 -> 20; 40 + 40 + 20 = 100, the cent left goes to the
    // largest remainder (0.4, the first 10.00 unit): 41 + 40 + 20 = 101.
    expect(groupsOf(itemOf(cart, skus[0]))).toEqual([
      [1, 960, [[absolute.id, 40]]],
      [1, 959, [[absolute.id, 41]]],
    ]);
    expect(groupsOf(itemOf(cart, skus[1]))).toEqual([[1, 480, [[absolute.id, 20]]]]);
    // 9.60 + 9.59 = 19.19 and 4.80: 23.99 = 25.00 - 1.01
    expect(itemOf(cart, skus[0]).totalPrice.centAmount).toBe(1919);
    expect(cart.totalPrice.centAmount).toBe(2399);

    const even = await updateCartDiscount(absolute, {
      action: 'changeValue',
      value: { type: 'absolute', money: [eur(101)], applicationMode: 'EvenDistribution' },
    });
    expect(even.value).toMatchObject({ applicationMode: 'EvenDistribution' });
    const evenCart = await updateCart(cart, { action: 'recalculate' });
    // 1.01 over 3 units: 33 each, the 2 cents left to the first two units (cart order): 34, 34, 33.
    expect(groupsOf(itemOf(evenCart, skus[0]))).toEqual([[2, 966, [[absolute.id, 34]]]]);
    expect(groupsOf(itemOf(evenCart, skus[1]))).toEqual([[1, 467, [[absolute.id, 33]]]]);
    // 2 x 9.66 + 4.67 = 23.99
    expect(evenCart.totalPrice.centAmount).toBe(2399);

    await updateCartDiscount(even, {
      action: 'changeValue',
      value: { type: 'absolute', money: [eur(101)], applicationMode: 'IndividualApplication' },
    });
    const individual = await updateCart(evenCart, { action: 'recalculate' });
    // 1.01 off every unit: 10.00 -> 8.99 (x2), 5.00 -> 3.99; 17.98 + 3.99 = 21.97
    expect(groupsOf(itemOf(individual, skus[0]))).toEqual([[2, 899, [[absolute.id, 101]]]]);
    expect(groupsOf(itemOf(individual, skus[1]))).toEqual([[1, 399, [[absolute.id, 101]]]]);
    expect(individual.totalPrice.centAmount).toBe(2197);

    // A relative value has a mode only on a pattern target; a distribution mode needs a trigger pattern.
    const refused = {
      statusCode: 400,
      code: 'InvalidOperation',
      error: { message: 'A relative value has an applicationMode only with a pattern target.' },
    };
    expect(
      await failure(
        discount({
          value: { type: 'relative', permyriad: 1000, applicationMode: 'IndividualApplication' },
          cartPredicate,
          target,
        }),
      ),
    ).toMatchObject(refused);
    expect(
      await failure(
        updateCartDiscount(even, {
          action: 'changeValue',
          value: { type: 'fixed', money: [eur(500)], applicationMode: 'EvenDistribution' },
        }),
      ),
    ).toMatchObject({ statusCode: 400, code: 'InvalidOperation' });
  });

  it('stacking: higher sortOrder first, rounding after each step', async () => {
    const { skus } = await cartProduct({ unitCents: 999 });
    const predicate = `sku = "${skus[0]}"`;
    const cartPredicate = `lineItemExists(${predicate})`;
    const oneEuro = await discount({
      value: { type: 'absolute', money: [eur(100)] },
      cartPredicate,
      target: { type: 'lineItems', predicate },
      sortOrder: rank('2'),
    });
    const tenPercent = await discount({
      value: { type: 'relative', permyriad: 1000 },
      cartPredicate,
      target: { type: 'lineItems', predicate },
      sortOrder: rank('8'),
    });
    const cart = await createCart({ lineItems: [{ sku: skus[0], quantity: 1 }] });
    // 10% first: 9.99 x 10% = 0.999 -> 1.00 (HalfEven), 8.99; then 1.00 off: 7.99.
    // (The other order would give 8.99 - 0.899 -> 0.90 = 8.09.)
    expect(groupsOf(cart.lineItems[0])).toEqual([
      [
        1,
        799,
        [
          [tenPercent.id, 100],
          [oneEuro.id, 100],
        ],
      ],
    ]);
    expect(cart.totalPrice.centAmount).toBe(799);
  });

  it('StopAfterThisDiscount stops the lower ones once it applied, not when it matched nothing', async () => {
    const { skus } = await cartProduct({ unitCents: 999 });
    const predicate = `sku = "${skus[0]}"`;
    const cartPredicate = `lineItemExists(${predicate})`;
    await discount({
      value: { type: 'relative', permyriad: 5000 },
      cartPredicate,
      target: { type: 'lineItems', predicate: 'sku = "no-such-sku"' },
      stackingMode: 'StopAfterThisDiscount',
      sortOrder: rank('9'),
    });
    const stop = await discount({
      value: { type: 'relative', permyriad: 1000 },
      cartPredicate,
      target: { type: 'lineItems', predicate },
      stackingMode: 'StopAfterThisDiscount',
      sortOrder: rank('8'),
    });
    await discount({
      value: { type: 'absolute', money: [eur(100)] },
      cartPredicate,
      target: { type: 'lineItems', predicate },
      sortOrder: rank('2'),
    });
    const cart = await createCart({ lineItems: [{ sku: skus[0], quantity: 1 }] });
    // The 50% one targets nothing and stops nothing; 10%: 9.99 - 1.00 = 8.99 and the 1.00 off is stopped.
    expect(groupsOf(cart.lineItems[0])).toEqual([[1, 899, [[stop.id, 100]]]]);
    expect(cart.totalPrice.centAmount).toBe(899);
  });

  it('custom line items', async () => {
    const { skus, taxCategory } = await cartProduct();
    const slug = uniqueKey('wrap');
    const quarter = await discount({
      value: { type: 'relative', permyriad: 2500 },
      cartPredicate: `lineItemExists(sku = "${skus[0]}")`,
      target: { type: 'customLineItems', predicate: `slug = "${slug}"` },
    });
    let cart = await createCart({ shippingAddress: DE, lineItems: [{ sku: skus[0], quantity: 1 }] });
    cart = await updateCart(cart, {
      action: 'addCustomLineItem',
      name: { en: 'Gift wrap' },
      money: eur(2000),
      slug,
      quantity: 2,
      taxCategory: { typeId: 'tax-category', id: taxCategory.id },
    });
    // 20.00 - 25% = 15.00 a unit, 2 units: 30.00; the line item keeps 10.00.
    expect(groupsOf(cart.customLineItems[0])).toEqual([[2, 1500, [[quarter.id, 500]]]]);
    expect(cart.customLineItems[0].totalPrice.centAmount).toBe(3000);
    expect(groupsOf(cart.lineItems[0])).toEqual([]);
    // 10.00 + 30.00 = 40.00; tax 1.90 + 5.70 = 7.60; gross 47.60.
    expect(cart.totalPrice.centAmount).toBe(4000);
    expect(cart.taxedPrice).toMatchObject({ totalNet: eur(4000), totalTax: eur(760), totalGross: eur(4760) });
  });

  it('shipping: discountedPrice, totals and the taxed shipping price', async () => {
    const client = await sdk();
    const { skus, taxCategory } = await cartProduct();
    const state = uniqueKey('state');
    const zone = (
      await client
        .zones()
        .post({ body: zoneDraft({ locations: [{ country: 'DE', state }] }) })
        .execute()
    ).body;
    const method = (
      await client
        .shippingMethods()
        .post({
          body: {
            key: uniqueKey('sm'),
            name: uniqueKey('Parcel'),
            isDefault: false,
            taxCategory: { typeId: 'tax-category', id: taxCategory.id },
            zoneRates: [{ zone: { typeId: 'zone', id: zone.id }, shippingRates: [{ price: eur(490) }] }],
          },
        })
        .execute()
    ).body;
    // The items' and the shipping's tax category taxes the zone's state at 19% too.
    const category = (await client.taxCategories().withId({ ID: taxCategory.id }).get().execute()).body;
    await client
      .taxCategories()
      .withId({ ID: taxCategory.id })
      .post({
        body: {
          version: category.version,
          actions: [
            {
              action: 'addTaxRate',
              taxRate: { name: '19% DE state', amount: 0.19, includedInPrice: false, country: 'DE', state },
            },
          ],
        },
      })
      .execute();
    const twoEuros = await discount({
      value: { type: 'absolute', money: [eur(200)] },
      cartPredicate: `lineItemExists(sku = "${skus[0]}")`,
      target: { type: 'shipping' },
    });
    let cart = await createCart({
      shippingAddress: { country: 'DE', state },
      lineItems: [{ sku: skus[0], quantity: 1 }],
    });
    cart = await updateCart(cart, {
      action: 'setShippingMethod',
      shippingMethod: { typeId: 'shipping-method', id: method.id },
    });
    // 4.90 - 2.00 = 2.90
    expect(cart.shippingInfo?.price.centAmount).toBe(490);
    expect(cart.shippingInfo?.discountedPrice).toEqual({
      value: eur(290),
      includedDiscounts: [{ discount: ref(twoEuros), discountedAmount: eur(200) }],
    });
    // 10.00 + 2.90 = 12.90; tax: 1.90 on the item, 2.90 x 19% = 0.551 -> 0.55 on shipping; gross 15.35.
    expect(cart.totalPrice.centAmount).toBe(1290);
    expect(cart.taxedShippingPrice).toMatchObject({ totalNet: eur(290), totalGross: eur(345) });
    expect(cart.taxedPrice).toMatchObject({ totalNet: eur(1290), totalTax: eur(245), totalGross: eur(1535) });
  });

  it('totalPrice: discountOnTotalPrice and taxedPrice scaled by the same share', async () => {
    const { skus } = await cartProduct();
    const tenPercent = await discount({
      value: { type: 'relative', permyriad: 1000 },
      cartPredicate: `lineItemExists(sku = "${skus[0]}")`,
      target: { type: 'totalPrice' },
    });
    const cart = await createCart({
      shippingAddress: DE,
      lineItems: [
        { sku: skus[0], quantity: 2 },
        { sku: skus[1], quantity: 1 },
      ],
    });
    // Items: 2 x 10.00 + 5.00 = 25.00; 10% off the total: 2.50; total 22.50.
    expect(cart.discountOnTotalPrice).toMatchObject({
      discountedAmount: eur(250),
      includedDiscounts: [{ discount: ref(tenPercent), discountedAmount: eur(250) }],
    });
    expect(cart.totalPrice.centAmount).toBe(2250);
    expect(groupsOf(itemOf(cart, skus[0]))).toEqual([]);
    // Before the discount: net 25.00, tax 3.80 + 0.95 = 4.75, gross 29.75. Each scaled by 22.50 / 25.00 = 0.9:
    // gross 26.775 -> 26.78 (HalfEven), tax 4.275 -> 4.28, net = 26.78 - 4.28 = 22.50.
    expect(cart.taxedPrice).toMatchObject({ totalNet: eur(2250), totalTax: eur(428), totalGross: eur(2678) });
  });

  it('multi-buy: buy three, the cheapest one free, at most maxOccurrence times', async () => {
    const { skus } = await cartProduct();
    const free = await discount({
      value: { type: 'relative', permyriad: 10_000 },
      cartPredicate: `lineItemExists(sku = "${skus[1]}")`,
      target: {
        type: 'multiBuyLineItems',
        predicate: `sku = "${skus[1]}"`,
        triggerQuantity: 3,
        discountedQuantity: 1,
        maxOccurrence: 1,
        selectionMode: 'Cheapest',
      },
    });
    const cart = await createCart({ lineItems: [{ sku: skus[1], quantity: 7 }] });
    // 7 units trigger twice, maxOccurrence 1: one unit free. 6 x 5.00 = 30.00
    expect(groupsOf(cart.lineItems[0])).toEqual([
      [6, 500, []],
      [1, 0, [[free.id, 500]]],
    ]);
    expect(cart.totalPrice.centAmount).toBe(3000);
  });

  it('pattern: two of one variant make one unit of the other free, once per two', async () => {
    const { skus } = await cartProduct();
    const pattern = await discount({
      value: { type: 'relative', permyriad: 10_000 },
      cartPredicate: `lineItemExists(sku = "${skus[0]}")`,
      target: {
        type: 'pattern',
        triggerPattern: [{ type: 'CountOnLineItemUnits', predicate: `sku = "${skus[0]}"`, minCount: 2 }],
        targetPattern: [{ type: 'CountOnLineItemUnits', predicate: `sku = "${skus[1]}"`, maxCount: 1 }],
        selectionMode: 'Cheapest',
      },
    });
    let cart = await createCart({
      lineItems: [
        { sku: skus[0], quantity: 2 },
        { sku: skus[1], quantity: 2 },
      ],
    });
    // Two units of variant 1 trigger once: one 5.00 unit free. 2 x 10.00 + 5.00 = 25.00
    expect(groupsOf(itemOf(cart, skus[1]))).toEqual([
      [1, 500, []],
      [1, 0, [[pattern.id, 500]]],
    ]);
    expect(groupsOf(itemOf(cart, skus[0]))).toEqual([]);
    expect(cart.totalPrice.centAmount).toBe(2500);
    // Four units of variant 1 (9.00 each from 3 pieces) trigger twice: both 5.00 units free. 4 x 9.00 = 36.00
    cart = await updateCart(cart, {
      action: 'changeLineItemQuantity',
      lineItemId: itemOf(cart, skus[0]).id,
      quantity: 4,
    });
    expect(groupsOf(itemOf(cart, skus[1]))).toEqual([[2, 0, [[pattern.id, 500]]]]);
    expect(cart.totalPrice.centAmount).toBe(3600);
  });

  it("pattern: a distribution mode shares the target's discount with the trigger units", async () => {
    const { skus } = await cartProduct();
    const target = {
      type: 'pattern' as const,
      triggerPattern: [{ type: 'CountOnLineItemUnits' as const, predicate: `sku = "${skus[0]}"` }],
      targetPattern: [
        { type: 'CountOnLineItemUnits' as const, predicate: `sku = "${skus[1]}"`, maxCount: 1 },
      ],
      maxOccurrence: 1,
      selectionMode: 'Cheapest' as const,
    };
    const shared = await discount({
      value: { type: 'relative', permyriad: 5000, applicationMode: 'ProportionateDistribution' },
      cartPredicate: `lineItemExists(sku = "${skus[0]}")`,
      target,
    });
    let cart = await createCart({
      lineItems: [
        { sku: skus[0], quantity: 1 },
        { sku: skus[1], quantity: 1 },
      ],
    });
    // 50% of the 5.00 unit = 2.50, over 10.00 + 5.00 by price: 1.6666 and 0.8333, rounded down to 1.66 + 0.83;
    // the cent left goes to the larger remainder (the 10.00 unit): 1.67 and 0.83. 15.00 - 2.50 = 12.50.
    expect(groupsOf(itemOf(cart, skus[0]))).toEqual([[1, 833, [[shared.id, 167]]]]);
    expect(groupsOf(itemOf(cart, skus[1]))).toEqual([[1, 417, [[shared.id, 83]]]]);
    expect(cart.totalPrice.centAmount).toBe(1250);

    // Evenly: 1.25 each.
    await updateCartDiscount(shared, {
      action: 'changeValue',
      value: { type: 'relative', permyriad: 5000, applicationMode: 'EvenDistribution' },
    });
    cart = await updateCart(cart, { action: 'recalculate' });
    expect(groupsOf(itemOf(cart, skus[0]))).toEqual([[1, 875, [[shared.id, 125]]]]);
    expect(groupsOf(itemOf(cart, skus[1]))).toEqual([[1, 375, [[shared.id, 125]]]]);
    expect(cart.totalPrice.centAmount).toBe(1250);
  });

  it('gift line item: added while the predicate matches, removed when it stops, refused once removed', async () => {
    const { product, skus } = await cartProduct();
    const gift = await discount({
      value: { type: 'giftLineItem', product: { typeId: 'product', id: product.id }, variantId: 2 },
      cartPredicate: `lineItemCount(sku = "${skus[0]}") >= 2`,
    });
    let cart = await createCart({ shippingAddress: DE, lineItems: [{ sku: skus[0], quantity: 2 }] });
    const gifts = (c: Cart) => c.lineItems.filter((item) => item.lineItemMode === 'GiftLineItem');
    expect(gifts(cart)).toHaveLength(1);
    expect(gifts(cart)[0]).toMatchObject({
      variant: { id: 2, sku: skus[1] },
      quantity: 1,
      price: { value: { centAmount: 500 } },
      totalPrice: { centAmount: 0 },
    });
    expect(groupsOf(gifts(cart)[0])).toEqual([[1, 0, [[gift.id, 500]]]]);
    // 2 x 10.00 + 0 = 20.00; tax 3.80, gross 23.80.
    expect(cart.totalPrice.centAmount).toBe(2000);
    expect(cart.taxedPrice).toMatchObject({ totalNet: eur(2000), totalGross: eur(2380) });

    const paid = itemOf(cart, skus[0]).id;
    cart = await updateCart(cart, { action: 'changeLineItemQuantity', lineItemId: paid, quantity: 1 });
    expect(gifts(cart)).toHaveLength(0);
    expect(cart.totalPrice.centAmount).toBe(1000);

    cart = await updateCart(cart, { action: 'changeLineItemQuantity', lineItemId: paid, quantity: 2 });
    expect(gifts(cart)).toHaveLength(1);
    cart = await updateCart(cart, { action: 'removeLineItem', lineItemId: gifts(cart)[0].id });
    expect(gifts(cart)).toHaveLength(0);
    expect(cart.refusedGifts).toEqual([ref(gift)]);
    cart = await updateCart(cart, { action: 'recalculate' });
    expect(gifts(cart)).toHaveLength(0);
    expect(cart.totalPrice.centAmount).toBe(2000);
  });

  it('a gift given by a discount code: MatchesCart, and ordered with the gift at 0', async () => {
    const { product, skus } = await cartProduct();
    const gift = await discount({
      value: { type: 'giftLineItem', product: { typeId: 'product', id: product.id }, variantId: 2 },
      cartPredicate: `lineItemExists(sku = "${skus[0]}")`,
      requiresDiscountCode: true,
    });
    const code = await createDiscountCode({ cartDiscounts: [{ typeId: 'cart-discount', id: gift.id }] });
    codes.push(code);
    let cart = await createCart({ shippingAddress: DE, lineItems: [{ sku: skus[0], quantity: 1 }] });
    expect(cart.lineItems).toHaveLength(1);
    cart = await updateCart(cart, { action: 'addDiscountCode', code: code.code });
    expect(cart.discountCodes).toEqual([
      { discountCode: { typeId: 'discount-code', id: code.id }, state: 'MatchesCart' },
    ]);
    const given = cart.lineItems.find((item) => item.lineItemMode === 'GiftLineItem');
    expect(given).toMatchObject({ variant: { sku: skus[1] }, quantity: 1, totalPrice: { centAmount: 0 } });
    // 10.00 + 0; tax 1.90; gross 11.90.
    expect(cart.totalPrice.centAmount).toBe(1000);
    const client = await sdk();
    const order = (
      await client
        .orders()
        .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version } })
        .execute()
    ).body;
    expect(order.totalPrice.centAmount).toBe(1000);
    expect(order.taxedPrice).toMatchObject({ totalNet: eur(1000), totalGross: eur(1190) });
    expect(
      order.lineItems.map((item) => [item.variant.sku, item.lineItemMode, item.totalPrice.centAmount]),
    ).toEqual([
      [skus[0], 'Standard', 1000],
      [skus[1], 'GiftLineItem', 0],
    ]);
    // Without the code the gift goes.
    const again = await createCart({ shippingAddress: DE, lineItems: [{ sku: skus[0], quantity: 1 }] });
    const withCode = await updateCart(again, { action: 'addDiscountCode', code: code.code });
    const removed = await updateCart(withCode, {
      action: 'removeDiscountCode',
      discountCode: { typeId: 'discount-code', id: code.id },
    });
    expect(removed.lineItems.map((item) => item.lineItemMode)).toEqual(['Standard']);
    expect(removed.refusedGifts).toEqual([]);
  });

  it('recurringOrderScope: carts of recurring orders only with a scope that admits them', async () => {
    const { skus } = await cartProduct();
    const recurringOnly = await discount({
      value: { type: 'relative', permyriad: 1000 },
      cartPredicate: `lineItemExists(sku = "${skus[0]}")`,
      target: { type: 'lineItems', predicate: `sku = "${skus[0]}"` },
      recurringOrderScope: { type: 'RecurringOrdersOnly' },
    });
    const lineItems = [{ sku: skus[0], quantity: 1 }];
    // 10.00 in an ordinary cart, 9.00 in a recurring order's cart.
    expect((await createCart({ lineItems })).totalPrice.centAmount).toBe(1000);
    expect((await createCart({ lineItems, origin: 'RecurringOrder' })).totalPrice.centAmount).toBe(900);
    await updateCartDiscount(recurringOnly, {
      action: 'setRecurringOrderScope',
      recurringOrderScope: { type: 'NonRecurringOrdersOnly' },
    });
    expect((await createCart({ lineItems })).totalPrice.centAmount).toBe(900);
    expect((await createCart({ lineItems, origin: 'RecurringOrder' })).totalPrice.centAmount).toBe(1000);
    await updateCartDiscount(recurringOnly, {
      action: 'setRecurringOrderScope',
      recurringOrderScope: { type: 'AnyOrder' },
    });
    expect((await createCart({ lineItems })).totalPrice.centAmount).toBe(900);
    expect((await createCart({ lineItems, origin: 'RecurringOrder' })).totalPrice.centAmount).toBe(900);
  });
});
