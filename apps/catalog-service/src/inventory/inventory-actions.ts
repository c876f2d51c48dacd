import {
  InventoryQuantityAction,
  SetExpectedDeliveryAction,
  SetInventoryKeyAction,
  SetInventoryLimitsAction,
  SetInventorySupplyChannelAction,
  SetReservationExpirationInMinutesAction,
  SetRestockableInDaysAction,
  SetStockLevelAction,
  type InventoryEntry,
  type InventoryEntryStockLevels,
  type Reference,
  type RequestContext,
  type ResourceIdentifier,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, type ActionTable, type ReferenceResolver } from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import { withQuantityOnStock } from './inventory-quantities.js';

/** A supply channel: it must exist and have the role `InventorySupply` (`MissingRoleOnChannel`). */
export async function supplyChannelOf(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  identifier: ResourceIdentifier,
): Promise<Reference<'channel'>> {
  const [channel] = await resolver.require<{ id: string; roles: string[] } & Record<string, unknown>>(
    ctx,
    'channel',
    [identifier],
  );
  if (!channel.roles.includes('InventorySupply')) {
    const by = identifier.id ? { id: identifier.id } : { key: identifier.key! };
    throw Errors.missingRoleOnChannel({ typeId: 'channel', ...by }, 'InventorySupply');
  }
  return { typeId: 'channel', id: channel.id };
}

/** `minCartQuantity` may not exceed `maxCartQuantity`. */
export function checkLimits(limits: { minCartQuantity?: number | null; maxCartQuantity?: number | null }) {
  const { minCartQuantity: min, maxCartQuantity: max } = limits;
  if (min != null && max != null && min > max) {
    throw Errors.invalidInput(`minCartQuantity (${min}) must not be greater than maxCartQuantity (${max}).`);
  }
}

function withStockLevel(
  entry: InventoryEntry,
  level: keyof InventoryEntryStockLevels,
  quantity: number | null | undefined,
): InventoryEntry {
  const levels = withOptional(entry.stockLevels ?? {}, level, quantity);
  const { stockLevels: _old, ...rest } = entry;
  return Object.keys(levels).length > 0 ? { ...rest, stockLevels: levels } : rest;
}

/** The quantity actions: `quantityOnStock` moves, the reserved units stay reserved. */
export const inventoryQuantityActions = {
  addQuantity: action(InventoryQuantityAction, (entry: InventoryEntry, { quantity }) =>
    withQuantityOnStock(entry, entry.quantityOnStock + quantity),
  ),
  // The stock may go below 0 (SDK `InventoryEntryRemoveQuantityAction`).
  removeQuantity: action(InventoryQuantityAction, (entry: InventoryEntry, { quantity }) =>
    withQuantityOnStock(entry, entry.quantityOnStock - quantity),
  ),
  changeQuantity: action(InventoryQuantityAction, (entry: InventoryEntry, { quantity }) =>
    withQuantityOnStock(entry, quantity),
  ),
} satisfies ActionTable<InventoryEntry>;

/** The other fields of an entry; absent or null removes an optional field. */
export function inventoryFieldActions(resolver: ReferenceResolver) {
  return {
    setInventoryLimits: action(SetInventoryLimitsAction, (entry: InventoryEntry, limits) => {
      checkLimits(limits);
      const withMin = withOptional(entry, 'minCartQuantity', limits.minCartQuantity);
      return { resource: withOptional(withMin, 'maxCartQuantity', limits.maxCartQuantity) };
    }),
    setRestockableInDays: action(
      SetRestockableInDaysAction,
      (entry: InventoryEntry, { restockableInDays }) => ({
        resource: withOptional(entry, 'restockableInDays', restockableInDays),
      }),
    ),
    setExpectedDelivery: action(SetExpectedDeliveryAction, (entry: InventoryEntry, { expectedDelivery }) => ({
      resource: withOptional(
        entry,
        'expectedDelivery',
        expectedDelivery == null ? expectedDelivery : new Date(expectedDelivery).toISOString(),
      ),
    })),
    // Another entry with the same SKU in that channel: the unique index answers DuplicateField.
    setSupplyChannel: action(
      SetInventorySupplyChannelAction,
      async (entry: InventoryEntry, { supplyChannel }, { ctx }) => ({
        resource: withOptional(
          entry,
          'supplyChannel',
          supplyChannel ? await supplyChannelOf(resolver, ctx, supplyChannel) : undefined,
        ),
      }),
    ),
    setKey: action(SetInventoryKeyAction, (entry: InventoryEntry, { key }) => ({
      resource: withOptional(entry, 'key', key),
    })),
    setReorderPoint: action(SetStockLevelAction, (entry: InventoryEntry, { quantity }) => ({
      resource: withStockLevel(entry, 'reorderPoint', quantity),
    })),
    setSafetyStock: action(SetStockLevelAction, (entry: InventoryEntry, { quantity }) => ({
      resource: withStockLevel(entry, 'safetyStock', quantity),
    })),
    setReservationExpirationInMinutes: action(
      SetReservationExpirationInMinutesAction,
      (entry: InventoryEntry, { reservationExpirationInMinutes: minutes }) => ({
        resource: withOptional(entry, 'reservationExpirationInMinutes', minutes),
        messages: [
          {
            type: 'InventoryEntryReservationExpirationInMinutesSet',
            ...(minutes != null ? { newReservationExpirationInMinutes: minutes } : {}),
            ...(entry.reservationExpirationInMinutes !== undefined
              ? { oldReservationExpirationInMinutes: entry.reservationExpirationInMinutes }
              : {}),
          },
        ],
      }),
    ),
  } satisfies ActionTable<InventoryEntry>;
}
