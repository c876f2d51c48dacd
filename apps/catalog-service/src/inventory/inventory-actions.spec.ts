import type { InventoryEntry } from '@commerce/contracts';
import type { ReferenceResolver } from '@commerce/resources';
import { applyActions, base, errorOf } from '../../test/apply-actions.js';
import { defineInventoryEntry } from './inventory-entry.definition.js';

const channels: Record<string, { id: string; key: string; roles: string[] }> = {
  supply: { id: 'ch-supply', key: 'supply', roles: ['InventorySupply'] },
  shop: { id: 'ch-shop', key: 'shop', roles: ['ProductDistribution'] },
};
/** Channels by key; anything else is not found. */
const resolver = {
  require: async (_ctx: unknown, _typeId: string, identifiers: Array<{ key?: string }>) =>
    identifiers.map((identifier) => channels[identifier.key!]),
} as unknown as ReferenceResolver;
const { actions } = defineInventoryEntry({ resolver });

// 3 units are held by pending orders.
const entry: InventoryEntry = {
  id: 'e1',
  ...base,
  sku: 'sku-1',
  quantityOnStock: 10,
  availableQuantity: 7,
  stockLevels: { reorderPoint: 5, safetyStock: 2 },
};
const apply = (raw: object[], from: InventoryEntry = entry) => applyActions(actions, from, raw);

describe('InventoryEntry update actions', () => {
  it('moves quantityOnStock and availableQuantity together, reserved units staying reserved', async () => {
    const cases: Array<[object, number, number]> = [
      [{ action: 'addQuantity', quantity: 5 }, 15, 12],
      [{ action: 'removeQuantity', quantity: 12 }, -2, -5],
      [{ action: 'changeQuantity', quantity: 4 }, 4, 1],
    ];
    for (const [action, onStock, available] of cases) {
      const { resource, messages } = await apply([action]);
      expect(resource).toMatchObject({ quantityOnStock: onStock, availableQuantity: available });
      expect(messages[0]).toEqual({
        type: 'InventoryEntryQuantitySet',
        oldQuantityOnStock: 10,
        newQuantityOnStock: onStock,
        oldAvailableQuantity: 7,
        newAvailableQuantity: available,
        sku: 'sku-1',
      });
    }
  });

  it('reports reaching 0, the reorder point and the safety stock once, when the stock falls to them', async () => {
    const types = async (raw: object[], from?: InventoryEntry) =>
      (await apply(raw, from)).messages.map((message) => message.type);
    expect(await types([{ action: 'changeQuantity', quantity: 5 }])).toEqual([
      'InventoryEntryQuantitySet',
      'InventoryEntryReorderPoint',
    ]);
    expect(await types([{ action: 'removeQuantity', quantity: 10 }])).toEqual([
      'InventoryEntryQuantitySet',
      'InventoryEntryOutOfStock',
      'InventoryEntryReorderPoint',
      'InventoryEntrySafetyStock',
    ]);
    const low = { ...entry, quantityOnStock: 1, availableQuantity: 1 };
    expect(await types([{ action: 'addQuantity', quantity: 1 }], low)).toEqual(['InventoryEntryQuantitySet']);
    expect(await types([{ action: 'changeQuantity', quantity: 10 }])).toEqual([]);
  });

  it('sets and clears limits, days, delivery, levels and key; absent or null clears', async () => {
    const { resource } = await apply([
      { action: 'setInventoryLimits', minCartQuantity: 2, maxCartQuantity: 5 },
      { action: 'setRestockableInDays', restockableInDays: 0 },
      { action: 'setExpectedDelivery', expectedDelivery: '2026-12-01T10:00:00Z' },
      { action: 'setKey', key: 'stock-1' },
      { action: 'setReorderPoint' },
    ]);
    expect(resource).toMatchObject({
      minCartQuantity: 2,
      maxCartQuantity: 5,
      restockableInDays: 0,
      expectedDelivery: '2026-12-01T10:00:00.000Z',
      key: 'stock-1',
      stockLevels: { safetyStock: 2 },
    });
    const cleared = (
      await apply(
        [
          { action: 'setInventoryLimits', maxCartQuantity: 4 },
          { action: 'setRestockableInDays', restockableInDays: null },
          { action: 'setExpectedDelivery' },
          { action: 'setKey' },
          { action: 'setSafetyStock', quantity: null },
        ],
        resource,
      )
    ).resource;
    expect(cleared).toMatchObject({ maxCartQuantity: 4 });
    for (const field of ['minCartQuantity', 'restockableInDays', 'expectedDelivery', 'key', 'stockLevels']) {
      expect(cleared).not.toHaveProperty(field);
    }
  });

  it('sets a supply channel only with the InventorySupply role', async () => {
    const { resource } = await apply([{ action: 'setSupplyChannel', supplyChannel: { key: 'supply' } }]);
    expect(resource.supplyChannel).toEqual({ typeId: 'channel', id: 'ch-supply' });
    expect(
      await errorOf(apply([{ action: 'setSupplyChannel', supplyChannel: { key: 'shop' } }])),
    ).toMatchObject({
      code: 'MissingRoleOnChannel',
      missingRole: 'InventorySupply',
      channel: { typeId: 'channel', key: 'shop' },
    });
    expect((await apply([{ action: 'setSupplyChannel' }], resource)).resource).not.toHaveProperty(
      'supplyChannel',
    );
  });

  it('sets the reservation expiration with its Message', async () => {
    const { resource, messages } = await apply([
      { action: 'setReservationExpirationInMinutes', reservationExpirationInMinutes: 30 },
    ]);
    expect(resource.reservationExpirationInMinutes).toBe(30);
    expect(messages).toEqual([
      { type: 'InventoryEntryReservationExpirationInMinutesSet', newReservationExpirationInMinutes: 30 },
    ]);
  });

  it.each([
    [{ action: 'setInventoryLimits', minCartQuantity: 5, maxCartQuantity: 2 }, 'InvalidInput'],
    [{ action: 'setInventoryLimits', minCartQuantity: 0 }, 'InvalidJsonInput'],
    [{ action: 'addQuantity', quantity: 1.5 }, 'InvalidJsonInput'],
    [{ action: 'addQuantity', quantity: 1e300 }, 'InvalidJsonInput'],
    [{ action: 'addQuantity', quantity: Number.MAX_SAFE_INTEGER }, 'InvalidOperation'],
    [{ action: 'changeQuantity' }, 'InvalidJsonInput'],
    [{ action: 'setRestockableInDays', restockableInDays: -1 }, 'InvalidJsonInput'],
    [{ action: 'setExpectedDelivery', expectedDelivery: 'tomorrow' }, 'InvalidJsonInput'],
    [{ action: 'setReservationExpirationInMinutes', reservationExpirationInMinutes: 0 }, 'InvalidJsonInput'],
  ])('refuses %j with %s', async (action, code) => {
    expect(await errorOf(apply([action]))).toMatchObject({ code });
  });
});
