import type { ShippingRateDraftDto } from '@commerce/contracts';
import { checkOneRatePerCurrency, shippingRateOf } from './shipping-rate-drafts.js';

const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });
const cents = (currencyCode: string, centAmount: number, fractionDigits = 2) => ({
  type: 'centPrecision',
  currencyCode,
  centAmount,
  fractionDigits,
});
const draft = (value: object) => value as ShippingRateDraftDto;

describe(shippingRateOf.name, () => {
  it('stores cent money with the currency’s digits, freeAbove and tiers', () => {
    expect(
      shippingRateOf(
        draft({
          price: { currencyCode: 'JPY', centAmount: 500 },
          freeAbove: { currencyCode: 'JPY', centAmount: 10000 },
          tiers: [
            { type: 'CartValue', minimumCentAmount: 3000, price: { currencyCode: 'JPY', centAmount: 200 } },
          ],
        }),
      ),
    ).toEqual({
      price: cents('JPY', 500, 0),
      freeAbove: cents('JPY', 10000, 0),
      tiers: [{ type: 'CartValue', minimumCentAmount: 3000, price: cents('JPY', 200, 0) }],
    });
    expect(
      shippingRateOf(
        draft({
          price: eur(100),
          tiers: [
            { type: 'CartScore', score: 0, price: eur(100) },
            { type: 'CartScore', score: 5, priceFunction: { currencyCode: 'EUR', function: '100 + 2 * x' } },
          ],
        }),
      ).tiers,
    ).toEqual([
      { type: 'CartScore', score: 0, price: cents('EUR', 100) },
      { type: 'CartScore', score: 5, priceFunction: { currencyCode: 'EUR', function: '100 + 2 * x' } },
    ]);
  });

  it.each([
    [
      'freeAbove in another currency',
      { price: eur(1), freeAbove: { currencyCode: 'USD', centAmount: 9 } },
      'InvalidOperation',
    ],
    [
      'a tier price in another currency',
      {
        price: eur(1),
        tiers: [{ type: 'CartClassification', value: 'S', price: { currencyCode: 'USD', centAmount: 1 } }],
      },
      'InvalidOperation',
    ],
    [
      'a price function in another currency',
      {
        price: eur(1),
        tiers: [{ type: 'CartScore', score: 1, priceFunction: { currencyCode: 'USD', function: 'x' } }],
      },
      'InvalidOperation',
    ],
    [
      'a CartScore tier with a price and a function',
      {
        price: eur(1),
        tiers: [
          {
            type: 'CartScore',
            score: 1,
            price: eur(1),
            priceFunction: { currencyCode: 'EUR', function: 'x' },
          },
        ],
      },
      'InvalidOperation',
    ],
    [
      'a CartScore tier with neither',
      { price: eur(1), tiers: [{ type: 'CartScore', score: 1 }] },
      'InvalidOperation',
    ],
    [
      'a price function with a call',
      {
        price: eur(1),
        tiers: [
          { type: 'CartScore', score: 1, priceFunction: { currencyCode: 'EUR', function: 'Math.max(x, 1)' } },
        ],
      },
      'InvalidInput',
    ],
    [
      'tiers of two types',
      {
        price: eur(1),
        tiers: [
          { type: 'CartScore', score: 1, price: eur(1) },
          { type: 'CartClassification', value: 'S', price: eur(1) },
        ],
      },
      'InvalidOperation',
    ],
    [
      'two tiers at one minimum',
      {
        price: eur(1),
        tiers: [
          { type: 'CartValue', minimumCentAmount: 5, price: eur(1) },
          { type: 'CartValue', minimumCentAmount: 5, price: eur(2) },
        ],
      },
      'InvalidOperation',
    ],
    [
      'two tiers of one classification',
      {
        price: eur(1),
        tiers: [
          { type: 'CartClassification', value: 'S', price: eur(1) },
          { type: 'CartClassification', value: 'S', price: eur(2) },
        ],
      },
      'InvalidOperation',
    ],
  ])('refuses %s', (_case, value, code) => {
    expect(() => shippingRateOf(draft(value))).toThrow(
      expect.objectContaining({ errors: [expect.objectContaining({ code })] }),
    );
  });
});

describe(checkOneRatePerCurrency.name, () => {
  it('keeps one rate per currency', () => {
    const rates = [
      shippingRateOf(draft({ price: eur(1) })),
      shippingRateOf(draft({ price: { currencyCode: 'USD', centAmount: 1 } })),
    ];
    expect(checkOneRatePerCurrency(rates, 'z')).toBe(rates);
    expect(() => checkOneRatePerCurrency([...rates, rates[0]], 'z')).toThrow(
      /one shipping rate per currency/,
    );
  });
});
