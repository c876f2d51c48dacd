import type { Price } from '@commerce/contracts';
import { checkPrices, typedMoneyOf, upsertPrice } from './product-prices.js';

const eur = (centAmount: number) => typedMoneyOf({ currencyCode: 'EUR', centAmount });
const price = (id: string, overrides: Partial<Price> = {}): Price => ({ id, value: eur(100), ...overrides });

describe(typedMoneyOf.name, () => {
  it('keeps cents in the currency default precision', () => {
    expect(eur(1299)).toEqual({
      type: 'centPrecision',
      currencyCode: 'EUR',
      centAmount: 1299,
      fractionDigits: 2,
    });
    expect(typedMoneyOf({ currencyCode: 'JPY', centAmount: 5 }).fractionDigits).toBe(0);
  });

  it('rounds high precision half even into centAmount and needs more digits than the currency', () => {
    expect(
      typedMoneyOf({ type: 'highPrecision', currencyCode: 'EUR', fractionDigits: 4, preciseAmount: 123450 }),
    ).toEqual({
      type: 'highPrecision',
      currencyCode: 'EUR',
      centAmount: 1234,
      fractionDigits: 4,
      preciseAmount: 123450,
    });
    expect(
      typedMoneyOf({ type: 'highPrecision', currencyCode: 'EUR', fractionDigits: 4, preciseAmount: 123550 })
        .centAmount,
    ).toBe(1236);
    expect(() =>
      typedMoneyOf({ type: 'highPrecision', currencyCode: 'EUR', fractionDigits: 2, preciseAmount: 1 }),
    ).toThrow(expect.objectContaining({ code: 'InvalidField' }));
    expect(() => typedMoneyOf({ currencyCode: 'EUR' })).toThrow(
      expect.objectContaining({ code: 'RequiredField' }),
    );
  });
});

describe(checkPrices.name, () => {
  it('refuses two prices of one scope, and the same key twice', () => {
    expect(() => checkPrices([price('a'), price('b')])).toThrow(
      expect.objectContaining({ code: 'DuplicatePriceScope' }),
    );
    expect(() => checkPrices([price('a', { key: 'k' }), price('b', { key: 'k', country: 'DE' })])).toThrow(
      expect.objectContaining({ code: 'DuplicateField' }),
    );
    const scoped = [
      price('a'),
      price('b', { country: 'DE' }),
      price('c', { customerGroup: { typeId: 'customer-group', id: 'g' } }),
      price('d', { validFrom: '2026-01-01T00:00:00.000Z' }),
      price('e', { value: typedMoneyOf({ currencyCode: 'USD', centAmount: 1 }) }),
    ];
    expect(checkPrices(scoped)).toBe(scoped);
  });
});

describe(upsertPrice.name, () => {
  it('replaces the price of the same key keeping its id, else appends', () => {
    const existing = [price('a', { key: 'k1' }), price('b', { key: 'k2', country: 'DE' })];
    expect(upsertPrice(existing, price('new', { key: 'k2', value: eur(5) }))).toEqual([
      existing[0],
      { id: 'b', key: 'k2', value: eur(5) },
    ]);
    expect(upsertPrice(existing, price('c', { key: 'k3' }))).toHaveLength(3);
  });
});
