import {
  CART_ACTIONS,
  CART_DELETE_DAYS,
  CartShape,
  OrderShape,
  STAGED_ORDER_ACTIONS,
  type Cart,
  type MessagePayload,
  type Order,
  type StagedOrderActionName,
} from '@commerce/contracts';
import type { ActionContext, ActionHandler, ActionTable, ReferenceResolver } from '@commerce/resources';
import { cartActions } from '../carts/cart.definition.js';
import { afterCartAction } from '../carts/cart-recalculation.js';
import { orderActions } from '../orders/order.definition.js';
import { editMessages } from './order-edit-messages.js';

/**
 * The one place an order becomes a cart and back, so that an Order Edit's cart-like staged actions run the
 * cart engine's own handlers and recalculation (prices, taxes, shipping, discounts: written once, in carts/)
 * on a copy of the order.
 */

const ORDER_FIELDS = Object.keys(OrderShape.fields);
const CART_FIELDS = Object.keys(CartShape.fields);
/** The fields an Order has and a Cart has not (its number, states, ...), and the reverse: read off the shapes. */
const ORDER_ONLY = ORDER_FIELDS.filter((name) => !CART_FIELDS.includes(name));
const CART_ONLY = CART_FIELDS.filter((name) => !ORDER_FIELDS.includes(name));

/** `resource` without the named fields. */
function without(resource: object, names: readonly string[]): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...(resource as Record<string, unknown>) };
  for (const name of names) delete fields[name];
  return fields;
}

/** The order as an Active cart of its context (an order's optional modes take the cart's defaults). */
export function orderAsCart(order: Order): Cart {
  return {
    ...(without(order, ORDER_ONLY) as Omit<Cart, 'cartState' | 'deleteDaysAfterLastModification'>),
    taxMode: order.taxMode ?? 'Platform',
    priceRoundingMode: order.priceRoundingMode ?? 'HalfEven',
    taxRoundingMode: order.taxRoundingMode ?? 'HalfEven',
    taxCalculationMode: order.taxCalculationMode ?? 'LineItemLevel',
    inventoryMode: order.inventoryMode ?? 'None',
    cartState: 'Active',
    deleteDaysAfterLastModification: CART_DELETE_DAYS.default,
  };
}

/** The cart's fields (as the cart engine left them) on the order: the order keeps its own fields. */
export function cartAsOrder(cart: Cart, order: Order): Order {
  const fields = order as unknown as Record<string, unknown>;
  const own = ORDER_ONLY.filter((name) => fields[name] !== undefined).map((name) => [name, fields[name]]);
  return { ...without(cart, CART_ONLY), ...Object.fromEntries(own) } as Order;
}

type Staged = ActionHandler<Order>['apply'];

/** A cart action applied to the order (through the cart's handler, rules and recalculation), with the Messages of what changed. */
function cartLike(handler: ActionHandler<Cart>): Staged {
  return async (order, action, context) => {
    const outcome = await handler.apply(orderAsCart(order), action, context);
    const next = cartAsOrder(outcome.resource, order);
    return { resource: next, messages: editMessages(order, next) };
  };
}

/**
 * An Order action applied by the Order's handler; when a cart reprices on the same action (the shipping
 * address, an item's shipping details, ...), the cart's recalculation follows, as on a cart.
 */
function orderOwn(name: string, handler: ActionHandler<Order>): Staged {
  const reprices = Object.hasOwn(CART_ACTIONS, name);
  return async (order, action, context) => {
    const outcome = await handler.apply(order, action, context);
    if (!reprices || outcome.resource === order) return outcome;
    const cart = afterCartAction(name, orderAsCart(order), orderAsCart(outcome.resource), context.ctx);
    const next = cartAsOrder(cart, outcome.resource);
    return {
      ...outcome,
      resource: next,
      messages: [...(outcome.messages ?? []), ...editMessages(outcome.resource, next)],
    };
  };
}

/** The shipping address, then the shipping method at it (both with the cart's handlers). */
function addressAndMethod(address: ActionHandler<Cart>, method: ActionHandler<Cart>): Staged {
  return async (order, action, context) => {
    const { address: draft, ...rest } = action as { address: object } & Record<string, unknown>;
    const withAddress = await address.apply(orderAsCart(order), { address: draft }, context);
    const withMethod = await method.apply(withAddress.resource, rest, context);
    const next = cartAsOrder(withMethod.resource, order);
    const set: MessagePayload = {
      type: 'OrderShippingAddressSet',
      ...(next.shippingAddress ? { address: next.shippingAddress } : {}),
      ...(order.shippingAddress ? { oldAddress: order.shippingAddress } : {}),
    };
    return { resource: next, messages: [set, ...editMessages(order, next)] };
  };
}

/**
 * One handler for each of the 92 staged actions (SDK StagedOrderUpdateAction), each validated with its DTO of
 * `STAGED_ORDER_ACTIONS`: the Order's own actions by the Order's handlers, the cart-like ones by the Cart's.
 * A missing action fails to compile here.
 */
export function stagedOrderActions(resolver: ReferenceResolver): ActionTable<Order, ActionContext> {
  const order = orderActions(resolver);
  const cart = cartActions({ resolver });
  const own = (name: keyof typeof order): Staged => orderOwn(name, order[name]);
  const viaCart = (name: keyof typeof CART_ACTIONS): Staged => cartLike(cart[name]);
  const { setEstimatedDelivery: _notStaged, ...ownNames } = order;
  const owned = Object.fromEntries(
    Object.keys(ownNames).map((name) => [name, own(name as keyof typeof order)]),
  ) as Record<keyof typeof ownNames, Staged>;
  const appliers: Record<StagedOrderActionName, Staged> = {
    ...owned,
    addLineItem: viaCart('addLineItem'),
    changeLineItemQuantity: viaCart('changeLineItemQuantity'),
    removeLineItem: viaCart('removeLineItem'),
    setLineItemPrice: viaCart('setLineItemPrice'),
    setLineItemTotalPrice: viaCart('setLineItemTotalPrice'),
    setLineItemDistributionChannel: viaCart('setLineItemDistributionChannel'),
    setLineItemTaxRate: viaCart('setLineItemTaxRate'),
    setLineItemTaxAmount: viaCart('setLineItemTaxAmount'),
    addShoppingList: viaCart('addShoppingList'),
    addCustomLineItem: viaCart('addCustomLineItem'),
    changeCustomLineItemQuantity: viaCart('changeCustomLineItemQuantity'),
    changeCustomLineItemMoney: viaCart('changeCustomLineItemMoney'),
    removeCustomLineItem: viaCart('removeCustomLineItem'),
    setCustomLineItemTaxRate: viaCart('setCustomLineItemTaxRate'),
    setCustomLineItemTaxAmount: viaCart('setCustomLineItemTaxAmount'),
    setCustomerGroup: viaCart('setCustomerGroup'),
    setCountry: viaCart('setCountry'),
    setShippingMethod: viaCart('setShippingMethod'),
    setCustomShippingMethod: viaCart('setCustomShippingMethod'),
    setShippingRateInput: viaCart('setShippingRateInput'),
    setShippingMethodTaxRate: viaCart('setShippingMethodTaxRate'),
    setShippingMethodTaxAmount: viaCart('setShippingMethodTaxAmount'),
    changeTaxMode: viaCart('changeTaxMode'),
    changeTaxRoundingMode: viaCart('changeTaxRoundingMode'),
    changePriceRoundingMode: viaCart('changePriceRoundingMode'),
    changeTaxCalculationMode: viaCart('changeTaxCalculationMode'),
    setOrderTotalTax: viaCart('setCartTotalTax'),
    addDiscountCode: viaCart('addDiscountCode'),
    removeDiscountCode: viaCart('removeDiscountCode'),
    setDirectDiscounts: viaCart('setDirectDiscounts'),
    setShippingAddressAndShippingMethod: addressAndMethod(cart.setShippingAddress, cart.setShippingMethod),
    setShippingAddressAndCustomShippingMethod: addressAndMethod(
      cart.setShippingAddress,
      cart.setCustomShippingMethod,
    ),
  };
  return Object.fromEntries(
    Object.entries(appliers).map(([name, apply]) => [
      name,
      { dto: STAGED_ORDER_ACTIONS[name as StagedOrderActionName], apply },
    ]),
  );
}
