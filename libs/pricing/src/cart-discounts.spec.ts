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

  describe('pattern targets', () => {
    // Jeans at 50.00, shirts at 20.00 and 30.00, a custom line item (gift wrap) at 5.00.
    const input = (cartDiscounts: CartDiscountRule[]): CartTotalsInput => ({
      currency: 'EUR',
      taxMode: 'Disabled',
      lineItems: [
        { id: 'jeans', quantity: 4, priceMode: 'Platform', unitPrice: centMoney('EUR', 5000) },
        { id: 'shirtA', quantity: 1, priceMode: 'Platform', unitPrice: centMoney('EUR', 2000) },
        { id: 'shirtB', quantity: 2, priceMode: 'Platform', unitPrice: centMoney('EUR', 3000) },
      ],
      customLineItems: [{ id: 'wrap', quantity: 3, money: centMoney('EUR', 500) }],
      cartDiscounts,
    });
    const is =
      (...ids: string[]) =>
      (id: string) =>
        ids.includes(id);
    const pattern = (
      target: Omit<Extract<CartDiscountRule['target'], { type: 'pattern' }>, 'type'>,
      permyriad = 10_000,
    ): CartDiscountRule => ({
      id: 'pattern',
      sortOrder: '0.6',
      stackingMode: 'Stacking',
      value: { type: 'relative', permyriad },
      target: { type: 'pattern', ...target },
    });
    const groups = (totals: ReturnType<typeof recalculate>) =>
      Object.fromEntries(
        [...totals.lineItems, ...totals.customLineItems].map((item) => [
          item.id,
          (item.discountedPricePerQuantity ?? []).map((g) => [
            g.quantity,
            g.discountedPrice.value.centAmount,
          ]),
        ]),
      );

    it('buy two jeans, get the cheapest shirt free, once per two jeans', () => {
      const totals = recalculate(
        input([
          pattern({
            triggerPattern: [{ custom: false, matches: is('jeans'), minCount: 2 }],
            targetPattern: [{ custom: false, matches: is('shirtA', 'shirtB'), maxCount: 1 }],
            selectionMode: 'Cheapest',
          }),
        ]),
      );
      // Four jeans trigger twice: shirtA (20.00) then one shirtB (30.00) free.
      // 4 x 50.00 + 0 + 30.00 + 0 + 3 x 5.00 = 245.00
      expect(totals.totalPrice.centAmount).toBe(24_500);
      expect(groups(totals)).toEqual({
        jeans: [],
        shirtA: [[1, 0]],
        shirtB: [
          [1, 3000],
          [1, 0],
        ],
        wrap: [],
      });
    });

    it('maxOccurrence limits the applications; MostExpensive picks the dearest unit', () => {
      const totals = recalculate(
        input([
          pattern(
            {
              triggerPattern: [{ custom: false, matches: is('jeans'), minCount: 2 }],
              targetPattern: [{ custom: false, matches: is('shirtA', 'shirtB'), maxCount: 1 }],
              maxOccurrence: 1,
              selectionMode: 'MostExpensive',
            },
            5000,
          ),
        ]),
      );
      // One shirtB at half price: 30.00 - 15.00 = 15.00. 200.00 + 20.00 + 30.00 + 15.00 + 15.00 = 280.00
      expect(totals.totalPrice.centAmount).toBe(28_000);
      expect(groups(totals).shirtB).toEqual([
        [1, 3000],
        [1, 1500],
      ]);
    });

    it('trigger units are not discounted and an incomplete occurrence discounts nothing', () => {
      // Same predicate on both sides: each occurrence needs 1 trigger + 2 target jeans. 4 jeans: one occurrence
      // (3 units), the 4th cannot complete another. The trigger takes the dearest (all equal), targets 2 units.
      const totals = recalculate(
        input([
          pattern({
            triggerPattern: [{ custom: false, matches: is('jeans') }],
            targetPattern: [{ custom: false, matches: is('jeans'), minCount: 2, maxCount: 2 }],
            selectionMode: 'Cheapest',
          }),
        ]),
      );
      expect(groups(totals).jeans).toEqual([
        [2, 5000],
        [2, 0],
      ]);
      // 2 x 50.00 + 20.00 + 60.00 + 15.00 = 195.00
      expect(totals.totalPrice.centAmount).toBe(19_500);
    });

    it('custom line item components, excludeCount and a pattern that cannot match', () => {
      const totals = recalculate(
        input([
          pattern(
            {
              triggerPattern: [{ custom: false, matches: is('shirtA') }],
              // Of the three wraps the first one is excluded, the next two are 10% off: 5.00 - 0.50 = 4.50.
              targetPattern: [{ custom: true, matches: is('wrap'), excludeCount: 1 }],
              selectionMode: 'Cheapest',
            },
            1000,
          ),
          {
            ...pattern({
              triggerPattern: [{ custom: false, matches: is('none') }],
              targetPattern: [{ custom: false, matches: is('jeans') }],
              selectionMode: 'Cheapest',
            }),
            id: 'never',
            sortOrder: '0.5',
          },
        ]),
      );
      expect(groups(totals).wrap).toEqual([
        [1, 500],
        [2, 450],
      ]);
      expect(groups(totals).jeans).toEqual([]);
      // 200.00 + 20.00 + 60.00 + 5.00 + 2 x 4.50 = 294.00
      expect(totals.totalPrice.centAmount).toBe(29_400);
      expect(totals.appliedDiscounts).toEqual(['pattern']);
    });
  });
});
