import fc from 'fast-check';
import { centMoney } from './money.js';
import {
  evaluatePriceFunction,
  findZone,
  markMatching,
  rateForCurrency,
  shippingPriceOf,
  validatePriceFunction,
  type ShippingRate,
  type ShippingPriceInput,
} from './shipping-rates.js';

const eur = (cents: number) => centMoney('EUR', cents);
const usd = (cents: number) => centMoney('USD', cents);

describe(findZone.name, () => {
  const zones = [
    { id: 'dach', locations: [{ country: 'DE' }, { country: 'AT' }, { country: 'CH' }] },
    { id: 'bavaria', locations: [{ country: 'DE', state: 'Bayern' }] },
    {
      id: 'us-west',
      locations: [
        { country: 'US', state: 'CA' },
        { country: 'US', state: 'OR' },
      ],
    },
  ];

  it.each([
    [{ country: 'DE' }, 'dach'],
    [{ country: 'AT' }, 'dach'],
    [{ country: 'DE', state: 'Bayern' }, 'bavaria'],
    [{ country: 'DE', state: 'Hessen' }, 'dach'], // a country covers its states that no zone names
    [{ country: 'US', state: 'CA' }, 'us-west'],
    [{ country: 'US', state: 'NY' }, undefined],
    [{ country: 'US' }, undefined],
    [{ country: 'de' }, undefined],
    [{ country: 'FR' }, undefined],
  ])('ships %j in zone %s', (address, id) => {
    expect(findZone(zones, address)?.id).toBe(id);
  });
});

describe(rateForCurrency.name, () => {
  it('takes the rate in the cart currency', () => {
    const rates = [{ price: eur(500) }, { price: usd(700) }];
    expect(rateForCurrency(rates, 'USD')).toBe(rates[1]);
    expect(rateForCurrency(rates, 'GBP')).toBeUndefined();
  });
});

describe('price functions', () => {
  it.each([
    ['(50 * x) + 750', 15, 1500n], // api-specs/api/examples/ShippingMethod/CartScoreTierFunction.json
    ['(200 * x) - 1', 1, 199n], // RAML PriceFunction: $1.99 for 1, $3.99 for 2, $5.99 for 3
    ['(200 * x) - 1', 2, 399n],
    ['(200 * x) - 1', 3, 599n],
    ['(150 * x) + 300', 1, 450n], // RAML PriceFunction: $4.50, $6.00, $7.50
    ['(150 * x) + 300', 3, 750n],
    ['x', 0, 0n],
    ['-x + 100', 40, 60n],
    ['2.5 * x', 3, 8n], // 7.5 cents, HalfEven
    ['2.5 * x', 1, 2n], // 2.5 cents, HalfEven
    ['((x))*((x))', 12, 144n],
  ])('%s at x = %d gives %d cents', (source, score, expected) => {
    expect(evaluatePriceFunction(source, score)).toBe(expected);
  });

  it.each([
    'x / 2',
    'x ** 2',
    'Math.max(x, 1)',
    'constructor',
    'x.constructor',
    'y * 2',
    '"100"',
    'x ? 1 : 2',
    '(200 * x) - 1)',
    '',
    'process.exit(1)',
    '[1]',
    'x = 1',
    '1e3 * x',
    'x, 1',
  ])('refuses %j at write time', (source) => {
    expect(() => validatePriceFunction(source)).toThrow(
      expect.objectContaining({ errors: [expect.objectContaining({ code: 'InvalidInput' })] }),
    );
  });

  it('refuses a price function that prices below zero', () => {
    expect(() => evaluatePriceFunction('100 - x', 101)).toThrow(/negative/);
  });

  it('computes a linear function exactly for any score', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (a, b, x) => {
          expect(evaluatePriceFunction(`(${a} * x) + ${b}`, x)).toBe(BigInt(a) * BigInt(x) + BigInt(b));
        },
      ),
    );
  });
});

describe(shippingPriceOf.name, () => {
  const cartValue: ShippingRate = {
    price: eur(500),
    freeAbove: eur(10_000),
    tiers: [
      { type: 'CartValue', minimumCentAmount: 5000, price: eur(300) },
      { type: 'CartValue', minimumCentAmount: 7500, price: eur(200) },
      { type: 'CartValue', minimumCentAmount: 2500, price: eur(400) },
    ],
  };
  const input = (value: number, extra: Partial<ShippingPriceInput> = {}): ShippingPriceInput => ({
    currencyCode: 'EUR',
    cartValue: value,
    rateInputType: 'CartValue',
    ...extra,
  });

  it.each([
    [0, 500, undefined],
    [2499, 500, undefined],
    [2500, 400, 2],
    [5000, 300, 0],
    [7499, 300, 0],
    [7500, 200, 1],
    [9999, 200, 1],
    [10_000, 0, 1],
    [50_000, 0, 1],
  ])('CartValue %d costs %d (tier %s)', (value, price, tierIndex) => {
    const result = shippingPriceOf(cartValue, input(value));
    expect(result.price).toEqual(eur(price));
    expect(result.tierIndex).toBe(tierIndex);
    expect(result.free).toBe(value >= 10_000);
  });

  it('ignores the tiers when the Project has no shipping rate input type', () => {
    expect(shippingPriceOf(cartValue, { currencyCode: 'EUR', cartValue: 8000 }).price).toEqual(eur(500));
  });

  const classification: ShippingRate = {
    price: eur(500),
    tiers: [
      { type: 'CartClassification', value: 'Light', price: eur(300) },
      { type: 'CartClassification', value: 'Heavy', price: eur(900) },
    ],
  };

  it.each([
    ['Light', 300],
    ['Heavy', 900],
    ['Medium', 500],
  ])('CartClassification %s costs %d', (key, price) => {
    const result = shippingPriceOf(
      classification,
      input(0, { rateInputType: 'CartClassification', rateInput: { type: 'Classification', key } }),
    );
    expect(result.price).toEqual(eur(price));
  });

  it('CartClassification without an input costs the base price', () => {
    expect(shippingPriceOf(classification, input(0, { rateInputType: 'CartClassification' })).price).toEqual(
      eur(500),
    );
  });

  const score: ShippingRate = {
    price: eur(0),
    tiers: [
      { type: 'CartScore', score: 1, price: eur(300) },
      { type: 'CartScore', score: 2, price: eur(500) },
      { type: 'CartScore', score: 5, priceFunction: { currencyCode: 'EUR', function: '(100 * x) + 200' } },
    ],
  };

  it.each([
    [0, 0, undefined],
    [1, 300, 0],
    [2, 500, 1],
    [3, 0, undefined],
    [5, 700, 2],
    [8, 1000, 2], // the price function covers the scores from its own on
  ])('CartScore %d costs %d (tier %s)', (value, price, tierIndex) => {
    const result = shippingPriceOf(
      score,
      input(0, { rateInputType: 'CartScore', rateInput: { type: 'Score', score: value } }),
    );
    expect(result.price).toEqual(eur(price));
    expect(result.tierIndex).toBe(tierIndex);
  });

  it('never charges at or above freeAbove, and never more than the tiers offer below it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (value) => {
        const { price } = shippingPriceOf(cartValue, input(value));
        if (value >= 10_000) expect(price.centAmount).toBe(0);
        else expect([500, 400, 300, 200]).toContain(price.centAmount);
      }),
    );
  });

  it('charges less or the same as the cart value grows (tiers that fall with the value)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 20_000 }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(shippingPriceOf(cartValue, input(high)).price.centAmount).toBeLessThanOrEqual(
          shippingPriceOf(cartValue, input(low)).price.centAmount,
        );
      }),
    );
  });
});

describe(markMatching.name, () => {
  const rates: ShippingRate[] = [
    {
      price: eur(500),
      tiers: [
        { type: 'CartValue', minimumCentAmount: 1000, price: eur(300) },
        { type: 'CartValue', minimumCentAmount: 5000, price: eur(100) },
      ],
    },
    { price: usd(700), tiers: [] },
  ];

  it('marks the rate in the currency and its applying tier', () => {
    const marked = markMatching(rates, 'EUR', {
      currencyCode: 'EUR',
      cartValue: 1500,
      rateInputType: 'CartValue',
    });
    expect(marked.map((rate) => rate.isMatching)).toEqual([true, false]);
    expect(marked[0].tiers.map((tier) => tier.isMatching)).toEqual([true, false]);
    expect(rates[0].isMatching).toBeUndefined(); // the input is left alone
  });

  it('marks every rate of a location asked without a currency', () => {
    expect(markMatching(rates, undefined).map((rate) => rate.isMatching)).toEqual([true, true]);
  });
});
