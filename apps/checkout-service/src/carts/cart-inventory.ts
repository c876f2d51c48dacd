import type { Cart, InventoryAvailability } from '@commerce/contracts';
import { CartErrors } from '@commerce/errors';

/** The actions that can take a line item's quantity past its entry's limits (checkout facts 3.2). */
const LIMITED_ACTIONS: ReadonlySet<string> = new Set([
  'addLineItem',
  'changeLineItemQuantity',
  'removeLineItem',
  'setLineItemSupplyChannel',
]);

/** The `minCartQuantity`/`maxCartQuantity` of inventory entries, by SKU and supply channel. */
export class InventoryLimits {
  private readonly byItem = new Map<string, InventoryAvailability>();

  constructor(entries: readonly InventoryAvailability[] = []) {
    for (const entry of entries) this.byItem.set(itemKey(entry.sku, entry.supplyChannelId), entry);
  }

  /**
   * Every line item that is new, or whose quantity or supply channel changed, against its entry's limits
   * (the entry of its SKU in its supply channel, or the one without a channel): LineItemQuantityAboveLimit /
   * BelowLimit. Limits apply to each line item on its own (facts 4.15: several items of one SKU are n/s).
   */
  check(before: Pick<Cart, 'lineItems'>, after: Pick<Cart, 'lineItems'>): void {
    const previous = new Map(before.lineItems.map((item) => [item.id, item]));
    for (const item of after.lineItems) {
      const old = previous.get(item.id);
      if (old && old.quantity === item.quantity && old.supplyChannel?.id === item.supplyChannel?.id) continue;
      const entry = item.variant.sku
        ? this.byItem.get(itemKey(item.variant.sku, item.supplyChannel?.id))
        : undefined;
      if (!entry) continue;
      if (entry.maxCartQuantity !== undefined && item.quantity > entry.maxCartQuantity)
        throw CartErrors.lineItemQuantityAboveLimit(item.id, item.quantity, entry.maxCartQuantity);
      if (entry.minCartQuantity !== undefined && item.quantity < entry.minCartQuantity)
        throw CartErrors.lineItemQuantityBelowLimit(item.id, item.quantity, entry.minCartQuantity);
    }
  }
}

function itemKey(sku: string, channel: string | undefined): string {
  return `${sku}\u0000${channel ?? ''}`;
}

/** Whether a change has an action that can break a quantity limit. */
export function changesQuantities(actions: readonly unknown[]): boolean {
  return actions.some((raw) => LIMITED_ACTIONS.has(String((raw as { action?: unknown })?.action)));
}

/**
 * The supply channels whose inventory entries a change's limits are checked against (besides the entries
 * without a channel): those of the cart's line items and those the actions name by id. The catalog answers the
 * entries of every SKU of the change in them (`inventoryChannels` of `catalog.checkout.line-items`).
 */
export function supplyChannelsOf(
  cart: Pick<Cart, 'lineItems'> | undefined,
  actions: readonly unknown[],
): string[] {
  const channels = new Set<string>();
  for (const item of cart?.lineItems ?? []) if (item.supplyChannel) channels.add(item.supplyChannel.id);
  for (const raw of actions) {
    const id = (raw as { supplyChannel?: { id?: unknown } } | null)?.supplyChannel?.id;
    if (typeof id === 'string') channels.add(id);
  }
  return [...channels];
}
