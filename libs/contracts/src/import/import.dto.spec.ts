import { timeToLiveMs, validatePriceImportRequest } from './import.dto.js';

const price = (overrides: Record<string, unknown> = {}) => ({
  key: 'price-1',
  value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 100 },
  productVariant: { typeId: 'product-variant', key: 'v1' },
  product: { typeId: 'product', key: 'p1' },
  ...overrides,
});

const fieldsOf = (plain: unknown) => {
  const result = validatePriceImportRequest(plain);
  return result.ok ? [] : result.errors.map((error) => [error.field, error.resourceIndex]);
};

describe(validatePriceImportRequest.name, () => {
  it('accepts a full price, high precision money and up to 20 resources', () => {
    const full = price({
      country: 'DE',
      validFrom: '2026-01-01T00:00:00.000Z',
      customerGroup: { typeId: 'customer-group', key: 'b2b' },
      channel: { typeId: 'channel', key: 'web' },
      discounted: {
        value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 90 },
        discount: { typeId: 'product-discount', key: 'sale' },
      },
      staged: false,
      tiers: [{ minimumQuantity: 5, value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 80 } }],
      custom: { type: { typeId: 'type', key: 't' }, fields: { note: { type: 'String', value: 'x' } } },
    });
    const high = price({
      value: { type: 'highPrecision', currencyCode: 'EUR', fractionDigits: 4, preciseAmount: 12345 },
    });
    const result = validatePriceImportRequest({
      type: 'price',
      resources: [full, high, ...Array(18).fill(price())],
    });
    expect(result.ok).toBe(true);
  });

  it.each([
    [{ key: 'x' }, 'resources.0.key'],
    [{ key: 'has space' }, 'resources.0.key'],
    [{ key: 'k'.repeat(257) }, 'resources.0.key'],
    [{ country: 'de' }, 'resources.0.country'],
    [{ country: 'DEU' }, 'resources.0.country'],
    [{ value: { type: 'centPrecision', currencyCode: 'EUR' } }, 'resources.0.value.centAmount'],
    [
      { value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 1.5 } },
      'resources.0.value.centAmount',
    ],
    [
      { value: { type: 'centPrecision', currencyCode: 'eur', centAmount: 1 } },
      'resources.0.value.currencyCode',
    ],
    [
      { value: { type: 'highPrecision', currencyCode: 'EUR', preciseAmount: 1 } },
      'resources.0.value.fractionDigits',
    ],
    [{ value: { type: 'other', currencyCode: 'EUR', centAmount: 1 } }, 'resources.0.value.type'],
    [{ validFrom: 'yesterday' }, 'resources.0.validFrom'],
    [{ customerGroup: { typeId: 'channel', key: 'b2b' } }, 'resources.0.customerGroup.typeId'],
    [{ channel: { typeId: 'channel' } }, 'resources.0.channel.key'],
    [{ product: undefined }, 'resources.0.product'],
    [{ productVariant: { typeId: 'product-variant', key: 5 } }, 'resources.0.productVariant.key'],
    [{ staged: 'yes' }, 'resources.0.staged'],
    [
      {
        tiers: [{ minimumQuantity: 1, value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 1 } }],
      },
      'resources.0.tiers.0.minimumQuantity',
    ],
    [
      { custom: { type: { typeId: 'type', key: 't' }, fields: { note: 'plain' } } },
      'resources.0.custom.fields',
    ],
  ])('refuses %j naming %s', (overrides, field) => {
    expect(fieldsOf({ type: 'price', resources: [price(overrides)] })).toContainEqual([field, 0]);
  });

  it('names the index of each invalid resource, and refuses 21 resources and another type', () => {
    expect(
      fieldsOf({ type: 'price', resources: [price(), price({ key: 'x' }), price({ country: 'x' })] }),
    ).toEqual([
      ['resources.1.key', 1],
      ['resources.2.country', 2],
    ]);
    expect(fieldsOf({ type: 'price', resources: Array(21).fill(price()) })).toEqual([
      ['resources', undefined],
    ]);
    expect(fieldsOf({ type: 'product', resources: [] })).toEqual([['type', undefined]]);
    expect(fieldsOf([])).toEqual([['', undefined]]);
  });

  it('writes messages a user can read, with the failing value', () => {
    const result = validatePriceImportRequest({
      type: 'price',
      resources: [price(), price({ country: 'de' })],
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors[0]).toEqual({
        code: 'InvalidField',
        message: '"resources[1].country": country must match ^[A-Z]{2}$.',
        field: 'resources.1.country',
        invalidValue: 'de',
        resourceIndex: 1,
      });
    }
  });
});

describe(timeToLiveMs.name, () => {
  it('reads days, hours and minutes, and nothing else', () => {
    expect(timeToLiveMs('3d')).toBe(3 * 86_400_000);
    expect(timeToLiveMs('12h')).toBe(12 * 3_600_000);
    expect(timeToLiveMs('90m')).toBe(90 * 60_000);
    for (const bad of ['', '1w', '1h30m', 'h', '-1h']) expect(timeToLiveMs(bad)).toBeUndefined();
  });
});
