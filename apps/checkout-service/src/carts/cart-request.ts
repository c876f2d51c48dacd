import type {
  Cart,
  CartDiscount,
  CheckoutLineItemLookup,
  RequestContext,
  RoundingMode,
  ShoppingList,
  Store,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { CartCatalog } from './cart-catalog.js';
import type { InventoryLimits } from './cart-inventory.js';
import type { RepriceSettings } from './cart-reprice.js';
import type { CartDiscountData } from './cart-discounts.js';

/**
 * What one cart change read before its actions run (the one catalog call, the cart's Store), kept for the
 * request's context object: actions read it synchronously, so no action asks another service.
 */
export interface CartRequest {
  catalog: CartCatalog;
  store?: Store;
  /** The project's cart settings (Project `carts`, `shippingRateInputType`), read once per change. */
  settings: CartSettings;
  /** The quantity limits of the entries of the items, when an action can change a quantity (one lookup). */
  inventory?: InventoryLimits;
  /** The shopping lists the change's `addShoppingList` actions name, read with it. */
  shoppingLists?: ShoppingList[];
  /** The project's active Cart Discounts and the Discount Codes the cart has or adds (one read per change). */
  discounts?: CartDiscountData;
  /**
   * The `predicate` of each shipping method the cart has (by id; none: the method has no predicate), read in
   * the discounts' statement: a recalculation sets `shippingMethodState` from it (checkout facts 4.12).
   */
  shippingPredicates?: ReadonlyMap<string, string | undefined>;
}

export interface CartSettings extends RepriceSettings {
  deleteDaysAfterLastModification: number;
  priceRoundingMode: RoundingMode;
  taxRoundingMode: RoundingMode;
  /** The labels of the Project's `CartClassification` values by key (a Classification input shows its label). */
  classificationLabels?: Record<string, Record<string, string>>;
}

const requests = new WeakMap<RequestContext, CartRequest>();

/** A context for one cart change that carries what was read for it. */
export function withCartRequest(ctx: RequestContext, request: CartRequest): RequestContext {
  const own = { ...ctx };
  requests.set(own, request);
  return own;
}

/** What was read for this change, when the context carries a cart change (not every cart action's caller does). */
export function cartRequestIfAny(ctx: RequestContext): CartRequest | undefined {
  return requests.get(ctx);
}

export function cartRequestOf(ctx: RequestContext): CartRequest {
  const request = requests.get(ctx);
  if (!request) throw Errors.general('cart-request-missing');
  return request;
}

/**
 * The products a change needs: every line item's, those its `addLineItem` actions name, and those of the
 * shopping lists its `addShoppingList` actions add.
 */
export function lookupsFor(
  cart: Pick<Cart, 'lineItems'> | undefined,
  actions: readonly unknown[],
  shoppingLists: readonly Pick<ShoppingList, 'lineItems'>[] = [],
  extra: readonly CheckoutLineItemLookup[] = [],
): CheckoutLineItemLookup[] {
  const lookups = new Map<string, CheckoutLineItemLookup>();
  const add = (lookup: CheckoutLineItemLookup) =>
    lookups.set(
      lookup.productId !== undefined
        ? `id:${lookup.productId}:${lookup.variantId ?? ''}`
        : `sku:${lookup.sku}`,
      lookup,
    );
  for (const item of cart?.lineItems ?? []) add({ productId: item.productId, variantId: item.variant.id });
  for (const list of shoppingLists)
    for (const item of list.lineItems)
      add({
        productId: item.productId,
        ...(item.variantId !== undefined ? { variantId: item.variantId } : {}),
      });
  for (const raw of actions) {
    const action = raw as { action?: unknown; productId?: unknown; variantId?: unknown; sku?: unknown };
    if (action?.action !== 'addLineItem') continue;
    if (typeof action.productId === 'string')
      add({
        productId: action.productId,
        ...(typeof action.variantId === 'number' ? { variantId: action.variantId } : {}),
      });
    else if (typeof action.sku === 'string') add({ sku: action.sku });
  }
  extra.forEach(add);
  return [...lookups.values()];
}

/** The products the active gift discounts give: read with the change so a gift can be added. */
export function giftLookups(discounts: readonly CartDiscount[]): CheckoutLineItemLookup[] {
  return discounts.flatMap((discount) =>
    discount.value.type === 'giftLineItem'
      ? [{ productId: discount.value.product.id, variantId: discount.value.variantId }]
      : [],
  );
}
