import { recalculate, type CartTotalsInput } from './cart-totals.js';
import type { CartDiscountRule } from './cart-discounts.js';
import { centMoney } from './money.js';

/** Two line items: `shirt` 2 x 20.00 EUR and `socks` 3 x 5.00 EUR (55.00 EUR before discounts). */
const cart = (cartDiscounts: CartDiscountRule[]): CartTotalsInput => ({
  currency: 'EUR',
  taxMode: 'Disabled',
  lineItems: [
    { id: 'shirt', quantity: 2, priceMode: 'Platform', unitPrice: centMoney('EUR', 2000) },
    { id: 'socks', quantity: 3, priceMode: 'Platform', unitPrice: centMoney('EUR', 500) },
  ],
  customLineItems: [],
  cartDiscounts,
});
const only = (id: string) => (itemId: string) => itemId === id;
const all = () => true;

/** A member of the group `g` (the caller gives every member the group's sortOrder). */
function member(id: string, rule: Partial<CartDiscountRule>): CartDiscountRule {
  return {
    id,
    sortOrder: '0.6',
    stackingMode: 'Stacking',
    value: { type: 'relative', permyriad: 1000 },
    target: { type: 'lineItems', matches: all },
    discountGroup: 'g',
    ...rule,
  };
}
// 10 % off everything: 5.50 EUR; 30 % off the shirts: 12.00 EUR; 2.00 EUR off each unit: 10.00 EUR.
const tenOffAll = member('a-ten', {});
const thirtyOffShirts = member('b-thirty', {
  value: { type: 'relative', permyriad: 3000 },
  target: { type: 'lineItems', matches: only('shirt') },
});
const twoEachUnit = member('c-two', {
  value: { type: 'absolute', money: [centMoney('EUR', 200)], applicationMode: 'IndividualApplication' },
});

describe('Discount Groups: only the best deal of a group applies', () => {
  it('applies the member that saves the most, and only it', () => {
    const totals = recalculate(cart([tenOffAll, thirtyOffShirts, twoEachUnit]));
    expect(totals.totalPrice.centAmount).toBe(5500 - 1200);
    expect(totals.appliedDiscounts).toEqual(['b-thirty']);
    expect(totals.stoppedByGroupBestDeal.sort()).toEqual(['a-ten', 'c-two']);
    expect(totals.lineItems[0].discountedPricePerQuantity).toEqual([
      {
        quantity: 2,
        discountedPrice: {
          value: centMoney('EUR', 1400),
          includedDiscounts: [{ discountId: 'b-thirty', discountedAmount: centMoney('EUR', 600) }],
        },
      },
    ]);
    expect(totals.lineItems[1].discountedPricePerQuantity).toEqual([]);
  });

  it('measures savings on the cart as it is at the group turn (after higher discounts)', () => {
    // First (0.9, outside the group) the shirts are fixed at 5.00 EUR: then 10 % of everything saves 2.50 EUR,
    // 30 % of the shirts 3.00 EUR and 2.00 EUR per unit 10.00 EUR, the best (on the undiscounted cart the
    // shirts' 30 % would have won with 12.00 EUR).
    const shirtsToFive: CartDiscountRule = {
      id: 'fixed',
      sortOrder: '0.9',
      stackingMode: 'Stacking',
      value: { type: 'fixed', money: [centMoney('EUR', 500)] },
      target: { type: 'lineItems', matches: only('shirt') },
    };
    const totals = recalculate(cart([tenOffAll, thirtyOffShirts, twoEachUnit, shirtsToFive]));
    expect(totals.appliedDiscounts).toEqual(['fixed', 'c-two']);
    // 2 x (5.00 - 2.00) + 3 x (5.00 - 2.00) = 15.00 EUR
    expect(totals.totalPrice.centAmount).toBe(1500);
  });

  it('takes its turn at the group sortOrder among the other discounts', () => {
    const before: CartDiscountRule = {
      id: 'later',
      sortOrder: '0.3',
      stackingMode: 'Stacking',
      value: { type: 'relative', permyriad: 5000 },
      target: { type: 'lineItems', matches: only('shirt') },
    };
    // The group (0.6) first: 30 % off the shirts (2 x 14.00); then 50 % off them: 2 x 7.00; socks 15.00.
    const totals = recalculate(cart([before, tenOffAll, thirtyOffShirts]));
    expect(totals.appliedDiscounts).toEqual(['b-thirty', 'later']);
    expect(totals.totalPrice.centAmount).toBe(1400 + 1500);
    expect(totals.lineItems[0].discountedPricePerQuantity?.[0].discountedPrice.includedDiscounts).toEqual([
      { discountId: 'b-thirty', discountedAmount: centMoney('EUR', 600) },
      { discountId: 'later', discountedAmount: centMoney('EUR', 700) },
    ]);
  });

  it('a StopAfterThisDiscount winner stops the lower discounts; a losing one does not', () => {
    const lower: CartDiscountRule = {
      id: 'lower',
      sortOrder: '0.2',
      stackingMode: 'Stacking',
      value: { type: 'absolute', money: [centMoney('EUR', 100)], applicationMode: 'IndividualApplication' },
      target: { type: 'lineItems', matches: only('socks') },
    };
    const stoppingWinner = { ...thirtyOffShirts, stackingMode: 'StopAfterThisDiscount' as const };
    expect(recalculate(cart([tenOffAll, stoppingWinner, lower])).totalPrice.centAmount).toBe(4300);
    const stoppingLoser = { ...tenOffAll, stackingMode: 'StopAfterThisDiscount' as const };
    // 43.00 EUR after the group, then 1.00 EUR off each of the 3 socks.
    expect(recalculate(cart([stoppingLoser, thirtyOffShirts, lower])).totalPrice.centAmount).toBe(4000);
  });

  it('ties go to the smallest id; a group none of whose members matches applies nothing', () => {
    // 6.00 EUR off the shirts either way: 2 x 3.00 fixed-amount or 15 % of 40.00.
    const threeEach = member('z-three', {
      value: { type: 'absolute', money: [centMoney('EUR', 300)], applicationMode: 'IndividualApplication' },
      target: { type: 'lineItems', matches: only('shirt') },
    });
    const fifteen = member('m-fifteen', {
      value: { type: 'relative', permyriad: 1500 },
      target: { type: 'lineItems', matches: only('shirt') },
    });
    const tie = recalculate(cart([threeEach, fifteen]));
    expect(tie.appliedDiscounts).toEqual(['m-fifteen']);
    expect(tie.stoppedByGroupBestDeal).toEqual(['z-three']);
    expect(tie.totalPrice.centAmount).toBe(4900);
    const none = member('none', { target: { type: 'lineItems', matches: () => false } });
    const nothing = recalculate(cart([none]));
    expect(nothing.totalPrice.centAmount).toBe(5500);
    expect(nothing.appliedDiscounts).toEqual([]);
    expect(nothing.stoppedByGroupBestDeal).toEqual([]);
  });

  it('two groups each apply their own best deal, in their sortOrder', () => {
    const other = (rule: CartDiscountRule): CartDiscountRule => ({
      ...rule,
      discountGroup: 'h',
      sortOrder: '0.4',
    });
    const fiftyOffSocks = other(
      member('d-fifty', {
        value: { type: 'relative', permyriad: 5000 },
        target: { type: 'lineItems', matches: only('socks') },
      }),
    );
    const oneOffAll = other(
      member('e-one', {
        value: { type: 'absolute', money: [centMoney('EUR', 100)], applicationMode: 'IndividualApplication' },
      }),
    );
    // Group g (0.6): 30 % off the shirts -> 2 x 14.00. Group h (0.4): 50 % off socks saves 7.50, 1.00 off
    // each unit saves 5.00 -> socks 3 x 2.50.
    const totals = recalculate(cart([oneOffAll, fiftyOffSocks, tenOffAll, thirtyOffShirts]));
    expect(totals.appliedDiscounts).toEqual(['b-thirty', 'd-fifty']);
    expect(totals.totalPrice.centAmount).toBe(2800 + 750);
  });
});
