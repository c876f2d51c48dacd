import type { CustomLineItem, LineItem, Order } from '@commerce/contracts';
import { Errors } from '@commerce/errors';

/** A line item by `lineItemId` or `lineItemKey` (exactly one). */
export function lineItemOf(order: Order, target: { lineItemId?: string; lineItemKey?: string }): LineItem {
  return itemOf(order.lineItems, 'line item', target.lineItemId, target.lineItemKey);
}

/** A custom line item by `customLineItemId` or `customLineItemKey` (exactly one). */
export function customLineItemOf(
  order: Order,
  target: { customLineItemId?: string; customLineItemKey?: string },
): CustomLineItem {
  return itemOf(order.customLineItems, 'custom line item', target.customLineItemId, target.customLineItemKey);
}

function itemOf<I extends { id: string; key?: string }>(
  items: I[],
  what: string,
  id: string | undefined,
  key: string | undefined,
): I {
  if ((id === undefined) === (key === undefined)) {
    throw Errors.invalidInput(`Exactly one of the ${what}'s id or key must be given.`);
  }
  const item = items.find((candidate) => (id !== undefined ? candidate.id === id : candidate.key === key));
  if (!item) {
    throw Errors.invalidInput(
      `The order has no ${what} with the ${id !== undefined ? `ID '${id}'` : `key '${key}'`}.`,
    );
  }
  return item;
}

export function withLineItem(order: Order, item: LineItem): Order {
  return { ...order, lineItems: order.lineItems.map((i) => (i.id === item.id ? item : i)) };
}

export function withCustomLineItem(order: Order, item: CustomLineItem): Order {
  return { ...order, customLineItems: order.customLineItems.map((i) => (i.id === item.id ? item : i)) };
}

/** Whether an id names a line item or a custom line item of the order. */
export function hasItem(order: Order, id: string): boolean {
  return order.lineItems.some((i) => i.id === id) || order.customLineItems.some((i) => i.id === id);
}
