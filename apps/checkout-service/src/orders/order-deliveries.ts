import type { DeliveryItem, Order, OrderDelivery, OrderShippingInfo, Parcel } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { hasItem } from './order-items.js';

/** Where a delivery lives: the order's `shippingInfo` (Single) or one `shipping` entry's (Multiple). */
export interface Located {
  delivery: OrderDelivery;
  shippingKey?: string;
}

function shippingInfos(order: Order): { info: OrderShippingInfo; shippingKey?: string }[] {
  if (order.shippingMode === 'Multiple') {
    return order.shipping.map((s) => ({ info: s.shippingInfo, shippingKey: s.shippingKey }));
  }
  return order.shippingInfo ? [{ info: order.shippingInfo }] : [];
}

/** Every delivery of the order with the shipping it belongs to. */
export function deliveriesOf(order: Order): Located[] {
  return shippingInfos(order).flatMap(({ info, shippingKey }) =>
    (info.deliveries ?? []).map((delivery) => ({ delivery, ...(shippingKey ? { shippingKey } : {}) })),
  );
}

/** A delivery by `deliveryId` or `deliveryKey` (exactly one). */
export function deliveryOf(order: Order, target: { deliveryId?: string; deliveryKey?: string }): Located {
  const { deliveryId: id, deliveryKey: key } = target;
  if ((id === undefined) === (key === undefined)) {
    throw Errors.invalidInput('Exactly one of deliveryId or deliveryKey must be given.');
  }
  const found = deliveriesOf(order).find(({ delivery }) =>
    id !== undefined ? delivery.id === id : delivery.key === key,
  );
  if (!found) {
    throw Errors.invalidInput(
      `The order has no delivery with the ${id !== undefined ? `ID '${id}'` : `key '${key}'`}.`,
    );
  }
  return found;
}

/** A parcel by `parcelId` or `parcelKey` (exactly one), with its delivery. */
export function parcelOf(
  order: Order,
  target: { parcelId?: string; parcelKey?: string },
): Located & { parcel: Parcel } {
  const { parcelId: id, parcelKey: key } = target;
  if ((id === undefined) === (key === undefined)) {
    throw Errors.invalidInput('Exactly one of parcelId or parcelKey must be given.');
  }
  for (const located of deliveriesOf(order)) {
    const parcel = located.delivery.parcels.find((p) => (id !== undefined ? p.id === id : p.key === key));
    if (parcel) return { ...located, parcel };
  }
  throw Errors.invalidInput(
    `The order has no parcel with the ${id !== undefined ? `ID '${id}'` : `key '${key}'`}.`,
  );
}

/** The order with the deliveries of one shipping changed by `change`. */
export function withDeliveries(
  order: Order,
  shippingKey: string | undefined,
  change: (deliveries: OrderDelivery[]) => OrderDelivery[],
): Order {
  if (order.shippingMode === 'Multiple') {
    if (shippingKey === undefined) {
      throw Errors.invalidOperation(
        'An order with shipping mode Multiple needs a shippingKey for its deliveries.',
      );
    }
    if (!order.shipping.some((s) => s.shippingKey === shippingKey)) {
      throw Errors.invalidInput(`The order has no shipping with the key '${shippingKey}'.`);
    }
    return {
      ...order,
      shipping: order.shipping.map((s) =>
        s.shippingKey === shippingKey
          ? { ...s, shippingInfo: { ...s.shippingInfo, deliveries: change(s.shippingInfo.deliveries ?? []) } }
          : s,
      ),
    };
  }
  if (shippingKey !== undefined) {
    throw Errors.invalidOperation('shippingKey is only allowed on an order with shipping mode Multiple.');
  }
  if (!order.shippingInfo)
    throw Errors.invalidOperation('The order has no shipping info to add deliveries to.');
  return {
    ...order,
    shippingInfo: { ...order.shippingInfo, deliveries: change(order.shippingInfo.deliveries ?? []) },
  };
}

/** The order with one delivery replaced (where it is). */
export function withDelivery(order: Order, located: Located, delivery: OrderDelivery): Order {
  return withDeliveries(order, located.shippingKey, (all) =>
    all.map((d) => (d.id === located.delivery.id ? delivery : d)),
  );
}

/** Delivery items must name items of the order (their quantities are not checked: facts 5). */
export function checkDeliveryItems(order: Order, items: DeliveryItem[] | undefined): DeliveryItem[] {
  for (const item of items ?? []) {
    if (!hasItem(order, item.id)) {
      throw Errors.invalidInput(`The order has no line item or custom line item with the ID '${item.id}'.`);
    }
  }
  return (items ?? []).map(({ id, quantity }) => ({ id, quantity }));
}
