import fc from 'fast-check';
import { centMoney, Exact, highPrecisionMoney, type RoundingMode } from './money.js';
import {
  cartTaxedPriceFromTotal,
  externalTaxRateOf,
  findTaxRate,
  requireTaxRate,
  sumTaxedPrices,
  taxedPriceFromAmount,
  taxItem,
  type CartTaxRate,
  type TaxCalculationMode,
} from './tax.js';

const eur = (cents: number) => centMoney('EUR', cents);
const rate = (amount: number, includedInPrice = false, extra: Partial<CartTaxRate> = {}): CartTaxRate => ({
  name: `${amount * 100}%`,
  amount,
  includedInPrice,
  country: 'DE',
  ...extra,
});

function taxed(
  totalCents: number,
  taxRate: CartTaxRate,
  options: { mode?: RoundingMode; calculation?: TaxCalculationMode; units?: [number, number][] } = {},
) {
  return taxItem({
    currencyCode: 'EUR',
    totalPrice: eur(totalCents),
    rate: taxRate,
    taxRoundingMode: options.mode ?? 'HalfEven',
    taxCalculationMode: options.calculation ?? 'LineItemLevel',
    ...(options.units
      ? { units: options.units.map(([quantity, unit]) => ({ quantity, unitPrice: Exact.of(unit) })) }
      : {}),
  });
}

const cents = (price: { totalNet: { centAmount: number }; totalGross: { centAmount: number } }) => [
  price.totalNet.centAmount,
  price.totalGross.centAmount,
];

describe(taxItem.name, () => {
  // RAML TaxCalculationMode: ($1.08 * 3 = $3.24) * 1.19 = $3.8556 -> $3.86; ($1.08 * 1.19 = $1.2852 -> $1.29) * 3 = $3.87.
  it('taxes the line total in LineItemLevel: (1.08 x 3) x 1.19 = 3.8556 -> 3.86', () => {
    const price = taxed(324, rate(0.19), { units: [[3, 108]] });
    expect(cents(price)).toEqual([324, 386]);
    expect(price.taxPortions).toEqual([{ name: '19%', rate: 0.19, amount: eur(62) }]);
    expect(price.totalTax).toEqual(eur(62));
  });

  it('taxes one unit in UnitPriceLevel: round(1.08 x 1.19) = 1.29, x 3 = 3.87', () => {
    const price = taxed(324, rate(0.19), { calculation: 'UnitPriceLevel', units: [[3, 108]] });
    expect(cents(price)).toEqual([324, 387]);
    expect(price.totalTax).toEqual(eur(63));
  });

  it('taxes each discounted price group by its unit in UnitPriceLevel', () => {
    // 2 units at 1.08 (tax 0.2052 -> 0.21) and 1 unit at 0.97 (tax 0.1843 -> 0.18): 0.42 + 0.18.
    const price = taxed(313, rate(0.19), {
      calculation: 'UnitPriceLevel',
      units: [
        [2, 108],
        [1, 97],
      ],
    });
    expect(cents(price)).toEqual([313, 373]);
  });

  // api-specs/api/examples/order-edits.example.json: a 34.00 line item and 5.70 shipping, both 19% included.
  it.each([
    [3400, 2857, 543],
    [570, 479, 91],
  ])(
    'takes the tax out of a gross price with includedInPrice: %d -> net %d, tax %d (order-edits.example.json)',
    (gross, net, tax) => {
      const price = taxed(gross, rate(0.19, true));
      expect(cents(price)).toEqual([net, gross]);
      expect(price.totalTax).toEqual(eur(tax));
    },
  );

  // api-specs/api/examples/order.example.json: a 10.00 line item at 10% not included -> gross 11.00.
  it('adds the tax to a net price (order.example.json)', () => {
    expect(cents(taxed(1000, rate(0.1)))).toEqual([1000, 1100]);
  });

  it.each([
    // net 0.50 at 5% = 0.025 EUR = 2.5 cents: the tie decides
    ['HalfEven', 2],
    ['HalfUp', 3],
    ['HalfDown', 2],
  ] as const)('rounds a tax tie by taxRoundingMode %s to %d cents', (mode, tax) => {
    expect(taxed(50, rate(0.05), { mode }).totalTax).toEqual(eur(tax));
  });

  it.each([
    // 3.5 cents of tax: HalfEven goes to 4
    ['HalfEven', 4],
    ['HalfUp', 4],
    ['HalfDown', 3],
  ] as const)('rounds 3.5 cents of tax by %s to %d', (mode, tax) => {
    expect(taxed(70, rate(0.05), { mode }).totalTax).toEqual(eur(tax));
  });

  it('gives each sub-rate its own portion, named by the sub-rate', () => {
    const canada = rate(0.13, false, {
      name: 'HST',
      country: 'CA',
      state: 'ON',
      subRates: [
        { name: 'GST', amount: 0.05 },
        { name: 'PST', amount: 0.08 },
      ],
    });
    const price = taxed(1999, canada);
    // 19.99 x 5% = 0.9995 -> 1.00; x 8% = 1.5992 -> 1.60
    expect(price.taxPortions).toEqual([
      { name: 'GST', rate: 0.05, amount: eur(100) },
      { name: 'PST', rate: 0.08, amount: eur(160) },
    ]);
    expect(cents(price)).toEqual([1999, 2259]);
  });

  it('splits an included tax over the sub-rates by the whole rate', () => {
    const included = rate(0.13, true, {
      subRates: [
        { name: 'GST', amount: 0.05 },
        { name: 'PST', amount: 0.08 },
      ],
    });
    // 11.30 gross: GST 1130 x 0.05 / 1.13 = 50, PST 1130 x 0.08 / 1.13 = 80
    const price = taxed(1130, included);
    expect(price.taxPortions.map((portion) => portion.amount.centAmount)).toEqual([50, 80]);
    expect(cents(price)).toEqual([1000, 1130]);
  });

  const item = fc.record({
    total: fc.integer({ min: 0, max: 10_000_000 }),
    amount: fc.integer({ min: 0, max: 100 }).map((percent) => percent / 100),
    included: fc.boolean(),
    mode: fc.constantFrom<RoundingMode>('HalfEven', 'HalfUp', 'HalfDown'),
  });

  it('always keeps gross = net + the portions, and the price given as the net or the gross', () => {
    fc.assert(
      fc.property(item, ({ total, amount, included, mode }) => {
        const price = taxed(total, rate(amount, included), { mode });
        const portions = price.taxPortions.reduce((sum, portion) => sum + portion.amount.centAmount, 0);
        expect(price.totalGross.centAmount - price.totalNet.centAmount).toBe(portions);
        expect(price.totalTax?.centAmount).toBe(portions);
        expect(included ? price.totalGross.centAmount : price.totalNet.centAmount).toBe(total);
      }),
    );
  });

  it('moves the tax at most half a cent from the exact tax (LineItemLevel)', () => {
    fc.assert(
      fc.property(item, ({ total, amount, included, mode }) => {
        const price = taxed(total, rate(amount, included), { mode });
        const r = Exact.of(amount);
        const exact = included
          ? Exact.of(total).times(r).dividedBy(Exact.ONE.plus(r))
          : Exact.of(total).times(r);
        const error = exact.minus(Exact.of(price.totalTax!.centAmount)).times(2);
        expect(error.compare(Exact.ONE)).toBeLessThanOrEqual(0);
        expect(error.compare(Exact.ONE.negated())).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('differs between UnitPriceLevel and LineItemLevel by at most half a cent per unit (and one)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 30 }),
        (unit, quantity, percent) => {
          const taxRate = rate(percent / 100);
          const units: [number, number][] = [[quantity, unit]];
          const line = taxed(unit * quantity, taxRate, { units });
          const perUnit = taxed(unit * quantity, taxRate, { units, calculation: 'UnitPriceLevel' });
          const difference = Math.abs(line.totalTax!.centAmount - perUnit.totalTax!.centAmount);
          expect(difference).toBeLessThanOrEqual(Math.ceil((quantity + 1) / 2));
        },
      ),
    );
  });
});

describe(findTaxRate.name, () => {
  const rates = [
    rate(0.19, false, { id: 'de' }),
    rate(0.07, false, { id: 'de-by', state: 'Bayern' }),
    rate(0.0625, false, { id: 'us-ma', country: 'US', state: 'MA' }),
    rate(0.2, false, { id: 'fr', country: 'FR' }),
  ];

  it.each([
    [{ country: 'DE' }, false, 'de'],
    [{ country: 'DE', state: 'Bayern' }, false, 'de-by'],
    [{ country: 'DE', state: 'bayern' }, false, undefined], // case-sensitive
    [{ country: 'DE', state: 'Hessen' }, false, undefined],
    [{ country: 'DE', state: 'Hessen' }, true, 'de'],
    [{ country: 'DE', state: 'Bayern' }, true, 'de-by'],
    [{ country: 'US', state: 'MA' }, false, 'us-ma'],
    [{ country: 'US' }, true, undefined],
    [{ country: 'US', state: 'NY' }, true, undefined],
    [{ country: 'FR', state: 'Corse' }, true, 'fr'],
    [{ country: 'de' }, true, undefined],
    [{ country: 'AT' }, true, undefined],
  ])('for %j (fallback %s) finds %s', (address, fallback, id) => {
    expect(findTaxRate(rates, address, fallback)?.id).toBe(id);
  });

  it('raises MissingTaxRateForCountry with the category, country and state', () => {
    expect(() => requireTaxRate({ id: 'tc', rates }, { country: 'DE', state: 'Hessen' })).toThrow(
      expect.objectContaining({
        errors: [
          expect.objectContaining({
            code: 'MissingTaxRateForCountry',
            taxCategoryId: 'tc',
            country: 'DE',
            state: 'Hessen',
          }),
        ],
      }),
    );
    expect(requireTaxRate({ id: 'tc', rates }, { country: 'DE' }).id).toBe('de');
  });
});

describe(externalTaxRateOf.name, () => {
  it('takes a rate with an amount, includedInPrice false by default', () => {
    expect(externalTaxRateOf({ name: 'vat', amount: 0.19, country: 'DE' })).toEqual({
      name: 'vat',
      amount: 0.19,
      includedInPrice: false,
      country: 'DE',
      subRates: [],
    });
  });

  it('sums the sub-rates when no amount is given, and accepts an amount equal to the sum', () => {
    const subRates = [
      { name: 'a', amount: 0.1 },
      { name: 'b', amount: 0.2 },
    ];
    expect(externalTaxRateOf({ name: 'x', country: 'CA', state: 'ON', subRates }).amount).toBe(0.3);
    expect(externalTaxRateOf({ name: 'x', amount: 0.3, country: 'CA', subRates }).amount).toBe(0.3);
  });

  it.each([
    [{ name: 'x', country: 'DE' }, 'RequiredField'],
    [{ name: 'x', amount: 1.5, country: 'DE' }, 'InvalidField'],
    [{ name: 'x', amount: -0.1, country: 'DE' }, 'InvalidField'],
    [{ name: 'x', amount: 0.25, country: 'DE', subRates: [{ name: 'a', amount: 0.2 }] }, 'InvalidInput'],
    [{ name: 'x', country: 'DE', subRates: [{ name: 'a', amount: 2 }] }, 'InvalidField'],
    [
      {
        name: 'x',
        country: 'DE',
        subRates: [
          { name: 'a', amount: 0.6 },
          { name: 'b', amount: 0.6 },
        ],
      },
      'InvalidField',
    ],
  ])('refuses %j with %s', (draft, code) => {
    expect(() => externalTaxRateOf(draft)).toThrow(
      expect.objectContaining({ errors: [expect.objectContaining({ code })] }),
    );
  });
});

describe(taxedPriceFromAmount.name, () => {
  it('takes the net from the total price and the gross as given', () => {
    const price = taxedPriceFromAmount(eur(1000), eur(1190), rate(0.19), 'HalfEven');
    expect(price).toEqual({
      totalNet: eur(1000),
      totalGross: eur(1190),
      taxPortions: [{ name: '19%', rate: 0.19, amount: eur(190) }],
      totalTax: eur(190),
    });
  });

  it('splits the tax over sub-rates in proportion, the last one taking the remainder', () => {
    const price = taxedPriceFromAmount(
      eur(1000),
      highPrecisionMoney('EUR', 1_130_05, 4),
      rate(0.13, false, {
        subRates: [
          { name: 'GST', amount: 0.05 },
          { name: 'PST', amount: 0.08 },
        ],
      }),
      'HalfEven',
    );
    // gross 11.3005 -> 11.30 (HalfEven); tax 1.30: GST 130 x 5/13 = 50, PST 80
    expect(price.totalGross).toEqual(eur(1130));
    expect(price.taxPortions.map((portion) => [portion.name, portion.amount.centAmount])).toEqual([
      ['GST', 50],
      ['PST', 80],
    ]);
  });
});

describe(sumTaxedPrices.name, () => {
  it('sums portions of the same rate and name, keeps others apart (order-edits.example.json: 543 + 91 = 634)', () => {
    const item = taxed(3400, rate(0.19, true));
    const shipping = taxed(570, rate(0.19, true));
    const reduced = taxed(1000, rate(0.07, false, { name: '7%' }));
    expect(sumTaxedPrices('EUR', [item, shipping])).toEqual({
      totalNet: eur(3336),
      totalGross: eur(3970),
      taxPortions: [{ name: '19%', rate: 0.19, amount: eur(634) }],
      totalTax: eur(634),
    });
    const mixed = sumTaxedPrices('EUR', [item, reduced, shipping]);
    expect(mixed.taxPortions).toEqual([
      { name: '19%', rate: 0.19, amount: eur(634) },
      { name: '7%', rate: 0.07, amount: eur(70) },
    ]);
    expect(cents(mixed)).toEqual([4336, 5040]);
  });

  it('keeps the same rate under another name apart', () => {
    const a = taxed(100, rate(0.19, false, { name: 'VAT' }));
    const b = taxed(100, rate(0.19, false, { name: 'MwSt' }));
    expect(sumTaxedPrices('EUR', [a, b]).taxPortions).toHaveLength(2);
  });

  it('is the sum of its parts, in any order', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom(0, 0.07, 0.19), fc.boolean()),
          {
            maxLength: 8,
          },
        ),
        (items) => {
          const prices = items.map(([total, amount, included]) => taxed(total, rate(amount, included)));
          const sum = sumTaxedPrices('EUR', prices);
          const reversed = sumTaxedPrices('EUR', [...prices].reverse());
          expect(sum.totalNet).toEqual(reversed.totalNet);
          expect(sum.totalGross.centAmount).toBe(prices.reduce((s, p) => s + p.totalGross.centAmount, 0));
          const portions = sum.taxPortions.reduce((s, p) => s + p.amount.centAmount, 0);
          expect(portions).toBe(sum.totalGross.centAmount - sum.totalNet.centAmount);
        },
      ),
    );
  });
});

describe(cartTaxedPriceFromTotal.name, () => {
  it('takes the net from the cart total and checks the portions against the tax', () => {
    expect(
      cartTaxedPriceFromTotal(eur(1000), eur(1190), [{ name: 'vat', rate: 0.19, amount: eur(190) }]),
    ).toEqual({
      totalNet: eur(1000),
      totalGross: eur(1190),
      taxPortions: [{ name: 'vat', rate: 0.19, amount: eur(190) }],
      totalTax: eur(190),
    });
    expect(cartTaxedPriceFromTotal(eur(1000), eur(1190)).taxPortions).toEqual([]);
    expect(() => cartTaxedPriceFromTotal(eur(1000), eur(1190), [{ rate: 0.19, amount: eur(189) }])).toThrow(
      /189/,
    );
    expect(() => cartTaxedPriceFromTotal(eur(1000), centMoney('USD', 1190))).toThrow(/currency/);
  });
});
