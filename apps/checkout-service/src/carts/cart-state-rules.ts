import type { Cart, CartActionName } from '@commerce/contracts';
import { Errors } from '@commerce/errors';

/** What a SoftFreeze refuses (checkout facts 4.7): item changes, their channels, prices and the tax mode. */
const SOFT_FROZEN: ReadonlySet<CartActionName> = new Set<CartActionName>([
  'addLineItem',
  'addShoppingList',
  'changeLineItemQuantity',
  'removeLineItem',
  'addCustomLineItem',
  'changeCustomLineItemQuantity',
  'removeCustomLineItem',
  'setLineItemDistributionChannel',
  'setLineItemSupplyChannel',
  'changeTaxMode',
  'setLineItemPrice',
  'setLineItemTotalPrice',
]);

/** A HardFreeze also refuses changing the shipping method and the discounts (checkout facts 4.7). */
const HARD_FROZEN: ReadonlySet<CartActionName> = new Set<CartActionName>([
  ...SOFT_FROZEN,
  'setShippingMethod',
  'setCustomShippingMethod',
  'addShippingMethod',
  'addCustomShippingMethod',
  'removeShippingMethod',
  'addDiscountCode',
  'removeDiscountCode',
  'setDirectDiscounts',
]);

/**
 * Refuses an action the cart's state does not allow: none on an Ordered or Merged cart (final states), the
 * freeze's list on a Frozen one, and any but `unlockCart` on a locked cart for a client without
 * `manage_locked_carts`. The code is InvalidOperation (n/s; MOCK #419; docs/CHECKOUT.md).
 */
export function checkActionAllowed(
  cart: Pick<Cart, 'id' | 'cartState' | 'freezeStrategy' | 'lock'>,
  action: CartActionName,
  mayUpdateLocked: boolean,
): void {
  if (cart.cartState === 'Ordered' || cart.cartState === 'Merged')
    throw Errors.invalidOperation(`The cart '${cart.id}' is ${cart.cartState} and can not be changed.`);
  // `unlockCart` checks the permission itself (insufficient_scope).
  if (cart.lock && !mayUpdateLocked && action !== 'unlockCart')
    throw Errors.invalidOperation(
      `The cart '${cart.id}' is locked; only clients with manage_locked_carts may change it.`,
    );
  if (cart.cartState !== 'Frozen') return;
  const refused = (cart.freezeStrategy ?? 'SoftFreeze') === 'HardFreeze' ? HARD_FROZEN : SOFT_FROZEN;
  if (refused.has(action))
    throw Errors.invalidOperation(`The action '${action}' is not allowed on the frozen cart '${cart.id}'.`);
}
