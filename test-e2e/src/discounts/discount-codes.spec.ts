import type { Cart, CartDiscount, DiscountCode } from '@commercetools/platform-sdk';
import { createCustomer } from '../auth/auth-helpers.js';
import { cartProduct, createCart, updateCart } from '../checkout/cart-fixtures.js';
import { failure } from '../checkout/checkout-helpers.js';
import { customerApi, storefrontClient } from '../checkout/checkout-sdk.js';
import { sdk } from '../support/sdk.js';
import {
  createCartDiscount,
  createDiscountCode,
  deleteCartDiscounts,
  updateDiscountCode,
} from './discount-fixtures.js';

const stateOf = (cart: Cart, code: DiscountCode) =>
  cart.discountCodes.find((info) => info.discountCode.id === code.id)?.state;

async function order(cart: Cart) {
  const client = await sdk();
  return client
    .orders()
    .post({ body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version } })
    .execute();
}

/**
 * Discount codes on real carts through the SDK: states after each change, the order creation check and the
 * application limits. The code's cart discount takes 10% off this test's variant 1 (10.00 -> 9.00) and
 * requires a code, so no other test's cart gets it.
 */
describe('Discount codes on carts and orders', () => {
  const discounts: CartDiscount[] = [];
  const codes: DiscountCode[] = [];
  let skus: [string, string];
  let tenPercent: CartDiscount;
  const code = async (draft: Partial<Parameters<typeof createDiscountCode>[0]> = {}) => {
    const created = await createDiscountCode({
      cartDiscounts: [{ typeId: 'cart-discount', id: tenPercent.id }],
      ...draft,
    });
    codes.push(created);
    return created;
  };
  const cartWith = async (...texts: string[]) =>
    updateCart(
      await createCart({ shippingAddress: { country: 'DE' }, lineItems: [{ sku: skus[0], quantity: 1 }] }),
      ...texts.map((text) => ({ action: 'addDiscountCode' as const, code: text })),
    );

  beforeAll(async () => {
    ({ skus } = await cartProduct());
    tenPercent = await createCartDiscount({
      value: { type: 'relative', permyriad: 1000 },
      cartPredicate: `lineItemExists(sku = "${skus[0]}")`,
      target: { type: 'lineItems', predicate: `sku = "${skus[0]}"` },
      requiresDiscountCode: true,
    });
    discounts.push(tenPercent);
  });
  afterAll(async () => {
    await deleteCartDiscounts(codes, discounts);
  });

  it('states: MatchesCart, DoesNotMatchCart, NotActive, NotValid; unknown and not-yet-valid codes refused', async () => {
    // Without a code the discount does not apply: 10.00.
    expect((await createCart({ lineItems: [{ sku: skus[0], quantity: 1 }] })).totalPrice.centAmount).toBe(
      1000,
    );

    const matching = await code();
    let cart = await cartWith(matching.code);
    expect(stateOf(cart, matching)).toBe('MatchesCart');
    expect(cart.lineItems[0].discountedPricePerQuantity[0].discountedPrice.includedDiscounts).toEqual([
      {
        discount: { typeId: 'cart-discount', id: tenPercent.id },
        discountedAmount: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 100, fractionDigits: 2 },
      },
    ]);
    expect(cart.totalPrice.centAmount).toBe(900);

    const bigCarts = await code({ cartPredicate: 'totalPrice > "100.00 EUR"' });
    const notMatching = await cartWith(bigCarts.code);
    expect(stateOf(notMatching, bigCarts)).toBe('DoesNotMatchCart');
    expect(notMatching.totalPrice.centAmount).toBe(1000);
    // 11 x 9.00 (tier from 3) = 99.00 still does not match; 12 x 9.00 = 108.00 does: 12 x (9.00 - 0.90) = 97.20.
    const eleven = await updateCart(notMatching, {
      action: 'changeLineItemQuantity',
      lineItemId: notMatching.lineItems[0].id,
      quantity: 11,
    });
    expect(stateOf(eleven, bigCarts)).toBe('DoesNotMatchCart');
    const twelve = await updateCart(eleven, {
      action: 'changeLineItemQuantity',
      lineItemId: notMatching.lineItems[0].id,
      quantity: 12,
    });
    expect(stateOf(twelve, bigCarts)).toBe('MatchesCart');
    expect(twelve.totalPrice.centAmount).toBe(9720);
    // The order creation reads the code's predicate on the cart before cart discounts too (108.00, not 97.20).
    const ordered = await order(twelve);
    expect(ordered.statusCode).toBe(201);
    expect(ordered.body.totalPrice.centAmount).toBe(9720);

    expect(await failure(cartWith('NO-SUCH-CODE'))).toMatchObject({
      statusCode: 400,
      code: 'DiscountCodeNonApplicable',
      error: { reason: 'DoesNotExist' },
    });
    const later = await code({ validFrom: new Date(Date.now() + 86_400_000).toISOString() });
    expect(await failure(cartWith(later.code))).toMatchObject({
      statusCode: 400,
      code: 'DiscountCodeNonApplicable',
      error: { reason: 'TimeRangeNonApplicable' },
    });

    // The code deactivated after it was added: NotActive at the next recalculation, the discount is gone.
    await updateDiscountCode(matching, { action: 'changeIsActive', isActive: false });
    cart = await updateCart(cart, { action: 'recalculate' });
    expect(stateOf(cart, matching)).toBe('NotActive');
    expect(cart.totalPrice.centAmount).toBe(1000);

    // A code whose validity ended after it was added: NotValid.
    const ending = await code();
    let ended = await cartWith(ending.code);
    expect(ended.totalPrice.centAmount).toBe(900);
    await updateDiscountCode(ending, {
      action: 'setValidUntil',
      validUntil: new Date(Date.now() - 1000).toISOString(),
    });
    ended = await updateCart(ended, { action: 'recalculate' });
    expect(stateOf(ended, ending)).toBe('NotValid');
    expect(ended.totalPrice.centAmount).toBe(1000);
    // removeDiscountCode drops it.
    ended = await updateCart(ended, {
      action: 'removeDiscountCode',
      discountCode: { typeId: 'discount-code', id: ending.id },
    });
    expect(ended.discountCodes).toEqual([]);
  });

  it('a code that stops matching before the order: the order is refused with DiscountCodeNonApplicable', async () => {
    const twoOrMore = await code({ cartPredicate: `lineItemCount(sku = "${skus[0]}") >= 1` });
    const cart = await cartWith(twoOrMore.code);
    expect(stateOf(cart, twoOrMore)).toBe('MatchesCart');
    // The code's predicate changes; the stored cart still says MatchesCart, the order creation looks again.
    await updateDiscountCode(twoOrMore, {
      action: 'setCartPredicate',
      cartPredicate: `lineItemCount(sku = "${skus[0]}") >= 2`,
    });
    expect(await failure(order(cart))).toMatchObject({
      statusCode: 400,
      code: 'DiscountCodeNonApplicable',
      error: { discountCode: twoOrMore.code },
    });
    // The cart was not ordered: with a second unit (2 x 9.00 = 18.00) it matches again and the order goes.
    const more = await updateCart(cart, {
      action: 'changeLineItemQuantity',
      lineItemId: cart.lineItems[0].id,
      quantity: 2,
    });
    expect(stateOf(more, twoOrMore)).toBe('MatchesCart');
    expect(more.totalPrice.centAmount).toBe(1800);
    const created = await order(more);
    expect(created.statusCode).toBe(201);
    expect(created.body.totalPrice.centAmount).toBe(1800);
    expect(created.body.discountCodes).toEqual([
      { discountCode: { typeId: 'discount-code', id: twoOrMore.id }, state: 'MatchesCart' },
    ]);
  });

  it('maxApplications is counted at order creation: MaxApplicationReached once used up', async () => {
    const once = await code({ maxApplications: 1 });
    const first = await cartWith(once.code);
    const second = await cartWith(once.code);
    expect(stateOf(second, once)).toBe('MatchesCart');
    expect((await order(first)).statusCode).toBe(201);
    // The second cart was priced before the first order: the order creation counts and refuses it.
    expect(await failure(order(second))).toMatchObject({
      statusCode: 400,
      code: 'DiscountCodeNonApplicable',
    });
    const recalculated = await updateCart(second, { action: 'recalculate' });
    expect(stateOf(recalculated, once)).toBe('MaxApplicationReached');
    expect(recalculated.totalPrice.centAmount).toBe(1000);
    expect(stateOf(await cartWith(once.code), once)).toBe('MaxApplicationReached');
  });

  it('maxApplicationsPerCustomer counts each customer’s orders, not anonymous carts', async () => {
    const perCustomer = await code({ maxApplicationsPerCustomer: 1 });
    const [alice, bob] = [await createCustomer(), await createCustomer()];
    const customerCart = async (customerId: string) =>
      updateCart(
        await createCart({
          customerId,
          shippingAddress: { country: 'DE' },
          lineItems: [{ sku: skus[0], quantity: 1 }],
        }),
        {
          action: 'addDiscountCode',
          code: perCustomer.code,
        },
      );
    const alices = await customerCart(alice.id);
    expect(stateOf(alices, perCustomer)).toBe('MatchesCart');
    expect((await order(alices)).statusCode).toBe(201);
    const again = await customerCart(alice.id);
    expect(stateOf(again, perCustomer)).toBe('MaxApplicationReached');
    expect(again.totalPrice.centAmount).toBe(1000);
    expect(await failure(order(again))).toMatchObject({ statusCode: 400, code: 'DiscountCodeNonApplicable' });
    const bobs = await customerCart(bob.id);
    expect(stateOf(bobs, perCustomer)).toBe('MatchesCart');
    expect((await order(bobs)).statusCode).toBe(201);
    const anonymous = await cartWith(perCustomer.code);
    expect(stateOf(anonymous, perCustomer)).toBe('MatchesCart');
    expect((await order(anonymous)).statusCode).toBe(201);
  });

  it('/me carts: addDiscountCode and an order with it; taxes on the discounted price', async () => {
    const mine = await code();
    const { api } = await customerApi(await storefrontClient());
    const created = (
      await api
        .me()
        .carts()
        .post({
          body: {
            currency: 'EUR',
            shippingAddress: { country: 'DE' },
            lineItems: [{ sku: skus[0], quantity: 2 }],
          },
        })
        .execute()
    ).body;
    const cart = (
      await api
        .me()
        .carts()
        .withId({ ID: created.id })
        .post({
          body: { version: created.version, actions: [{ action: 'addDiscountCode', code: mine.code }] },
        })
        .execute()
    ).body;
    expect(stateOf(cart, mine)).toBe('MatchesCart');
    // 2 x (10.00 - 1.00) = 18.00; tax 19%: 3.42; gross 21.42.
    expect(cart.totalPrice.centAmount).toBe(1800);
    expect(cart.taxedPrice).toMatchObject({
      totalNet: { centAmount: 1800 },
      totalTax: { centAmount: 342 },
      totalGross: { centAmount: 2142 },
    });
    const placed = await api
      .me()
      .orders()
      .post({ body: { id: cart.id, version: cart.version } })
      .execute();
    expect(placed.statusCode).toBe(201);
    expect(placed.body).toMatchObject({
      totalPrice: { centAmount: 1800 },
      taxedPrice: { totalGross: { centAmount: 2142 } },
      discountCodes: [{ discountCode: { id: mine.id }, state: 'MatchesCart' }],
    });
  });
});
