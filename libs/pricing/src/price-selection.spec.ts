import type { Price } from '@commerce/contracts';
import fc from 'fast-check';
import {
  priceSelectionOf,
  requireLineItemPrice,
  selectLineItemPrice,
  selectPrice,
  tierValueOf,
} from './price-selection.js';

const money = (currencyCode: string, centAmount: number) => ({
  type: 'centPrecision' as const,
  currencyCode,
  centAmount,
  fractionDigits: 2,
});

const prices: Price[] = [
  { id: 'base', value: money('EUR', 100) },
  { id: 'usd', value: money('USD', 110) },
  { id: 'de', value: money('EUR', 90), country: 'DE' },
  { id: 'b2b', value: money('EUR', 80), customerGroup: { typeId: 'customer-group', id: 'cg' } },
  { id: 'shop', value: money('EUR', 85), channel: { typeId: 'channel', id: 'ch' } },
  { id: 'shop-de', value: money('EUR', 84), channel: { typeId: 'channel', id: 'ch' }, country: 'DE' },
  {
    id: 'b2b-shop',
    value: money('EUR', 70),
    customerGroup: { typeId: 'customer-group', id: 'cg' },
    channel: { typeId: 'channel', id: 'ch' },
  },
  { id: 'old', value: money('GBP', 1), validUntil: '2020-01-01T00:00:00.000Z' },
  { id: 'sale', value: money('GBP', 2), validFrom: '2020-01-01T00:00:00.000Z' },
  { id: 'gbp', value: money('GBP', 3) },
];

const now = new Date('2026-01-01T00:00:00.000Z');

describe(selectPrice.name, () => {
  it.each([
    [{ currency: 'EUR' }, 'base'],
    [{ currency: 'USD' }, 'usd'],
    [{ currency: 'EUR', country: 'DE' }, 'de'],
    [{ currency: 'EUR', country: 'FR' }, 'base'],
    [{ currency: 'EUR', customerGroup: 'cg' }, 'b2b'],
    [{ currency: 'EUR', customerGroup: 'cg', country: 'DE' }, 'b2b'],
    [{ currency: 'EUR', channel: 'ch' }, 'shop'],
    [{ currency: 'EUR', channel: 'ch', country: 'DE' }, 'shop-de'],
    [{ currency: 'EUR', channel: 'ch', customerGroup: 'cg', country: 'DE' }, 'b2b-shop'],
    [{ currency: 'EUR', customerGroup: 'other' }, 'base'],
    [{ currency: 'GBP' }, 'sale'],
  ])('selects for %j the price %s', (selection, id) => {
    expect(selectPrice(prices, selection, now)?.id).toBe(id);
  });

  it('selects nothing for a currency without prices', () => {
    expect(selectPrice(prices, { currency: 'CHF' }, now)).toBeUndefined();
  });
});

describe(priceSelectionOf.name, () => {
  it('reads the parameters', () => {
    expect(priceSelectionOf({ priceCurrency: 'EUR', priceCountry: 'DE', priceChannel: 'c' })).toEqual({
      currency: 'EUR',
      country: 'DE',
      channel: 'c',
    });
    expect(priceSelectionOf({})).toBeUndefined();
  });

  it('refuses a country without a currency and malformed values', () => {
    expect(() => priceSelectionOf({ priceCountry: 'DE' })).toThrow(/priceCurrency/);
    expect(() => priceSelectionOf({ priceCurrency: 'euro' })).toThrow(/priceCurrency/);
  });
});

const tiered: Price = {
  id: 'tiered',
  value: money('EUR', 1000),
  tiers: [
    { minimumQuantity: 10, value: money('EUR', 800) },
    { minimumQuantity: 3, value: money('EUR', 900) },
    { minimumQuantity: 50, value: money('EUR', 600) },
  ],
};

describe(tierValueOf.name, () => {
  it.each([
    [1, 1000],
    [2, 1000],
    [3, 900],
    [9, 900],
    [10, 800],
    [49, 800],
    [50, 600],
    [1000, 600],
  ])('prices %d units at %d cents (the highest minimumQuantity not above it)', (quantity, cents) => {
    expect(tierValueOf(tiered, quantity).centAmount).toBe(cents);
  });

  it('ignores the tiers of a price with a product discount (RAML Price.tiers)', () => {
    const discounted = {
      ...tiered,
      discounted: { value: money('EUR', 700), discount: { typeId: 'product-discount' as const, id: 'pd' } },
    };
    expect(tierValueOf(discounted, 60).centAmount).toBe(1000);
  });

  it('never picks a tier above the quantity, and always the best one at or below it', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 2, max: 100 }), { maxLength: 6 }),
        fc.integer({ min: 1, max: 120 }),
        (minimums, quantity) => {
          const price: Price = {
            id: 'p',
            value: money('EUR', 10_000),
            tiers: minimums.map((minimumQuantity) => ({
              minimumQuantity,
              value: money('EUR', minimumQuantity),
            })),
          };
          const reached = minimums.filter((minimum) => minimum <= quantity);
          const expected = reached.length ? Math.max(...reached) : 10_000;
          expect(tierValueOf(price, quantity).centAmount).toBe(expected);
        },
      ),
    );
  });
});

describe(selectLineItemPrice.name, () => {
  const productDiscount = { typeId: 'product-discount' as const, id: 'pd' };
  const variantPrices: Price[] = [
    tiered,
    {
      id: 'usd',
      value: money('USD', 1100),
      discounted: { value: money('USD', 990), discount: productDiscount },
    },
    { id: 'future', value: money('GBP', 1), validFrom: '2030-01-01T00:00:00.000Z' },
  ];

  it('gives the line item the tier value as price.value and as unit price', () => {
    const selected = selectLineItemPrice(variantPrices, { currency: 'EUR' }, 12, now);
    expect(selected?.price).toEqual({ ...tiered, value: money('EUR', 800) });
    expect(selected?.unitPrice).toEqual(money('EUR', 800));
  });

  it('keeps the price as it is below the first tier', () => {
    expect(selectLineItemPrice(variantPrices, { currency: 'EUR' }, 1, now)?.price).toBe(tiered);
  });

  it('takes the discounted value as the unit price', () => {
    const selected = selectLineItemPrice(variantPrices, { currency: 'USD' }, 1, now);
    expect(selected?.price.value).toEqual(money('USD', 1100));
    expect(selected?.unitPrice).toEqual(money('USD', 990));
  });

  it('finds nothing outside the validity dates or currency', () => {
    expect(selectLineItemPrice(variantPrices, { currency: 'GBP' }, 1, now)).toBeUndefined();
    expect(
      selectLineItemPrice(variantPrices, { currency: 'GBP' }, 1, new Date('2031-01-01T00:00:00.000Z'))?.price
        .id,
    ).toBe('future');
  });

  it('raises MatchingPriceNotFound with the variant and the scope', () => {
    let error: unknown;
    try {
      requireLineItemPrice(
        { productId: 'p1', variantId: 2, prices: variantPrices },
        { currency: 'CHF', country: 'CH', customerGroup: 'cg', channel: 'ch' },
        1,
        now,
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({
      status: 400,
      errors: [
        {
          code: 'MatchingPriceNotFound',
          productId: 'p1',
          variantId: 2,
          currency: 'CHF',
          country: 'CH',
          customerGroup: { typeId: 'customer-group', id: 'cg' },
          channel: { typeId: 'channel', id: 'ch' },
        },
      ],
    });
    expect(
      requireLineItemPrice(
        { productId: 'p1', variantId: 2, prices: variantPrices },
        { currency: 'EUR' },
        3,
        now,
      ).unitPrice.centAmount,
    ).toBe(900);
  });
});
