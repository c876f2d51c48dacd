import { validateInventoryImportRequest } from './inventory-import.dto.js';

const fullEntry = {
  key: 'entry-1',
  sku: 'sku-1',
  quantityOnStock: 10,
  restockableInDays: 0,
  expectedDelivery: '2026-03-01T00:00:00.000Z',
  reservationExpirationInMinutes: 30,
  supplyChannel: { typeId: 'channel', key: 'warehouse' },
  custom: { type: { typeId: 'type', key: 't' }, fields: { note: { type: 'String', value: 'x' } } },
};

const fieldsOf = (resources: unknown[]) => {
  const validated = validateInventoryImportRequest({ type: 'inventory', resources });
  return validated.ok ? [] : validated.errors.map((error) => [error.field, error.resourceIndex]);
};

describe('validateInventoryImportRequest', () => {
  it('accepts every field of an InventoryImport, and the two required ones alone', () => {
    expect(fieldsOf([fullEntry, { key: 'e2', sku: 's', quantityOnStock: -3 }])).toEqual([]);
  });

  it.each([
    ['key', { key: 'x' }],
    ['key', { key: 'not a key' }],
    ['sku', { sku: '' }],
    ['quantityOnStock', { quantityOnStock: 1.5 }],
    ['quantityOnStock', { quantityOnStock: '3' }],
    ['quantityOnStock', { quantityOnStock: undefined }],
    ['restockableInDays', { restockableInDays: -1 }],
    ['expectedDelivery', { expectedDelivery: 'tomorrow' }],
    ['reservationExpirationInMinutes', { reservationExpirationInMinutes: 0 }],
    ['supplyChannel.typeId', { supplyChannel: { typeId: 'store', key: 'w' } }],
    ['supplyChannel.key', { supplyChannel: { typeId: 'channel' } }],
    ['custom.type.typeId', { custom: { type: { typeId: 'channel', key: 't' } } }],
    ['custom.fields', { custom: { type: { typeId: 'type', key: 't' }, fields: { note: 'x' } } }],
  ])('names resources.1.%s with the resource index', (field, change) => {
    const named = fieldsOf([fullEntry, { ...fullEntry, ...change }]);
    expect(named).toContainEqual([`resources.1.${field}`, 1]);
    expect(named.every(([, index]) => index === 1)).toBe(true);
  });

  it('refuses another type, 21 resources and a body that is not an object', () => {
    expect(validateInventoryImportRequest({ type: 'price', resources: [fullEntry] })).toMatchObject({
      ok: false,
      errors: [{ field: 'type' }],
    });
    const many = Array.from({ length: 21 }, (_, i) => ({ ...fullEntry, key: `e-${i}` }));
    expect(fieldsOf(many)).toEqual([['resources', undefined]]);
    expect(validateInventoryImportRequest([fullEntry]).ok).toBe(false);
  });
});
