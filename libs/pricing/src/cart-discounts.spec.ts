import { recalculate, type CartTotalsInput } from './cart-totals.js';
import type { CartDiscountRule } from './cart-discounts.js';
import { centMoney } from './money.js';

const all = () => true;
const cart = (quantity: number, cartDiscounts: CartDiscountRule[]): CartTotalsInput => ({
  currency: 'EUR',
  taxMode: 'Disabled',
  lineItems: [{ id: 'li', quantity, priceMode: 'Platform', unitPrice: centMoney('EUR', 1000) }],
  customLineItems: [],
  cartDiscounts,
});
const tenPercent = (stackingMode: CartDiscountRule['stackingMode']): CartDiscountRule => ({
  id: 'ten',
  sortOrder: '0.9',
  stackingMode,
  value: { type: 'relative', permyriad: 1000 },
  target: { type: 'lineItems', matches: all },
});
const oneEuro: CartDiscountRule = {
  id: 'one',
  sortOrder: '0.5',
  stackingMode: 'Stacking',
  value: { type: 'absolute', money: [centMoney('EUR', 100)] },
  target: { type: 'lineItems', matches: all },
};

describe('recalculate with cart discounts (golden)', () => {
  it('stacks in descending sortOrder, rounding after each step', () => {
    const totals = recalculate(cart(2, [oneEuro, tenPercent('Stacking')]));
    expect(totals.totalPrice.centAmount).toBe(1600);
    expect(totals.lineItems[0].discountedPricePerQuantity).toEqual([
      {
        quantity: 2,
        discountedPrice: {
          value: centMoney('EUR', 800),
          includedDiscounts: [
            { discountId: 'ten', discountedAmount: centMoney('EUR', 100) },
            { discountId: 'one', discountedAmount: centMoney('EUR', 100) },
          ],
        },
      },
    ]);
    expect(totals.appliedDiscounts).toEqual(['ten', 'one']);
  });

  it('StopAfterThisDiscount stops the lower ones once it applied', () => {
    const totals = recalculate(cart(2, [oneEuro, tenPercent('StopAfterThisDiscount')]));
    expect(totals.totalPrice.centAmount).toBe(1800);
    expect(totals.appliedDiscounts).toEqual(['ten']);
  });

  it('does not stop when its target matched nothing', () => {
    const none = {
      ...tenPercent('StopAfterThisDiscount'),
      target: { type: 'lineItems' as const, matches: () => false },
    };
    expect(recalculate(cart(2, [oneEuro, none])).totalPrice.centAmount).toBe(1800);
  });

  it('multi-buy: buy three, the cheapest one free', () => {
    const totals = recalculate(
      cart(3, [
        {
          id: 'free',
          sortOrder: '0.7',
          stackingMode: 'Stacking',
          value: { type: 'relative', permyriad: 10_000 },
          target: {
            type: 'multiBuyLineItems',
            matches: all,
            triggerQuantity: 3,
            discountedQuantity: 1,
            selectionMode: 'Cheapest',
          },
        },
      ]),
    );
    expect(totals.totalPrice.centAmount).toBe(2000);
    expect(
      totals.lineItems[0].discountedPricePerQuantity?.map((g) => [
        g.quantity,
        g.discountedPrice.value.centAmount,
      ]),
    ).toEqual([
      [2, 1000],
      [1, 0],
    ]);
  });

  it('a totalPrice discount comes last and is reported in discountOnTotalPrice', () => {
    const totals = recalculate(
      cart(2, [
        {
          id: 'total',
          sortOrder: '0.95',
          stackingMode: 'Stacking',
          value: { type: 'absolute', money: [centMoney('EUR', 500)] },
          target: { type: 'totalPrice' },
        },
        tenPercent('Stacking'),
      ]),
    );
    expect(totals.totalPrice.centAmount).toBe(1300);
    expect(totals.discountOnTotalPrice?.discountedAmount.centAmount).toBe(500);
  });
});
