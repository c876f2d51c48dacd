import {
  MAX_INVENTORY_ITEMS,
  type Cart,
  type InventoryAvailability,
  type InventoryItemRef,
  type LineItem,
} from '@commerce/contracts';
import { CartErrors } from '@commerce/errors';
import type { CartCatalog } from './cart-catalog.js';

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
 * The entries one `catalog.inventory.lookup` asks for: each SKU of the cart's line items and of the ones the
 * actions add (from the catalog's answer), without a channel and in each supply channel the cart or the
 * actions name by id.
 */
export function inventoryRefs(
  cart: Pick<Cart, 'lineItems'> | undefined,
  actions: readonly unknown[],
  catalog: CartCatalog,
): InventoryItemRef[] {
  const skus = new Set<string>();
  const channels = new Set<string>();
  const itemsOf: LineItem[] = cart?.lineItems ?? [];
  for (const item of itemsOf) {
    if (item.variant.sku) skus.add(item.variant.sku);
    if (item.supplyChannel) channels.add(item.supplyChannel.id);
  }
  for (const raw of actions) {
    const action = raw as {
      action?: unknown;
      productId?: unknown;
      variantId?: unknown;
      sku?: unknown;
      supplyChannel?: { id?: unknown };
    };
    if (typeof action?.supplyChannel?.id === 'string') channels.add(action.supplyChannel.id);
    if (action?.action !== 'addLineItem') continue;
    if (typeof action.sku === 'string') skus.add(action.sku);
    else if (typeof action.productId === 'string') {
      const answer = catalog.answer({
        productId: action.productId,
        ...(typeof action.variantId === 'number' ? { variantId: action.variantId } : {}),
      });
      if (answer?.found && answer.product.variant.sku) skus.add(answer.product.variant.sku);
    }
  }
  const refs = [...skus].flatMap((sku) => [
    { sku },
    ...[...channels].map((supplyChannelId) => ({ sku, supplyChannelId })),
  ]);
  return refs.slice(0, MAX_INVENTORY_ITEMS);
}
