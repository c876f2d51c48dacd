import { IMPORTERS, INVENTORY_GROUPS, inventoryGroupOf, isServed } from './importers.js';

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
    expect(inventoryGroupOf('entry-1')).toBe(inventoryGroupOf('entry-1'));
    const groups = new Set(Array.from({ length: 400 }, (_, i) => inventoryGroupOf(`entry-${i}`)));
    expect(groups.size).toBe(INVENTORY_GROUPS);
    expect(IMPORTERS.inventory.groupKey(entry as never)).toBe(inventoryGroupOf('entry-1'));
  });
});
