import fc from 'fast-check';
import {
  recalculate,
  type CartTotalsInput,
  type LineItemInput,
  type TaxCategoryRates,
} from './cart-totals.js';
import { centMoney, highPrecisionMoney } from './money.js';
import type { CartTaxRate } from './tax.js';

const eur = (cents: number) => centMoney('EUR', cents);

const rate = (amount: number, includedInPrice: boolean, extra: Partial<CartTaxRate> = {}): CartTaxRate => ({
  id: `r-${amount}-${includedInPrice}`,
  name: 'VAT',
  amount,
  includedInPrice,
  country: 'DE',
  subRates: [],
  ...extra,
});
const category = (id: string, ...rates: CartTaxRate[]): TaxCategoryRates => ({ id, rates });
const standardNet = category('standard-net', rate(0.19, false));
const standardGross = category('standard-gross', rate(0.19, true));

const lineItem = (
  id: string,
  unitCents: number,
  quantity: number,
  extra: Partial<LineItemInput> = {},
): LineItemInput => ({
  id,
  quantity,
  priceMode: 'Platform',
  unitPrice: eur(unitCents),
  taxCategory: standardNet,
  ...extra,
});

const cart = (extra: Partial<CartTotalsInput>): CartTotalsInput => ({
  currency: 'EUR',
  taxMode: 'Platform',
  lineItems: [],
  customLineItems: [],
  ...extra,
});

describe(recalculate.name, () => {
  describe('golden carts from the commercetools API reference examples', () => {
    // api-specs/api/examples/carts.example.json and b2b-cart.example.json: one line item of 28.00 x 2, no address.
    it('carts.example.json: 28.00 x 2 is 56.00, 2 line item units, no taxedPrice without an address', () => {
      const totals = recalculate(cart({ lineItems: [lineItem('li', 2800, 2)] }));
      expect(totals.lineItems[0].totalPrice).toEqual(eur(5600));
      expect(totals.totalPrice).toEqual(eur(5600));
      expect(totals.totalLineItemQuantity).toBe(2);
      expect(totals.taxedPrice).toBeUndefined();
      expect(totals.lineItems[0].taxRate).toBeUndefined();
    });

    // api-specs/api/examples/carts.example.json, second cart: 84.00 x 1.
    it('carts.example.json: 84.00 x 1 is 84.00', () => {
      expect(recalculate(cart({ lineItems: [lineItem('li', 8400, 1)] })).totalPrice).toEqual(eur(8400));
    });

    // api-specs/api/examples/order-edits.example.json (preview): a 34.00 line item and DHL shipping 5.70, both at
    // 19% included in the price: totalPrice 39.70, taxedPrice net 33.36 gross 39.70 with one 19% portion of 6.34,
    // shipping taxedPrice net 4.79 gross 5.70. (Its item-level taxPortions read "0.1: 6.34", a copy error there:
    // 6.34 is the cart's portion; the item nets 28.57 and 4.79 fix the item taxes at 5.43 and 0.91.)
    it('order-edits.example.json: tax included in the price, cart portions summed by rate', () => {
      const totals = recalculate(
        cart({
          shippingAddress: { country: 'DE' },
          lineItems: [lineItem('li', 3400, 1, { taxCategory: standardGross })],
          shipping: { shippingRate: { price: eur(570), tiers: [] }, taxCategory: standardGross },
        }),
      );
      expect(totals.totalPrice).toEqual(eur(3970));
      expect(totals.lineItems[0].taxedPrice).toMatchObject({ totalNet: eur(2857), totalGross: eur(3400) });
      expect(totals.shipping?.price).toEqual(eur(570));
      expect(totals.shipping?.taxedPrice).toMatchObject({ totalNet: eur(479), totalGross: eur(570) });
      expect(totals.taxedPrice).toEqual({
        totalNet: eur(3336),
        totalGross: eur(3970),
        taxPortions: [{ name: 'VAT', rate: 0.19, amount: eur(634) }],
        totalTax: eur(634),
      });
      expect(totals.taxedShippingPrice).toEqual({
        totalNet: eur(479),
        totalGross: eur(570),
        taxPortions: [{ name: 'VAT', rate: 0.19, amount: eur(91) }],
        totalTax: eur(91),
      });
    });

    // api-specs/api/examples/order.example.json: External tax mode, a 10.00 line item with the external rate
    // "Bla" 10% not included: line taxedPrice net 10.00, gross 11.00.
    it('order.example.json: an external rate taxes the line item', () => {
      const external = rate(0.1, false, { name: 'Bla' });
      delete external.id;
      const totals = recalculate(
        cart({
          taxMode: 'External',
          shippingAddress: { country: 'DE' },
          lineItems: [lineItem('li', 1000, 1, { externalTaxRate: external })],
        }),
      );
      expect(totals.lineItems[0].taxRate).toBe(external);
      expect(totals.lineItems[0].taxedPrice).toEqual({
        totalNet: eur(1000),
        totalGross: eur(1100),
        taxPortions: [{ name: 'Bla', rate: 0.1, amount: eur(100) }],
        totalTax: eur(100),
      });
      expect(totals.taxedPrice).toMatchObject({ totalNet: eur(1000), totalGross: eur(1100) });
    });

    // api-specs/api/examples/order-import-create.example.json: one custom line item of 42.00, totalPrice 42.00.
    it('order-import-create.example.json: a custom line item of 42.00', () => {
      const totals = recalculate(
        cart({ taxMode: 'External', customLineItems: [{ id: 'cli', quantity: 1, money: eur(4200) }] }),
      );
      expect(totals.customLineItems[0].totalPrice).toEqual(eur(4200));
      expect(totals.totalPrice).toEqual(eur(4200));
      expect(totals.totalLineItemQuantity).toBeUndefined();
    });
  });

  describe('checkout facts 4.4 worked example (RAML TaxCalculationMode)', () => {
    it.each([
      ['LineItemLevel', 386],
      ['UnitPriceLevel', 387],
    ] as const)('1.08 x 3 at 19%% in %s is %d gross', (taxCalculationMode, gross) => {
      const totals = recalculate(
        cart({ taxCalculationMode, shippingAddress: { country: 'DE' }, lineItems: [lineItem('li', 108, 3)] }),
      );
      expect(totals.totalPrice).toEqual(eur(324));
      expect(totals.taxedPrice?.totalGross).toEqual(eur(gross));
      expect(totals.taxedPrice?.totalNet).toEqual(eur(324));
    });
  });

  describe('line item totals', () => {
    it('multiplies a high-precision unit price and rounds by priceRoundingMode', () => {
      const unitPrice = highPrecisionMoney('EUR', 123_45, 4); // 1.2345 EUR = 123.45 cents
      const totals = (priceRoundingMode: 'HalfEven' | 'HalfUp' | 'HalfDown', quantity: number) =>
        recalculate(cart({ priceRoundingMode, lineItems: [lineItem('li', 0, quantity, { unitPrice })] }))
          .lineItems[0].totalPrice.centAmount;
      expect(totals('HalfEven', 2)).toBe(247); // 246.9
      expect(totals('HalfEven', 10)).toBe(1234); // 1234.5: tie to even
      expect(totals('HalfUp', 10)).toBe(1235);
      expect(totals('HalfDown', 10)).toBe(1234);
    });

    it('rounds an ExternalPrice in high precision HalfEven, whatever the priceRoundingMode (RAML LineItem.totalPrice)', () => {
      const unitPrice = highPrecisionMoney('EUR', 123_45, 4);
      const totals = recalculate(
        cart({
          priceRoundingMode: 'HalfUp',
          lineItems: [lineItem('li', 0, 10, { priceMode: 'ExternalPrice', unitPrice })],
        }),
      );
      expect(totals.lineItems[0].totalPrice).toEqual(eur(1234));
    });

    it('counts only the external total of an ExternalTotal line item', () => {
      const totals = recalculate(
        cart({
          lineItems: [lineItem('li', 999, 3, { priceMode: 'ExternalTotal', externalTotalPrice: eur(2500) })],
        }),
      );
      expect(totals.lineItems[0].totalPrice).toEqual(eur(2500));
      expect(() =>
        recalculate(cart({ lineItems: [lineItem('li', 999, 3, { priceMode: 'ExternalTotal' })] })),
      ).toThrow(/externalTotalPrice/);
    });

    it('prices a gift line item at 0', () => {
      const totals = recalculate(
        cart({
          shippingAddress: { country: 'DE' },
          lineItems: [lineItem('gift', 5000, 1, { lineItemMode: 'GiftLineItem' }), lineItem('li', 100, 1)],
        }),
      );
      expect(totals.lineItems[0].totalPrice).toEqual(eur(0));
      expect(totals.lineItems[0].taxedPrice).toMatchObject({ totalNet: eur(0), totalGross: eur(0) });
      expect(totals.totalPrice).toEqual(eur(100));
      expect(totals.totalLineItemQuantity).toBe(2);
    });

    it('sums the discounted groups of the cart-discount seam, which must cover the quantity', () => {
      const discounted = [
        { quantity: 2, discountedPrice: { value: eur(900) } },
        { quantity: 1, discountedPrice: { value: eur(1000) } },
      ];
      const totals = recalculate(
        cart({ lineItems: [lineItem('li', 1000, 3, { discountedPricePerQuantity: discounted })] }),
      );
      expect(totals.lineItems[0].totalPrice).toEqual(eur(2800));
      expect(() =>
        recalculate(
          cart({ lineItems: [lineItem('li', 1000, 4, { discountedPricePerQuantity: discounted })] }),
        ),
      ).toThrow(/add up to 3, not 4/);
    });

    it('refuses an amount in another currency', () => {
      expect(() =>
        recalculate(cart({ lineItems: [lineItem('li', 100, 1, { unitPrice: centMoney('USD', 100) })] })),
      ).toThrow(/USD/);
    });
  });

  describe('shipping', () => {
    const tiered = {
      price: eur(500),
      freeAbove: eur(10_000),
      tiers: [{ type: 'CartValue' as const, minimumCentAmount: 5000, price: eur(250) }],
    };

    it.each([
      [4999, 500, false],
      [5000, 250, true],
      [10_000, 0, true],
    ])('a cart of %d pays %d shipping (the tier marked: %s)', (value, price, marked) => {
      const totals = recalculate(
        cart({
          lineItems: [lineItem('li', value, 1)],
          shipping: { shippingRate: tiered, rateInputType: 'CartValue', taxCategory: standardNet },
        }),
      );
      expect(totals.shipping?.price).toEqual(eur(price));
      expect(totals.shipping?.shippingRate.tiers[0].isMatching).toBe(marked);
      expect(totals.totalPrice).toEqual(eur(value + price));
    });

    it('selects the tier on the discounted value of the items (facts 4.3)', () => {
      const discounted = [{ quantity: 1, discountedPrice: { value: eur(4000) } }];
      const totals = recalculate(
        cart({
          lineItems: [lineItem('li', 6000, 1, { discountedPricePerQuantity: discounted })],
          customLineItems: [{ id: 'cli', quantity: 1, money: eur(500) }],
          shipping: { shippingRate: tiered, rateInputType: 'CartValue' },
        }),
      );
      expect(totals.itemsTotal).toEqual(eur(4500));
      expect(totals.shipping?.price).toEqual(eur(500));
    });

    it('withholds the cart taxedPrice until the shipping is taxed too', () => {
      const totals = recalculate(
        cart({
          shippingAddress: { country: 'DE' },
          lineItems: [lineItem('li', 1000, 1)],
          shipping: { shippingRate: { price: eur(500), tiers: [] } },
        }),
      );
      expect(totals.lineItems[0].taxedPrice).toBeDefined();
      expect(totals.taxedPrice).toBeUndefined();
      expect(totals.taxedShippingPrice).toBeUndefined();
    });
  });

  describe('tax modes', () => {
    const items = {
      lineItems: [lineItem('li', 1000, 2)],
      customLineItems: [{ id: 'cli', quantity: 1, money: eur(-500), taxCategory: standardNet }],
    };

    it('Platform: taxes every item by its category for the shipping address, negative custom items too', () => {
      const totals = recalculate(cart({ ...items, shippingAddress: { country: 'DE' } }));
      expect(totals.customLineItems[0].taxedPrice).toMatchObject({
        totalNet: eur(-500),
        totalGross: eur(-595),
      });
      expect(totals.taxedPrice).toMatchObject({
        totalNet: eur(1500),
        totalGross: eur(1785),
        totalTax: eur(285),
      });
    });

    it('Platform: raises MissingTaxRateForCountry for an address the category has no rate for', () => {
      expect(() => recalculate(cart({ ...items, shippingAddress: { country: 'FR' } }))).toThrow(
        expect.objectContaining({
          errors: [
            expect.objectContaining({
              code: 'MissingTaxRateForCountry',
              taxCategoryId: 'standard-net',
              country: 'FR',
            }),
          ],
        }),
      );
    });

    it('Platform: a country rate covers a state only with countryTaxRateFallbackEnabled', () => {
      const address = { country: 'DE', state: 'Hessen' };
      expect(() => recalculate(cart({ ...items, shippingAddress: address }))).toThrow(/Hessen/);
      const totals = recalculate(
        cart({ ...items, shippingAddress: address, countryTaxRateFallbackEnabled: true }),
      );
      expect(totals.taxedPrice?.totalGross).toEqual(eur(1785));
    });

    it('Disabled: no tax anywhere', () => {
      const totals = recalculate(cart({ ...items, taxMode: 'Disabled', shippingAddress: { country: 'DE' } }));
      expect(totals.taxedPrice).toBeUndefined();
      expect(totals.lineItems[0].taxRate).toBeUndefined();
      expect(totals.totalPrice).toEqual(eur(1500));
    });

    it('External: a cart taxedPrice only once every item has its rate', () => {
      const external = rate(0.2, false, { name: 'ext' });
      const partly = recalculate(
        cart({
          taxMode: 'External',
          shippingAddress: { country: 'DE' },
          lineItems: [lineItem('li', 1000, 2, { externalTaxRate: external })],
          customLineItems: [{ id: 'cli', quantity: 1, money: eur(500) }],
        }),
      );
      expect(partly.lineItems[0].taxedPrice?.totalGross).toEqual(eur(2400));
      expect(partly.taxedPrice).toBeUndefined();
      const fully = recalculate(
        cart({
          taxMode: 'External',
          shippingAddress: { country: 'DE' },
          lineItems: [lineItem('li', 1000, 2, { externalTaxRate: external })],
          customLineItems: [{ id: 'cli', quantity: 1, money: eur(500), externalTaxRate: external }],
        }),
      );
      expect(fully.taxedPrice).toEqual({
        totalNet: eur(2500),
        totalGross: eur(3000),
        taxPortions: [{ name: 'ext', rate: 0.2, amount: eur(500) }],
        totalTax: eur(500),
      });
    });

    it('ExternalAmount: item amounts as given, the cart tax only from setCartTotalTax, no taxedShippingPrice', () => {
      const taxRate = rate(0.19, false);
      const input = cart({
        taxMode: 'ExternalAmount',
        shippingAddress: { country: 'DE' },
        lineItems: [lineItem('li', 1000, 1, { externalTaxAmount: { totalGross: eur(1190), taxRate } })],
        shipping: {
          shippingRate: { price: eur(500), tiers: [] },
          externalTaxAmount: { totalGross: eur(595), taxRate },
        },
      });
      const withoutCartTax = recalculate(input);
      expect(withoutCartTax.lineItems[0].taxedPrice).toMatchObject({
        totalNet: eur(1000),
        totalGross: eur(1190),
      });
      expect(withoutCartTax.shipping?.taxedPrice).toMatchObject({ totalNet: eur(500), totalGross: eur(595) });
      expect(withoutCartTax.taxedPrice).toBeUndefined();
      const withCartTax = recalculate({ ...input, externalTotalTax: { totalGross: eur(1785) } });
      expect(withCartTax.taxedPrice).toMatchObject({
        totalNet: eur(1500),
        totalGross: eur(1785),
        totalTax: eur(285),
      });
      expect(withCartTax.taxedShippingPrice).toBeUndefined();
    });
  });

  describe('Multiple shipping mode', () => {
    const twoCountries = category(
      'eu',
      rate(0.19, false, { id: 'de', name: 'DE VAT' }),
      rate(0.2, false, { id: 'at', name: 'AT VAT', country: 'AT' }),
    );
    const shippings = [
      {
        shippingKey: 'home',
        shippingAddress: { country: 'DE' },
        shippingRate: { price: eur(500), tiers: [] },
        taxCategory: twoCountries,
      },
      {
        shippingKey: 'office',
        shippingAddress: { country: 'AT' },
        shippingRate: { price: eur(700), tiers: [] },
        taxCategory: twoCountries,
      },
    ];
    const multiple = (
      targets: { shippingMethodKey?: string; quantity: number }[],
      extra: Partial<LineItemInput> = {},
    ) =>
      recalculate(
        cart({
          shippingMode: 'Multiple',
          shippings,
          lineItems: [
            lineItem('li', 1000, 3, { taxCategory: twoCountries, shippingTargets: targets, ...extra }),
          ],
        }),
      );

    it('taxes each shipping method share by the rate of its address and sums them into the item and the cart', () => {
      const totals = multiple([
        { shippingMethodKey: 'home', quantity: 2 },
        { shippingMethodKey: 'office', quantity: 1 },
      ]);
      const item = totals.lineItems[0];
      expect(item.taxRate).toBeUndefined();
      expect(item.perMethodTaxRate.map((method) => [method.shippingMethodKey, method.taxRate?.id])).toEqual([
        ['home', 'de'],
        ['office', 'at'],
      ]);
      expect(item.taxedPricePortions).toEqual([
        {
          shippingMethodKey: 'home',
          taxedPrice: {
            totalNet: eur(2000),
            totalGross: eur(2380),
            taxPortions: [{ name: 'DE VAT', rate: 0.19, amount: eur(380) }],
            totalTax: eur(380),
          },
        },
        {
          shippingMethodKey: 'office',
          taxedPrice: {
            totalNet: eur(1000),
            totalGross: eur(1200),
            taxPortions: [{ name: 'AT VAT', rate: 0.2, amount: eur(200) }],
            totalTax: eur(200),
          },
        },
      ]);
      expect(item.taxedPrice).toMatchObject({ totalNet: eur(3000), totalGross: eur(3580) });
      expect(
        totals.shippings.map((method) => [
          method.shippingKey,
          method.price.centAmount,
          method.taxedPrice?.totalGross.centAmount,
        ]),
      ).toEqual([
        ['home', 500, 595],
        ['office', 700, 840],
      ]);
      expect(totals.totalPrice).toEqual(eur(4200));
      expect(totals.taxedPrice).toEqual({
        totalNet: eur(4200),
        totalGross: eur(5015),
        taxPortions: [
          { name: 'DE VAT', rate: 0.19, amount: eur(475) },
          { name: 'AT VAT', rate: 0.2, amount: eur(340) },
        ],
        totalTax: eur(815),
      });
      expect(totals.taxedShippingPrice).toMatchObject({ totalNet: eur(1200), totalGross: eur(1435) });
      expect(totals.shipping).toBeUndefined();
    });

    it('withholds the item and cart taxedPrice until every unit is allocated', () => {
      const totals = multiple([{ shippingMethodKey: 'home', quantity: 2 }]);
      expect(totals.lineItems[0].taxedPricePortions.map((portion) => portion.shippingMethodKey)).toEqual([
        'home',
      ]);
      expect(totals.lineItems[0].taxedPrice).toBeUndefined();
      expect(totals.taxedPrice).toBeUndefined();
      expect(totals.totalPrice).toEqual(eur(4200));
    });

    it('gives each share the discounted units in order', () => {
      const discounted = [
        { quantity: 2, discountedPrice: { value: eur(900) } },
        { quantity: 1, discountedPrice: { value: eur(1000) } },
      ];
      const totals = multiple(
        [
          { shippingMethodKey: 'home', quantity: 1 },
          { shippingMethodKey: 'office', quantity: 2 },
        ],
        { discountedPricePerQuantity: discounted },
      );
      expect(
        totals.lineItems[0].taxedPricePortions.map((portion) => portion.taxedPrice?.totalNet.centAmount),
      ).toEqual([900, 1900]);
    });

    it('takes the per-method external rates in External tax mode', () => {
      const external = rate(0.1, false, { name: 'ext' });
      const totals = recalculate(
        cart({
          taxMode: 'External',
          shippingMode: 'Multiple',
          shippings: [{ ...shippings[0], externalTaxRate: external }],
          lineItems: [
            lineItem('li', 1000, 1, {
              shippingTargets: [{ shippingMethodKey: 'home', quantity: 1 }],
              perMethodExternalTaxRate: [{ shippingMethodKey: 'home', taxRate: external }],
            }),
          ],
        }),
      );
      expect(totals.lineItems[0].taxedPrice).toMatchObject({ totalGross: eur(1100) });
      expect(totals.taxedPrice).toMatchObject({ totalNet: eur(1500), totalGross: eur(1650) });
    });

    it('splits any item fully allocated into shares that add up to its total', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 100_000 }),
          fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 4 }),
          (unit, parts) => {
            const quantity = parts.reduce((sum, part) => sum + part, 0);
            const keys = ['home', 'office'];
            const totals = recalculate(
              cart({
                shippingMode: 'Multiple',
                shippings,
                lineItems: [
                  lineItem('li', 0, quantity, {
                    unitPrice: highPrecisionMoney('EUR', unit, 4),
                    taxCategory: twoCountries,
                    shippingTargets: parts.map((part, i) => ({
                      shippingMethodKey: keys[i % 2],
                      quantity: part,
                    })),
                  }),
                ],
              }),
            );
            const item = totals.lineItems[0];
            const shares = item.taxedPricePortions.reduce(
              (sum, portion) => sum + portion.taxedPrice!.totalNet.centAmount,
              0,
            );
            expect(shares).toBe(item.totalPrice.centAmount);
            expect(item.taxedPrice?.totalNet).toEqual(item.totalPrice);
          },
        ),
      );
    });
  });

  describe('properties', () => {
    const anyCart = fc.record({
      lines: fc.array(fc.tuple(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 50 })), {
        maxLength: 6,
      }),
      customs: fc.array(
        fc.tuple(fc.integer({ min: -10_000, max: 100_000 }), fc.integer({ min: 1, max: 5 })),
        {
          maxLength: 3,
        },
      ),
      shipping: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: undefined }),
      included: fc.boolean(),
      taxCalculationMode: fc.constantFrom('LineItemLevel' as const, 'UnitPriceLevel' as const),
      taxRoundingMode: fc.constantFrom('HalfEven' as const, 'HalfUp' as const, 'HalfDown' as const),
    });

    it('totalPrice is the items plus shipping, and the taxed totals add up', () => {
      fc.assert(
        fc.property(anyCart, (c) => {
          const taxCategory = c.included ? standardGross : standardNet;
          const totals = recalculate(
            cart({
              shippingAddress: { country: 'DE' },
              taxCalculationMode: c.taxCalculationMode,
              taxRoundingMode: c.taxRoundingMode,
              lineItems: c.lines.map(([unit, quantity], i) =>
                lineItem(`li${i}`, unit, quantity, { taxCategory }),
              ),
              customLineItems: c.customs.map(([money, quantity], i) => ({
                id: `c${i}`,
                quantity,
                money: eur(money),
                taxCategory,
              })),
              ...(c.shipping !== undefined
                ? { shipping: { shippingRate: { price: eur(c.shipping), tiers: [] }, taxCategory } }
                : {}),
            }),
          );
          const items =
            c.lines.reduce((sum, [unit, quantity]) => sum + unit * quantity, 0) +
            c.customs.reduce((sum, [money, quantity]) => sum + money * quantity, 0);
          expect(totals.totalPrice.centAmount).toBe(items + (c.shipping ?? 0));
          const taxed = totals.taxedPrice!;
          expect(c.included ? taxed.totalGross.centAmount : taxed.totalNet.centAmount).toBe(
            totals.totalPrice.centAmount,
          );
          const portions = taxed.taxPortions.reduce((sum, portion) => sum + portion.amount.centAmount, 0);
          expect(taxed.totalTax?.centAmount).toBe(portions);
          expect(taxed.totalGross.centAmount - taxed.totalNet.centAmount).toBe(portions);
          expect(taxed.taxPortions.length).toBeLessThanOrEqual(1);
          if (c.lines.length)
            expect(totals.totalLineItemQuantity).toBe(c.lines.reduce((sum, [, q]) => sum + q, 0));
        }),
      );
    });
  });
});
