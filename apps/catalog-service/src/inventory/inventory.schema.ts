import { baseResourceSpec, customFieldsSpec, type QuerySchema } from '@commerce/query';

const number = { type: 'number' } as const;

/** The fields of an InventoryEntry that `where` and `sort` may name. */
export const inventoryQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  sku: { type: 'string' },
  supplyChannel: { type: 'reference' },
  quantityOnStock: number,
  availableQuantity: number,
  minCartQuantity: number,
  maxCartQuantity: number,
  restockableInDays: number,
  expectedDelivery: { type: 'datetime' },
  reservationExpirationInMinutes: number,
  stockLevels: { type: 'object', fields: { reorderPoint: number, safetyStock: number } },
  custom: customFieldsSpec,
};
