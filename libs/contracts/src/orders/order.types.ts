import type { Delivery, Shipping, ShippingInfo } from '../carts/cart.types.js';
import type { PagedQueryResponse } from '../common/types.js';
import type { Address } from '../customers/customer.types.js';
import type { Infer } from '../shapes/shape.js';
import type * as cartShapes from '../carts/cart.shape.js';
import type * as shapes from './order.shape.js';

/** Checkout facts 5 (SDK order.d.ts). */
export const ORDER_STATES = ['Open', 'Confirmed', 'Complete', 'Cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const SHIPMENT_STATES = [
  'Shipped',
  'Delivered',
  'Ready',
  'Pending',
  'Delayed',
  'Partial',
  'Backorder',
  'Canceled',
] as const;
export type ShipmentState = (typeof SHIPMENT_STATES)[number];

export const PAYMENT_STATES = ['BalanceDue', 'Failed', 'Pending', 'CreditOwed', 'Paid'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const RETURN_SHIPMENT_STATES = ['Advised', 'Returned', 'BackInStock', 'Unusable'] as const;
export type ReturnShipmentState = (typeof RETURN_SHIPMENT_STATES)[number];

export const RETURN_PAYMENT_STATES = ['NonRefundable', 'Initial', 'Refunded', 'NotRefunded'] as const;
export type ReturnPaymentState = (typeof RETURN_PAYMENT_STATES)[number];

export type DeliveryItem = Infer<typeof cartShapes.DeliveryItemShape>;
export type ParcelMeasurements = Infer<typeof cartShapes.ParcelMeasurementsShape>;
export type TrackingData = Infer<typeof cartShapes.TrackingDataShape>;
export type Parcel = Infer<typeof cartShapes.ParcelShape>;

/** A delivery of an order (a cart's `Delivery`: the same shape). */
export type OrderDelivery = Delivery;

export type ReturnItem = Infer<typeof shapes.ReturnItemShape>;
export type ReturnInfo = Infer<typeof shapes.ReturnInfoShape>;
export type SyncInfo = Infer<typeof shapes.SyncInfoShape>;

export type OrderShippingInfo = ShippingInfo;
export type OrderShipping = Shipping;

/** An Order (checkout facts 5; `OrderShape`). */
export type Order = Infer<typeof shapes.OrderShape>;

export type OrderAddress = Address;
export type OrderPagedQueryResponse = PagedQueryResponse<Order>;
