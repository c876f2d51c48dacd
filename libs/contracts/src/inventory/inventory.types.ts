import type { Infer } from '../shapes/shape.js';
import type { InventoryEntryShape, InventoryEntryStockLevelsShape } from './inventory.shape.js';

/** Stock levels whose crossing emits `InventoryEntryReorderPoint` / `InventoryEntrySafetyStock`. */
export type InventoryEntryStockLevels = Infer<typeof InventoryEntryStockLevelsShape>;

/** Stock of one SKU in one supply channel (or none; `InventoryEntryShape`). */
export type InventoryEntry = Infer<typeof InventoryEntryShape>;

/** One SKU in one supply channel (none: the entry without a channel). */
export interface InventoryItemRef {
  sku: string;
  supplyChannelId?: string;
}

/** What a cart change needs to know of one entry (`catalog.checkout.line-items` with `inventoryChannels`). */
export interface InventoryAvailability extends InventoryItemRef {
  id: string;
  quantityOnStock: number;
  availableQuantity: number;
  minCartQuantity?: number;
  maxCartQuantity?: number;
  restockableInDays?: number;
}

/** The inventory modes that hold stock when an order is created (checkout facts 4.15). */
export const RESERVATION_MODES = ['TrackOnly', 'ReserveOnOrder'] as const;
export type ReservationMode = (typeof RESERVATION_MODES)[number];

/** One line of an order's reservation; `lineItemId` names the line in an `OutOfStock` error. */
export interface InventoryReservationItem extends InventoryItemRef {
  quantity: number;
  mode: ReservationMode;
  lineItemId?: string;
}

/**
 * An order's reservation: `pending` from `reserve` until `confirm` (`committed`, the units leave the stock) or
 * `release` (`released`, the units are available again).
 */
export type InventoryReservationState = 'pending' | 'committed' | 'released';

export interface InventoryReservation {
  orderId: string;
  state: InventoryReservationState;
  items: Array<InventoryReservationItem & { entryId: string }>;
}
