import { IMPORTERS, KEY_GROUPS, keyGroupOf, isServed } from './importers.js';

describe('IMPORTERS.inventory', () => {
  const entry = { key: 'entry-1', sku: 'sku-1', quantityOnStock: 3 };

  it('is served, keyed by the entry key, and validates the whole request', () => {
    expect(isServed('inventory')).toBe(true);
    const validated = IMPORTERS.inventory.validate({ type: 'inventory', resources: [entry] });
    expect(validated.ok).toBe(true);
    expect(validated.ok && IMPORTERS.inventory.resourceKey(validated.value.resources[0])).toBe('entry-1');
    const refused = IMPORTERS.inventory.validate({ type: 'inventory', resources: [{ ...entry, sku: '' }] });
    expect(refused).toMatchObject({ ok: false, errors: [{ field: 'resources.0.sku', resourceIndex: 0 }] });
  });

  it('puts a key always in the same group, and spreads keys over all groups', () => {
    expect(keyGroupOf('entry-1')).toBe(keyGroupOf('entry-1'));
    const groups = new Set(Array.from({ length: 400 }, (_, i) => keyGroupOf(`entry-${i}`)));
    expect(groups.size).toBe(KEY_GROUPS);
    expect(IMPORTERS.inventory.groupKey(entry as never)).toBe(keyGroupOf('entry-1'));
  });
});

describe("IMPORTERS['standalone-price']", () => {
  it('is served, keyed and grouped by the price key, and validates the whole request', () => {
    const price = {
      key: 'price-1',
      sku: 'sku-1',
      value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 100 },
    };
    expect(isServed('standalone-price')).toBe(true);
    const importer = IMPORTERS['standalone-price'];
    const validated = importer.validate({ type: 'standalone-price', resources: [price] });
    expect(validated.ok && importer.resourceKey(validated.value.resources[0])).toBe('price-1');
    expect(validated.ok && importer.groupKey(validated.value.resources[0])).toBe(keyGroupOf('price-1'));
    expect(
      importer.validate({ type: 'standalone-price', resources: [{ ...price, value: {} }] }),
    ).toMatchObject({
      ok: false,
    });
  });
});
