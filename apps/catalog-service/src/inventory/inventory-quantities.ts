import type { InventoryEntry, MessagePayload } from '@commerce/contracts';
import { Errors } from '@commerce/errors';

const channelOf = (entry: InventoryEntry) =>
  entry.supplyChannel ? { supplyChannel: entry.supplyChannel } : {};

/**
 * The Messages stock levels give when `quantityOnStock` moves from `before` to `after`: `OutOfStock` when it
 * reaches 0 (from above), `ReorderPoint` and `SafetyStock` when it reaches the configured level (from above).
 * Moving up, or staying below, gives none: a level is reported once per crossing.
 */
export function stockLevelMessages(entry: InventoryEntry, before: number, after: number): MessagePayload[] {
  const reached = (level: number | undefined) => level !== undefined && before > level && after <= level;
  const messages: MessagePayload[] = [];
  if (reached(0)) messages.push({ type: 'InventoryEntryOutOfStock', sku: entry.sku, ...channelOf(entry) });
  if (reached(entry.stockLevels?.reorderPoint)) {
    messages.push({
      type: 'InventoryEntryReorderPoint',
      sku: entry.sku,
      quantityOnStock: after,
      ...channelOf(entry),
    });
  }
  if (reached(entry.stockLevels?.safetyStock)) {
    messages.push({
      type: 'InventoryEntrySafetyStock',
      sku: entry.sku,
      quantityOnStock: after,
      ...channelOf(entry),
    });
  }
  return messages;
}

/**
 * The entry with `quantityOnStock` set to `quantity`: the reserved units (`quantityOnStock - availableQuantity`)
 * stay reserved, so `availableQuantity` moves by the same amount. `InventoryEntryQuantitySet` and the stock
 * level Messages come with it.
 */
export function withQuantityOnStock(entry: InventoryEntry, quantity: number) {
  const reserved = entry.quantityOnStock - entry.availableQuantity;
  if (!Number.isSafeInteger(quantity) || !Number.isSafeInteger(quantity - reserved)) {
    throw Errors.invalidOperation(`The quantity on stock ${quantity} is out of range (at most 2^53 - 1).`);
  }
  const resource: InventoryEntry = {
    ...entry,
    quantityOnStock: quantity,
    availableQuantity: quantity - reserved,
  };
  if (quantity === entry.quantityOnStock) return { resource };
  const messages: MessagePayload[] = [
    {
      type: 'InventoryEntryQuantitySet',
      oldQuantityOnStock: entry.quantityOnStock,
      newQuantityOnStock: resource.quantityOnStock,
      oldAvailableQuantity: entry.availableQuantity,
      newAvailableQuantity: resource.availableQuantity,
      sku: entry.sku,
      ...channelOf(entry),
    },
    ...stockLevelMessages(entry, entry.quantityOnStock, quantity),
  ];
  return { resource, messages };
}
