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
  value: { type: 'absolute', money: [centMoney('EUR', 100)], applicationMode: 'IndividualApplication' },
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

  describe('applicationMode of an absolute value on line items', () => {
    // 3 x 3.33 (a), 1 x 10.00 (b), 2 x 0.50 (c, not targeted unless said): 9.99 + 10.00 = 19.99 targeted.
    const input = (rule: Partial<CartDiscountRule>, matches: (id: string) => boolean = (id) => id !== 'c') =>
      recalculate({
        currency: 'EUR',
        taxMode: 'Disabled',
        lineItems: [
          { id: 'a', quantity: 3, priceMode: 'Platform', unitPrice: centMoney('EUR', 333) },
          { id: 'b', quantity: 1, priceMode: 'Platform', unitPrice: centMoney('EUR', 1000) },
          { id: 'c', quantity: 2, priceMode: 'Platform', unitPrice: centMoney('EUR', 50) },
        ],
        customLineItems: [],
        cartDiscounts: [
          {
            id: 'abs',
            sortOrder: '0.5',
            stackingMode: 'Stacking',
            target: { type: 'lineItems', matches },
            ...rule,
          } as CartDiscountRule,
        ],
      });
    const groups = (totals: ReturnType<typeof recalculate>, index: number) =>
      totals.lineItems[index].discountedPricePerQuantity!.map((g) => [
        g.quantity,
        g.discountedPrice.value.centAmount,
        g.discountedPrice.includedDiscounts.map((d) => d.discountedAmount.centAmount),
      ]);
    const off = (
      centAmount: number,
      applicationMode?: 'EvenDistribution' | 'IndividualApplication' | 'ProportionateDistribution',
    ) => ({
      value: {
        type: 'absolute' as const,
        money: [centMoney('EUR', centAmount)],
        ...(applicationMode ? { applicationMode } : {}),
      },
    });

    it('ProportionateDistribution (the default): 5.00 once, by price, cents adding up exactly', () => {
      for (const totals of [input(off(500)), input(off(500, 'ProportionateDistribution'))]) {
        // 500 x 333 / 1999 = 83.29... -> 83 (remainder 0.29 x 1999 = 583), 500 x 1000 / 1999 = 250.12 -> 250
        // (remainder 249); 3 x 83 + 250 = 499: the one cent left goes to the largest remainder, an `a` unit.
        expect(groups(totals, 0)).toEqual([
          [2, 250, [83]],
          [1, 249, [84]],
        ]);
        expect(groups(totals, 1)).toEqual([[1, 750, [250]]]);
        expect(groups(totals, 2)).toEqual([]);
        // 19.99 - 5.00 + 1.00 = 15.99
        expect(totals.totalPrice.centAmount).toBe(1599);
      }
    });

    it('EvenDistribution: equal shares, cents left over to the first units', () => {
      const totals = input(off(500, 'EvenDistribution'));
      // 500 / 4 units = 125 each: a 3.33 -> 2.08, b 10.00 -> 8.75.
      expect(groups(totals, 0)).toEqual([[3, 208, [125]]]);
      expect(groups(totals, 1)).toEqual([[1, 875, [125]]]);
      expect(totals.totalPrice.centAmount).toBe(1599);
      // 1.01 over 4: 25 each and one cent to the first unit of `a`.
      const odd = input(off(101, 'EvenDistribution'));
      expect(groups(odd, 0)).toEqual([
        [2, 308, [25]],
        [1, 307, [26]],
      ]);
      expect(groups(odd, 1)).toEqual([[1, 975, [25]]]);
      expect(odd.totalPrice.centAmount).toBe(2099 - 101 + 0);
    });

    it('EvenDistribution: a unit cheaper than its share gives all, the rest go to the others', () => {
      // 3.00 over all 6 units: c units (0.50) would get 0.50 each = all they cost; then 2.00 over 4 units = 0.50.
      const totals = input(off(300, 'EvenDistribution'), all);
      expect(groups(totals, 2)).toEqual([[2, 0, [50]]]);
      expect(groups(totals, 0)).toEqual([[3, 283, [50]]]);
      expect(groups(totals, 1)).toEqual([[1, 950, [50]]]);
      // 3.20 over 6: c gives 1.00, 2.20 over 4 = 0.55.
      const more = input(off(320, 'EvenDistribution'), all);
      expect(groups(more, 2)).toEqual([[2, 0, [50]]]);
      expect(groups(more, 0)).toEqual([[3, 278, [55]]]);
      expect(more.totalPrice.centAmount).toBe(2099 - 320);
    });

    it('never more than the matched units cost', () => {
      for (const mode of ['EvenDistribution', 'ProportionateDistribution'] as const) {
        const totals = input(off(5000, mode));
        expect(groups(totals, 0)).toEqual([[3, 0, [333]]]);
        expect(groups(totals, 1)).toEqual([[1, 0, [1000]]]);
        expect(totals.totalPrice.centAmount).toBe(100);
      }
    });

    it('IndividualApplication: the amount off every unit', () => {
      const totals = input(off(100, 'IndividualApplication'));
      expect(groups(totals, 0)).toEqual([[3, 233, [100]]]);
      expect(groups(totals, 1)).toEqual([[1, 900, [100]]]);
      expect(totals.totalPrice.centAmount).toBe(2099 - 400);
    });

    it('no amount in the currency, or no matched unit: nothing applies', () => {
      const usd = input({ value: { type: 'absolute', money: [centMoney('USD', 500)] } });
      expect(usd.totalPrice.centAmount).toBe(2099);
      expect(usd.appliedDiscounts).toEqual([]);
      const none = input(off(500), () => false);
      expect(none.appliedDiscounts).toEqual([]);
    });
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

    describe('distribution modes of a relative or fixed value (SDK CartDiscountValueRelative.applicationMode)', () => {
      const distributed = (
        value: CartDiscountRule['value'],
        target: Omit<Extract<CartDiscountRule['target'], { type: 'pattern' }>, 'type'>,
      ): CartDiscountRule => ({ ...pattern(target), value });
      const withShares = (totals: ReturnType<typeof recalculate>) =>
        Object.fromEntries(
          [...totals.lineItems, ...totals.customLineItems].map((item) => [
            item.id,
            (item.discountedPricePerQuantity ?? []).map((g) => [
              g.quantity,
              g.discountedPrice.value.centAmount,
              g.discountedPrice.includedDiscounts.map((d) => d.discountedAmount.centAmount),
            ]),
          ]),
        );

      it('ProportionateDistribution: half off the shirt, shared by the jeans and the shirt by price', () => {
        const totals = recalculate(
          input([
            distributed(
              { type: 'relative', permyriad: 5000, applicationMode: 'ProportionateDistribution' },
              {
                triggerPattern: [{ custom: false, matches: is('jeans') }],
                targetPattern: [{ custom: false, matches: is('shirtA', 'shirtB'), maxCount: 1 }],
                maxOccurrence: 1,
                selectionMode: 'Cheapest',
              },
            ),
          ]),
        );
        // 50% of shirtA's 20.00 = 10.00, over jeans 50.00 + shirtA 20.00 = 70.00: 7.1428 and 2.8571, rounded
        // down to 7.14 + 2.85 = 9.99; the cent left goes to the larger remainder (shirtA): 7.14 and 2.86.
        // 3 x 50.00 + 42.86 + 17.14 + 2 x 30.00 + 3 x 5.00 = 285.00 (295.00 - 10.00).
        expect(totals.totalPrice.centAmount).toBe(28_500);
        expect(withShares(totals)).toEqual({
          jeans: [
            [3, 5000, []],
            [1, 4286, [714]],
          ],
          shirtA: [[1, 1714, [286]]],
          shirtB: [],
          wrap: [],
        });
      });

      it('EvenDistribution: each occurrence shares its free shirt evenly over its three units', () => {
        const totals = recalculate(
          input([
            distributed(
              { type: 'relative', permyriad: 10_000, applicationMode: 'EvenDistribution' },
              {
                triggerPattern: [{ custom: false, matches: is('jeans'), minCount: 2 }],
                targetPattern: [{ custom: false, matches: is('shirtA', 'shirtB'), maxCount: 1 }],
                selectionMode: 'Cheapest',
              },
            ),
          ]),
        );
        // First: 2 jeans + shirtA, 20.00 over 3 units = 6.66 each and 2 cents left, one each to the first units
        // in cart order (the jeans): 6.67, 6.67, 6.66. Second: 2 jeans + one shirtB, 30.00 = 10.00 each.
        // Jeans 2 x 43.33 + 2 x 40.00, shirtA 13.34, shirtB 30.00 + 20.00, wrap 15.00 = 245.00 (295.00 - 50.00).
        expect(totals.totalPrice.centAmount).toBe(24_500);
        expect(withShares(totals)).toEqual({
          jeans: [
            [2, 4333, [667]],
            [2, 4000, [1000]],
          ],
          shirtA: [[1, 1334, [666]]],
          shirtB: [
            [1, 3000, []],
            [1, 2000, [1000]],
          ],
          wrap: [],
        });
      });

      it('a fixed value: what the target costs above the fixed price, shared by price', () => {
        const totals = recalculate(
          input([
            distributed(
              {
                type: 'fixed',
                money: [centMoney('EUR', 1000)],
                applicationMode: 'ProportionateDistribution',
              },
              {
                triggerPattern: [{ custom: false, matches: is('jeans') }],
                targetPattern: [{ custom: false, matches: is('shirtB'), maxCount: 1 }],
                maxOccurrence: 1,
                selectionMode: 'Cheapest',
              },
            ),
          ]),
        );
        // shirtB at 10.00 instead of 30.00 saves 20.00, over jeans 50.00 + shirtB 30.00 = 80.00: 12.50 and 7.50.
        // 3 x 50.00 + 37.50 + 20.00 + 30.00 + 22.50 + 15.00 = 275.00 (295.00 - 20.00).
        expect(totals.totalPrice.centAmount).toBe(27_500);
        expect(withShares(totals)).toEqual({
          jeans: [
            [3, 5000, []],
            [1, 3750, [1250]],
          ],
          shirtA: [],
          shirtB: [
            [1, 3000, []],
            [1, 2250, [750]],
          ],
          wrap: [],
        });
      });

      it('an incomplete occurrence shares nothing', () => {
        const totals = recalculate(
          input([
            distributed(
              { type: 'relative', permyriad: 5000, applicationMode: 'EvenDistribution' },
              {
                triggerPattern: [{ custom: false, matches: is('jeans'), minCount: 5 }],
                targetPattern: [{ custom: false, matches: is('shirtA') }],
                selectionMode: 'Cheapest',
              },
            ),
          ]),
        );
        expect(totals.totalPrice.centAmount).toBe(29_500);
      });
    });

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
