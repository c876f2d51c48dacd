import type { Price } from '@commerce/contracts';
import { priceSelectionOf, selectPrice } from './price-selection.js';

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
