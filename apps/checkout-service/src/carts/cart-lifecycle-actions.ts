import { hasPrivilege } from '@commerce/auth';
import { CART_ACTIONS, type Cart, type RequestContext } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, type ActionHandler } from '@commerce/resources';
import { withOptional } from '../shared/fields.js';

const A = CART_ACTIONS;

/** Freeze and lock (checkout facts 4.7), the line items' order and the rounding and calculation modes. */
export function lifecycleActions(): Record<
  | 'freezeCart'
  | 'unfreezeCart'
  | 'lockCart'
  | 'unlockCart'
  | 'changeLineItemsOrder'
  | 'changeTaxRoundingMode'
  | 'changePriceRoundingMode'
  | 'changeTaxCalculationMode',
  ActionHandler<Cart>
> {
  return {
    freezeCart: action(A.freezeCart, (cart: Cart, { strategy }) => {
      if (cart.lineItems.length === 0 && cart.customLineItems.length === 0)
        throw Errors.invalidOperation('An empty cart can not be frozen.');
      if (cart.cartState !== 'Active' && cart.cartState !== 'Frozen')
        throw Errors.invalidOperation(`A cart in state ${cart.cartState} can not be frozen.`);
      return {
        resource: { ...cart, cartState: 'Frozen', freezeStrategy: strategy ?? 'SoftFreeze' },
        messages: [{ type: 'CartFrozen' }],
      };
    }),
    // Unfreezing re-prices: the recalculation that follows every update does it (checkout facts 4.7).
    unfreezeCart: action(A.unfreezeCart, (cart: Cart) => {
      if (cart.cartState !== 'Frozen') return { resource: cart };
      return {
        resource: withOptional({ ...cart, cartState: 'Active' }, 'freezeStrategy', undefined),
        messages: [{ type: 'CartUnfrozen' }],
      };
    }),
    lockCart: action(A.lockCart, (cart: Cart, _none, { ctx }) => {
      requireLockPermission(ctx);
      if (cart.lock) return { resource: cart };
      const clientId = ctx.actor.clientId;
      if (!clientId) throw Errors.invalidOperation('Only an API client can lock a cart.');
      return {
        resource: { ...cart, lock: { clientId, createdAt: new Date().toISOString() } },
        messages: [{ type: 'CartLocked' }],
      };
    }),
    unlockCart: action(A.unlockCart, (cart: Cart, _none, { ctx }) => {
      requireLockPermission(ctx);
      return cart.lock
        ? { resource: withOptional(cart, 'lock', undefined), messages: [{ type: 'CartUnlocked' }] }
        : { resource: cart };
    }),
    changeLineItemsOrder: action(A.changeLineItemsOrder, (cart: Cart, { lineItemOrder }) => {
      const byId = new Map(cart.lineItems.map((item) => [item.id, item]));
      if (
        lineItemOrder.length !== byId.size ||
        new Set(lineItemOrder).size !== byId.size ||
        !lineItemOrder.every((id) => byId.has(id))
      )
        throw Errors.invalidInput('lineItemOrder must name every line item of the cart exactly once.');
      return { resource: { ...cart, lineItems: lineItemOrder.map((id) => byId.get(id)!) } };
    }),
    changeTaxRoundingMode: action(A.changeTaxRoundingMode, (cart: Cart, { taxRoundingMode }) => ({
      resource: { ...cart, taxRoundingMode },
    })),
    changePriceRoundingMode: action(A.changePriceRoundingMode, (cart: Cart, { priceRoundingMode }) => ({
      resource: { ...cart, priceRoundingMode },
    })),
    changeTaxCalculationMode: action(A.changeTaxCalculationMode, (cart: Cart, { taxCalculationMode }) => ({
      resource: { ...cart, taxCalculationMode },
    })),
  };
}

/** `lockCart` and `unlockCart` need `manage_locked_carts` besides the cart's scopes (checkout facts 2): 403. */
function requireLockPermission(ctx: RequestContext): void {
  if (!hasPrivilege(ctx, 'manage_locked_carts'))
    throw Errors.insufficientScope([`manage_locked_carts:${ctx.projectKey}`]);
}
