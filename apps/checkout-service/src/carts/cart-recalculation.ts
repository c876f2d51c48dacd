import { hasPrivilege } from '@commerce/auth';
import type { Cart, CartActionName, RequestContext } from '@commerce/contracts';
import { type ActionHandler } from '@commerce/resources';
import { checkActionAllowed } from './cart-state-rules.js';
import { withShippingMethodStates } from '../shipping-methods/matching-cart.js';
import { cartRequestIfAny, cartRequestOf } from './cart-request.js';
import { repriced } from './cart-reprice.js';

/** Actions that change nothing a price, a tax or a total depends on: no recalculation after them. */
const NOT_PRICING: ReadonlySet<string> = new Set([
  'setCustomerEmail',
  'setLocale',
  'setKey',
  'setPurchaseOrderNumber',
  'setDeleteDaysAfterLastModification',
  'setAnonymousId',
  'setBillingAddress',
  'setBillingAddressCustomType',
  'setBillingAddressCustomField',
  'setShippingAddressCustomType',
  'setShippingAddressCustomField',
  'setItemShippingAddressCustomType',
  'setItemShippingAddressCustomField',
  'setLineItemCustomType',
  'setLineItemCustomField',
  'setCustomType',
  'setCustomField',
  'changeLineItemsOrder',
  'lockCart',
  'unlockCart',
  'freezeCart',
  'setLineItemInventoryMode',
]);

/**
 * What follows a cart action that changed the cart (checkout facts 4.3, 4.12): the quantity limits, the
 * recalculation on what the change read before its actions ran (unless the action changes nothing a price
 * depends on), and the shipping methods' predicates judged again on the cart it leaves. Order Edits run it
 * after an Order action that a cart reprices on (order-edits/staged-order.ts).
 */
export function afterCartAction(name: string, before: Cart, after: Cart, ctx: RequestContext): Cart {
  const predicates = cartRequestIfAny(ctx)?.shippingPredicates;
  if (NOT_PRICING.has(name)) return withShippingMethodStates(after, predicates);
  const { catalog, settings, inventory, discounts } = cartRequestOf(ctx);
  inventory?.check(before, after);
  return withShippingMethodStates(repriced(after, catalog, settings, new Date(), discounts), predicates);
}

/**
 * Every cart action behind the state rules (final states, freeze, lock) and followed by the recalculation
 * (checkout facts 4.3: on every change, never on reads), on what the change read before its actions ran.
 */
export function withCartRules(
  table: Record<string, ActionHandler<Cart>>,
): Record<string, ActionHandler<Cart>> {
  return Object.fromEntries(
    Object.entries(table).map(([name, handler]) => [
      name,
      {
        dto: handler.dto,
        async apply(cart: Cart, action: object, context) {
          checkActionAllowed(cart, name as CartActionName, hasPrivilege(context.ctx, 'manage_locked_carts'));
          const outcome = await handler.apply(cart, action, context);
          if (outcome.resource === cart) return outcome;
          return { ...outcome, resource: afterCartAction(name, cart, outcome.resource, context.ctx) };
        },
      } satisfies ActionHandler<Cart>,
    ]),
  );
}
