import { InventoryEntryShape, type InventoryEntry } from '@commerce/contracts';
import { DocumentTable } from '@commerce/persistence';
import { querySchemaOf } from '@commerce/query';

export const INVENTORY_TABLE = '"catalog"."inventory_entries"';
/** Orders' reservations, one row per order and entry (docs/CONSISTENCY.md, "Inventory reservations"). */
export const RESERVATIONS_TABLE = '"catalog"."inventory_reservations"';

export const inventoryTable = new DocumentTable<InventoryEntry>(
  INVENTORY_TABLE,
  querySchemaOf(InventoryEntryShape),
);
