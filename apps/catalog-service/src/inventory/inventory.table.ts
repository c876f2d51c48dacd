import type { InventoryEntry } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { inventoryQuerySchema } from './inventory.schema.js';

export const INVENTORY_TABLE = '"catalog"."inventory_entries"';
/** Orders' reservations, one row per order and entry (docs/CONSISTENCY.md, "Inventory reservations"). */
export const RESERVATIONS_TABLE = '"catalog"."inventory_reservations"';

export const inventoryTable = new DocumentTable<InventoryEntry>(INVENTORY_TABLE, inventoryQuerySchema);
