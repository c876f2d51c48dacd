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

describe('selectPrice by recurrence policy', () => {
  const weekly = { typeId: 'recurrence-policy' as const, id: 'weekly' };
  const monthly = { typeId: 'recurrence-policy' as const, id: 'monthly' };
  const list: Price[] = [
    { id: 'plain', value: money('EUR', 100) },
    { id: 'plain-de', value: money('EUR', 95), country: 'DE' },
    { id: 'weekly', value: money('EUR', 90), recurrencePolicy: weekly },
    {
      id: 'weekly-b2b',
      value: money('EUR', 80),
      recurrencePolicy: weekly,
      customerGroup: { typeId: 'customer-group', id: 'cg' },
    },
    {
      id: 'monthly',
      value: money('EUR', 85),
      recurrencePolicy: monthly,
      validUntil: '2020-01-01T00:00:00.000Z',
    },
  ];

  it.each([
    [{ currency: 'EUR', country: 'DE' }, 'plain-de'],
    [{ currency: 'EUR', country: 'DE', recurrencePolicy: 'weekly' }, 'weekly'],
    [{ currency: 'EUR', customerGroup: 'cg', recurrencePolicy: 'weekly' }, 'weekly-b2b'],
    [{ currency: 'EUR', customerGroup: 'cg' }, 'plain'],
    // No valid price of its policy: a recurring item takes a price without a policy.
    [{ currency: 'EUR', country: 'DE', recurrencePolicy: 'monthly' }, 'plain-de'],
    [{ currency: 'EUR', recurrencePolicy: 'other' }, 'plain'],
  ])('selects for %j the price %s', (selection, expected) => {
    expect(selectPrice(list, selection, now)?.id).toBe(expected);
  });

  it('never gives a one-off item or another policy a price of a recurrence policy', () => {
    const only: Price[] = [{ id: 'weekly', value: money('EUR', 90), recurrencePolicy: weekly }];
    expect(selectPrice(only, { currency: 'EUR' }, now)).toBeUndefined();
    expect(selectPrice(only, { currency: 'EUR', recurrencePolicy: 'monthly' }, now)).toBeUndefined();
  });
});

describe(priceSelectionOf.name, () => {
  it('reads the parameters', () => {
    expect(priceSelectionOf({ priceCurrency: 'EUR', priceCountry: 'DE', priceChannel: 'c' })).toEqual({
      currency: 'EUR',
      country: 'DE',
      channel: 'c',
    });
    expect(priceSelectionOf({ priceCurrency: 'EUR', priceRecurrencePolicy: 'p' })).toEqual({
      currency: 'EUR',
      recurrencePolicy: 'p',
    });
    expect(priceSelectionOf({})).toBeUndefined();
  });

  it('refuses a country without a currency and malformed values', () => {
    expect(() => priceSelectionOf({ priceCountry: 'DE' })).toThrow(/priceCurrency/);
    expect(() => priceSelectionOf({ priceRecurrencePolicy: 'p' })).toThrow(/priceCurrency/);
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

describe('selectPrice properties', () => {
  const scopePrice = fc.record({
    currency: fc.constantFrom('EUR', 'USD'),
    country: fc.option(fc.constantFrom('DE', 'FR'), { nil: undefined }),
    customerGroup: fc.option(fc.constantFrom('cg1', 'cg2'), { nil: undefined }),
    channel: fc.option(fc.constantFrom('ch1', 'ch2'), { nil: undefined }),
    window: fc.constantFrom('none', 'past', 'current', 'future'),
  });
  const windows = {
    none: {},
    past: { validUntil: '2025-01-01T00:00:00.000Z' },
    current: { validFrom: '2025-06-01T00:00:00.000Z', validUntil: '2027-01-01T00:00:00.000Z' },
    future: { validFrom: '2027-01-01T00:00:00.000Z' },
  } as const;
  const selectionArbitrary = fc.record({
    currency: fc.constantFrom('EUR', 'USD'),
    country: fc.option(fc.constantFrom('DE', 'FR'), { nil: undefined }),
    customerGroup: fc.option(fc.constantFrom('cg1', 'cg2'), { nil: undefined }),
    channel: fc.option(fc.constantFrom('ch1', 'ch2'), { nil: undefined }),
  });

  it('selects only an applicable price, and none is more specific than it', () => {
    fc.assert(
      fc.property(fc.array(scopePrice, { maxLength: 12 }), selectionArbitrary, (scopes, rawSelection) => {
        const selection = Object.fromEntries(
          Object.entries(rawSelection).filter(([, value]) => value !== undefined),
        ) as {
          currency: string;
          country?: string;
          customerGroup?: string;
          channel?: string;
        };
        const list: Price[] = scopes.map((scope, i) => ({
          id: `p${i}`,
          value: money(scope.currency, i),
          ...(scope.country ? { country: scope.country } : {}),
          ...(scope.customerGroup
            ? { customerGroup: { typeId: 'customer-group' as const, id: scope.customerGroup } }
            : {}),
          ...(scope.channel ? { channel: { typeId: 'channel' as const, id: scope.channel } } : {}),
          ...windows[scope.window],
        }));
        const applies = (price: Price) =>
          price.value.currencyCode === selection.currency &&
          (!price.country || price.country === selection.country) &&
          (!price.customerGroup || price.customerGroup.id === selection.customerGroup) &&
          (!price.channel || price.channel.id === selection.channel) &&
          (price.validFrom === undefined || new Date(price.validFrom) <= now) &&
          (price.validUntil === undefined || new Date(price.validUntil) > now);
        const rank = (price: Price) =>
          [price.customerGroup, price.channel, price.country, price.validFrom ?? price.validUntil].map(
            (part) => (part === undefined ? 0 : 1),
          );
        const selected = selectPrice(list, selection, now);
        const applicable = list.filter(applies);
        if (applicable.length === 0) {
          expect(selected).toBeUndefined();
          return;
        }
        expect(selected && applies(selected)).toBe(true);
        const best = rank(selected!).join('');
        for (const price of applicable) expect(rank(price).join('') <= best).toBe(true);
      }),
    );
  });
});
