import { validateStandalonePriceImportRequest } from './standalone-price-import.dto.js';

const eur = (centAmount: number) => ({ type: 'centPrecision', currencyCode: 'EUR', centAmount });

const fullPrice = {
  key: 'price-1',
  sku: 'sku-1',
  value: eur(1000),
  country: 'DE',
  customerGroup: { typeId: 'customer-group', key: 'vip' },
  channel: { typeId: 'channel', key: 'shop' },
  validFrom: '2026-01-01T00:00:00.000Z',
  validUntil: '2027-01-01T00:00:00.000Z',
  tiers: [{ minimumQuantity: 5, value: eur(900) }],
  discounted: { value: eur(800), discount: { typeId: 'product-discount', key: 'sale' } },
  custom: { type: { typeId: 'type', key: 't' }, fields: { note: { type: 'String', value: 'x' } } },
  active: false,
};

const fieldsOf = (resources: unknown[]) => {
  const validated = validateStandalonePriceImportRequest({ type: 'standalone-price', resources });
  return validated.ok ? [] : validated.errors.map((error) => [error.field, error.resourceIndex]);
};

describe('validateStandalonePriceImportRequest', () => {
  it('accepts every field of a StandalonePriceImport, and the required ones alone', () => {
    expect(fieldsOf([fullPrice, { key: 'p2', sku: 's', value: eur(1) }])).toEqual([]);
  });

  it.each([
    ['key', { key: 'x' }],
    ['sku', { sku: '' }],
    ['value', { value: undefined }],
    ['value.centAmount', { value: eur(1.5) }],
    ['value.currencyCode', { value: { ...eur(1), currencyCode: 'eur' } }],
    ['country', { country: 'de' }],
    ['customerGroup.typeId', { customerGroup: { typeId: 'channel', key: 'vip' } }],
    ['channel.key', { channel: { typeId: 'channel' } }],
    ['validFrom', { validFrom: 'soon' }],
    ['tiers.0.minimumQuantity', { tiers: [{ minimumQuantity: 1, value: eur(1) }] }],
    ['discounted.discount.typeId', { discounted: { value: eur(1), discount: { typeId: 'x', key: 'k' } } }],
    ['custom.fields', { custom: { type: { typeId: 'type', key: 't' }, fields: { note: 1 } } }],
    ['active', { active: 'yes' }],
  ])('names resources.1.%s with the resource index', (field, change) => {
    const named = fieldsOf([fullPrice, { ...fullPrice, ...change }]);
    expect(named).toContainEqual([`resources.1.${field}`, 1]);
    expect(named.every(([, index]) => index === 1)).toBe(true);
  });

  it('refuses another type and 21 resources', () => {
    expect(validateStandalonePriceImportRequest({ type: 'price', resources: [] })).toMatchObject({
      ok: false,
      errors: [{ field: 'type' }],
    });
    const many = Array.from({ length: 21 }, (_, i) => ({ ...fullPrice, key: `p-${i}` }));
    expect(fieldsOf(many)).toEqual([['resources', undefined]]);
  });
});
