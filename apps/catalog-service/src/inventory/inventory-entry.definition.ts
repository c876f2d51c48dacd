import {
  InventoryEntryDraftDto,
  type InventoryEntry,
  type InventoryEntryResource,
} from '@commerce/contracts';
import {
  customFieldActions,
  resolveCustomFields,
  type DeclaredActionTable,
  type ResourceDefinition,
} from '@commerce/resources';
import type { CatalogDeps } from '../shared/catalog-deps.js';
import {
  checkLimits,
  inventoryFieldActions,
  inventoryQuantityActions,
  supplyChannelOf,
} from './inventory-actions.js';
import { inventoryTable } from './inventory.table.js';

export const INVENTORY_ENGINE = Symbol('INVENTORY_ENGINE');

const present = <K extends string, V>(name: K, value: V | null | undefined) =>
  (value === undefined || value === null ? {} : { [name]: value }) as Partial<Record<K, V>>;

/**
 * Inventory entries (checkout facts 9): one per SKU and supply channel (a unique index, DuplicateField).
 * `availableQuantity` is `quantityOnStock` less what pending orders hold (`inventory-reservations.ts`).
 */
export function defineInventoryEntry({
  resolver,
}: Pick<CatalogDeps, 'resolver'>): ResourceDefinition<InventoryEntry, InventoryEntryDraftDto> {
  return {
    typeId: 'inventory-entry',
    table: inventoryTable,
    draft: InventoryEntryDraftDto,
    actions: {
      ...inventoryQuantityActions,
      ...inventoryFieldActions(resolver),
      ...customFieldActions<InventoryEntry>('inventory-entry', resolver),
    } satisfies DeclaredActionTable<InventoryEntry, typeof InventoryEntryResource.actions>,
    async build(draft, { ctx }) {
      checkLimits(draft);
      const [supplyChannel, custom] = await Promise.all([
        draft.supplyChannel ? supplyChannelOf(resolver, ctx, draft.supplyChannel) : undefined,
        resolveCustomFields(resolver, ctx, 'inventory-entry', draft.custom),
      ]);
      const levels = {
        ...present('reorderPoint', draft.stockLevels?.reorderPoint),
        ...present('safetyStock', draft.stockLevels?.safetyStock),
      };
      return {
        ...present('key', draft.key),
        sku: draft.sku,
        ...present('supplyChannel', supplyChannel),
        quantityOnStock: draft.quantityOnStock,
        availableQuantity: draft.quantityOnStock,
        ...present('minCartQuantity', draft.minCartQuantity),
        ...present('maxCartQuantity', draft.maxCartQuantity),
        ...present('restockableInDays', draft.restockableInDays),
        ...present(
          'expectedDelivery',
          draft.expectedDelivery && new Date(draft.expectedDelivery).toISOString(),
        ),
        ...present('reservationExpirationInMinutes', draft.reservationExpirationInMinutes),
        ...(Object.keys(levels).length > 0 ? { stockLevels: levels } : {}),
        ...present('custom', custom),
      };
    },
    createdMessage: (entry) => ({ type: 'InventoryEntryCreated', inventoryEntry: entry }),
    deletedMessage: (entry) => ({
      type: 'InventoryEntryDeleted',
      sku: entry.sku,
      ...(entry.supplyChannel ? { supplyChannel: entry.supplyChannel } : {}),
    }),
  };
}
