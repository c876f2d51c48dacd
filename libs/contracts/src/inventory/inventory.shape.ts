import {
  custom,
  datetime,
  integer,
  key,
  object,
  optional,
  reference,
  resource,
  string,
} from '../shapes/shape.js';

/** Stock levels whose crossing emits `InventoryEntryReorderPoint` / `InventoryEntrySafetyStock`. */
export const InventoryEntryStockLevelsShape = object('InventoryEntryStockLevels', {
  reorderPoint: optional(integer({ graphql: 'Long' })),
  safetyStock: optional(integer({ graphql: 'Long' })),
});

/**
 * Stock of one SKU in one supply channel (or none): `availableQuantity` is `quantityOnStock` minus the
 * units pending orders hold (`catalog.inventory.reserve`), so the reserved count is never stored on its own.
 */
export const InventoryEntryShape = resource('InventoryEntry', {
  key: optional(key()),
  sku: string(),
  supplyChannel: optional(reference('channel')),
  quantityOnStock: integer({ graphql: 'Long' }),
  availableQuantity: integer({ graphql: 'Long' }),
  minCartQuantity: optional(integer({ graphql: 'Long' })),
  maxCartQuantity: optional(integer({ graphql: 'Long' })),
  restockableInDays: optional(integer()),
  expectedDelivery: optional(datetime()),
  reservationExpirationInMinutes: optional(integer()),
  stockLevels: optional(InventoryEntryStockLevelsShape),
  custom: optional(custom()),
});
