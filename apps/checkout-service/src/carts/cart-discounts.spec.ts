import type { Cart, CartDiscount, CheckoutProduct } from '@commerce/contracts';
import { CartCatalog } from './cart-catalog.js';
import { beforeCartDiscounts, codeStateOf, inRecurringOrderScope } from './cart-discounts.js';
import { repriced } from './cart-reprice.js';
import { initialState, newLineItem } from './line-items.js';

const eur = (centAmount: number) => ({
  type: 'centPrecision' as const,
  currencyCode: 'EUR',
  centAmount,
  fractionDigits: 2,
});
const now = '2026-11-28T10:00:00.000Z';
const productOf = (id: string, sku: string, cents: number): CheckoutProduct => ({
  productId: id,
  name: { en: sku },
  slug: { en: sku },
  productType: { typeId: 'product-type', id: 'pt' },
  variant: {
    id: 1,
    sku,
    prices: [{ id: `${id}-price`, value: eur(cents) }],
    images: [],
    attributes: [],
    assets: [],
  },
});
const jeans = productOf('jeans', 'jeans', 5000);
const shirt = productOf('shirt', 'shirt', 2000);
const sock = productOf('sock', 'sock', 399);
const catalog = new CartCatalog(
  [
    { productId: 'jeans', variantId: 1 },
    { productId: 'shirt', variantId: 1 },
    { productId: 'sock', variantId: 1 },
  ],
  {
    items: [
      { found: true, product: jeans },
      { found: true, product: shirt },
      { found: true, product: sock },
    ],
    taxCategories: [],
  },
);
const line = (product: CheckoutProduct, quantity: number) =>
  newLineItem(
    product,
    { productId: product.productId, quantity },
    (product.variant.prices ?? [])[0],
    {},
    now,
    initialState(product.productId),
  );

function cart(over: Partial<Cart> = {}): Cart {
  return {
    id: 'c',
    version: 1,
    createdAt: now,
    lastModifiedAt: now,
    lineItems: [line(jeans, 4), line(shirt, 2)],
    customLineItems: [],
    totalPrice: eur(0),
    taxMode: 'Disabled',
    priceRoundingMode: 'HalfEven',
    taxRoundingMode: 'HalfEven',
    taxCalculationMode: 'LineItemLevel',
    inventoryMode: 'None',
    cartState: 'Active',
    shippingMode: 'Single',
    shipping: [],
    itemShippingAddresses: [],
    discountCodes: [],
    directDiscounts: [],
    refusedGifts: [],
    origin: 'Customer',
    ...over,
  };
}

function discount(over: Partial<CartDiscount>): CartDiscount {
  return {
    id: 'd',
    version: 1,
    createdAt: now,
    lastModifiedAt: now,
    name: { en: 'd' },
    value: { type: 'relative', permyriad: 1000 },
    cartPredicate: 'true',
    target: { type: 'lineItems', predicate: 'true' },
    sortOrder: '0.5',
    stores: [],
    isActive: true,
    requiresDiscountCode: false,
    references: [],
    stackingMode: 'Stacking',
    recurringOrderScope: { type: 'NonRecurringOrdersOnly' },
    ...over,
  };
}

const total = (c: Cart, discounts: CartDiscount[]) =>
  repriced(c, catalog, {}, new Date(now), { projectKey: 'p', cartDiscounts: discounts, codes: [] }).totalPrice
    .centAmount;

describe('cart discounts on a cart', () => {
  it('recurringOrderScope: each scope admits the carts of its kind', () => {
    const table: ['NonRecurringOrdersOnly' | 'AnyOrder' | 'RecurringOrdersOnly', boolean, boolean][] = [
      // scope, a Customer cart, a RecurringOrder cart
      ['NonRecurringOrdersOnly', true, false],
      ['AnyOrder', true, true],
      ['RecurringOrdersOnly', false, true],
    ];
    for (const [type, plain, recurring] of table) {
      const d = discount({ recurringOrderScope: { type } });
      expect([type, inRecurringOrderScope(d, false), inRecurringOrderScope(d, true)]).toEqual([
        type,
        plain,
        recurring,
      ]);
      // 4 x 50.00 + 2 x 20.00 = 240.00; 10% off each unit: 216.00
      expect(total(cart(), [d])).toBe(plain ? 21_600 : 24_000);
      expect(total(cart({ origin: 'RecurringOrder' }), [d])).toBe(recurring ? 21_600 : 24_000);
    }
  });

  it('recurringOrderScope ApplicableRecurrencePolicies: recurring orders whose items recur by a listed policy', () => {
    const policy = (id: string) => ({ typeId: 'recurrence-policy' as const, id });
    const d = discount({
      recurringOrderScope: { type: 'ApplicableRecurrencePolicies', recurrencePolicies: [policy('weekly')] },
    });
    const recurringBy = (id: string, origin: Cart['origin'] = 'RecurringOrder') => {
      const base = cart({ origin });
      const [first, ...rest] = base.lineItems;
      return cart({
        origin,
        lineItems: [{ ...first, recurrenceInfo: { recurrencePolicy: policy(id) } }, ...rest],
      });
    };
    expect(inRecurringOrderScope(d, true, new Set(['weekly']))).toBe(true);
    expect(inRecurringOrderScope(d, true, new Set(['monthly']))).toBe(false);
    expect(inRecurringOrderScope(d, false, new Set(['weekly']))).toBe(false);
    // 4 x 50.00 + 2 x 20.00 = 240.00; 10% off each unit: 216.00
    expect(total(recurringBy('weekly'), [d])).toBe(21_600);
    expect(total(recurringBy('monthly'), [d])).toBe(24_000);
    // Not a recurring order's cart: the scope admits none.
    expect(total(recurringBy('weekly', 'Customer'), [d])).toBe(24_000);
  });

  it('applies a pattern target with line item predicates', () => {
    const d = discount({
      value: { type: 'relative', permyriad: 10_000 },
      target: {
        type: 'pattern',
        triggerPattern: [{ type: 'CountOnLineItemUnits', predicate: 'sku = "jeans"', minCount: 2 }],
        targetPattern: [{ type: 'CountOnLineItemUnits', predicate: 'sku = "shirt"', maxCount: 1 }],
        selectionMode: 'Cheapest',
      },
    });
    const result = repriced(cart(), catalog, {}, new Date(now), {
      projectKey: 'p',
      cartDiscounts: [d],
      codes: [],
    });
    // Two occurrences (4 jeans): both shirts free. 4 x 50.00 = 200.00
    expect(result.totalPrice.centAmount).toBe(20_000);
    expect(result.lineItems[1].discountedPricePerQuantity).toEqual([
      {
        quantity: 2,
        discountedPrice: {
          value: eur(0),
          includedDiscounts: [
            { discount: { typeId: 'cart-discount', id: 'd' }, discountedAmount: eur(2000) },
          ],
        },
      },
    ]);
  });

  it('a gift line item is added while the discount applies and removed when it stops', () => {
    const gift = discount({
      id: 'gift',
      value: { type: 'giftLineItem', product: { typeId: 'product', id: 'sock' }, variantId: 1 },
      target: undefined,
      cartPredicate: 'lineItemCount(sku = "jeans") >= 2',
    });
    const data = { projectKey: 'p', cartDiscounts: [gift], codes: [] };
    const given = repriced(cart(), catalog, {}, new Date(now), data);
    const gifts = given.lineItems.filter((item) => item.lineItemMode === 'GiftLineItem');
    expect(gifts).toHaveLength(1);
    expect(gifts[0]).toMatchObject({
      productId: 'sock',
      quantity: 1,
      price: { value: eur(399) },
      totalPrice: eur(0),
      discountedPricePerQuantity: [
        {
          quantity: 1,
          discountedPrice: {
            value: eur(0),
            includedDiscounts: [
              { discount: { typeId: 'cart-discount', id: 'gift' }, discountedAmount: eur(399) },
            ],
          },
        },
      ],
    });
    // 4 x 50.00 + 2 x 20.00 + 0 = 240.00; the gift does not count for the predicate or twice on a change.
    expect(given.totalPrice.centAmount).toBe(24_000);
    expect(repriced(given, catalog, {}, new Date(now), data).lineItems).toHaveLength(3);
    // One jeans left: the predicate stops matching and the gift goes.
    const fewer = { ...given, lineItems: [line(jeans, 1), ...given.lineItems.slice(1)] };
    const after = repriced(fewer, catalog, {}, new Date(now), data);
    expect(after.lineItems.map((item) => item.productId)).toEqual(['jeans', 'shirt']);
    // A refused gift is not given again.
    const refused = {
      ...given,
      lineItems: given.lineItems.slice(0, 2),
      refusedGifts: [{ typeId: 'cart-discount' as const, id: 'gift' }],
    };
    expect(repriced(refused, catalog, {}, new Date(now), data).lineItems).toHaveLength(2);
  });

  it('a code used up by orders is MaxApplicationReached (per customer only on a customer cart)', () => {
    const code = {
      id: 'dc',
      isActive: true,
      maxApplications: 3,
      maxApplicationsPerCustomer: 1,
    } as Parameters<typeof codeStateOf>[0];
    const at = Date.parse(now);
    expect(codeStateOf(code, at, { total: 2, mine: 0 }, true)).toBeUndefined();
    expect(codeStateOf(code, at, { total: 3, mine: 0 }, false)).toBe('MaxApplicationReached');
    expect(codeStateOf(code, at, { total: 1, mine: 1 }, true)).toBe('MaxApplicationReached');
    expect(codeStateOf(code, at, { total: 1, mine: 1 }, false)).toBeUndefined();
  });

  it('beforeCartDiscounts restores the totals the predicates read', () => {
    const items = discount({ id: 'items', sortOrder: '0.7' });
    const total = discount({
      id: 'total',
      sortOrder: '0.6',
      value: { type: 'absolute', money: [eur(500)] },
      target: { type: 'totalPrice' },
    });
    const data = { projectKey: 'p', cartDiscounts: [items, total], codes: [] };
    const plain = repriced(cart(), catalog, {}, new Date(now));
    const discounted = repriced(cart(), catalog, {}, new Date(now), data);
    // 240.00 - 10% = 216.00 - 5.00 = 211.00
    expect(discounted.totalPrice.centAmount).toBe(21_100);
    const restored = beforeCartDiscounts(discounted);
    expect(restored.totalPrice).toEqual(plain.totalPrice);
    expect(restored.lineItems.map((item) => [item.totalPrice, item.discountedPricePerQuantity])).toEqual(
      plain.lineItems.map((item) => [item.totalPrice, item.discountedPricePerQuantity]),
    );
  });
});
