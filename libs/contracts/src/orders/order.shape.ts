import { CART_FIELDS, ShippingInfoShape, ShippingShape } from '../carts/cart.shape.js';
import {
  array,
  datetime,
  custom,
  enumOf,
  integer,
  object,
  optional,
  reference,
  resource,
  string,
  typed,
} from '../shapes/shape.js';
import {
  ORDER_STATES,
  PAYMENT_STATES,
  RETURN_PAYMENT_STATES,
  RETURN_SHIPMENT_STATES,
  SHIPMENT_STATES,
} from './order.types.js';

export const ReturnItemShape = object('ReturnItem', {
  type: typed<'LineItemReturnItem' | 'CustomLineItemReturnItem'>()(string()),
  id: string(),
  key: optional(string()),
  quantity: integer({ graphql: 'Long' }),
  lineItemId: optional(string()),
  customLineItemId: optional(string()),
  comment: optional(string()),
  shipmentState: enumOf('ReturnShipmentState', RETURN_SHIPMENT_STATES),
  paymentState: enumOf('ReturnPaymentState', RETURN_PAYMENT_STATES),
  custom: optional(custom()),
  lastModifiedAt: datetime(),
  createdAt: datetime(),
});

export const ReturnInfoShape = object('ReturnInfo', {
  items: array(ReturnItemShape),
  returnTrackingId: optional(string()),
  returnDate: optional(datetime()),
});

export const SyncInfoShape = object('SyncInfo', {
  channel: reference('channel'),
  externalId: optional(string()),
  syncedAt: datetime(),
});

// The Cart's fields an Order does not have, or has in its own form (below).
const {
  key: _key,
  cartState: _cartState,
  lock: _lock,
  freezeStrategy: _freezeStrategy,
  deleteDaysAfterLastModification: _deleteDays,
  warnings: _warnings,
  totalLineItemQuantity: _totalLineItemQuantity,
  taxMode,
  priceRoundingMode,
  taxRoundingMode,
  taxCalculationMode,
  inventoryMode,
  ...SHARED_FIELDS
} = CART_FIELDS;

/**
 * An Order (checkout facts 5; SDK order.d.ts): the Cart's fields without cartState, lock, freeze and
 * deleteDays (the mode fields optional), plus its number, states, sync and return info, and its cart. Its
 * number is in the table's `key` column.
 */
export const OrderShape = resource('Order', {
  orderNumber: optional(string({ column: 'key' })),
  ...SHARED_FIELDS,
  taxMode: optional(taxMode),
  priceRoundingMode: optional(priceRoundingMode),
  taxRoundingMode: optional(taxRoundingMode),
  taxCalculationMode: optional(taxCalculationMode),
  inventoryMode: optional(inventoryMode),
  shippingInfo: optional(ShippingInfoShape),
  shipping: array(ShippingShape),
  orderState: enumOf('OrderState', ORDER_STATES),
  shipmentState: optional(enumOf('ShipmentState', SHIPMENT_STATES)),
  paymentState: optional(enumOf('PaymentState', PAYMENT_STATES)),
  state: optional(reference('state')),
  syncInfo: array(SyncInfoShape),
  returnInfo: array(ReturnInfoShape),
  cart: optional(reference('cart')),
  /** The recurring order that created this order (its scheduler's orders only). */
  recurringOrder: optional(reference('recurring-order')),
  completedAt: optional(datetime()),
  lastMessageSequenceNumber: optional(integer()),
});
