import type { ChannelAddress } from '../channels/channel.types.js';
import type { BaseResource, CustomFields, KeyReference, Reference } from '../common/types.js';
import type { TypedMoney } from '../products/price.types.js';

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

/** An address as carts and orders carry it (the same shape as a channel's: country required). */
export type OrderAddress = ChannelAddress;

export interface ItemState {
  quantity: number;
  state: Reference<'state'>;
}

export interface DeliveryItem {
  id: string;
  quantity: number;
}

export interface ParcelMeasurements {
  heightInMillimeter?: number;
  lengthInMillimeter?: number;
  widthInMillimeter?: number;
  weightInGram?: number;
}

export interface TrackingData {
  trackingId?: string;
  carrier?: string;
  provider?: string;
  providerTransaction?: string;
  isReturn?: boolean;
}

export interface Parcel {
  id: string;
  key?: string;
  createdAt: string;
  measurements?: ParcelMeasurements;
  trackingData?: TrackingData;
  items?: DeliveryItem[];
  custom?: CustomFields;
}

export interface Delivery {
  id: string;
  key?: string;
  createdAt: string;
  items: DeliveryItem[];
  parcels: Parcel[];
  address?: OrderAddress;
  custom?: CustomFields;
}

export interface ReturnItem {
  type: 'LineItemReturnItem' | 'CustomLineItemReturnItem';
  id: string;
  key?: string;
  quantity: number;
  lineItemId?: string;
  customLineItemId?: string;
  comment?: string;
  shipmentState: ReturnShipmentState;
  paymentState: ReturnPaymentState;
  custom?: CustomFields;
  lastModifiedAt: string;
  createdAt: string;
}

export interface ReturnInfo {
  items: ReturnItem[];
  returnTrackingId?: string;
  returnDate?: string;
}

export interface SyncInfo {
  channel: Reference<'channel'>;
  externalId?: string;
  syncedAt: string;
}

export interface EstimatedDelivery {
  from?: string;
  until?: string;
}

/** What an order needs of its (custom) line items; the rest of the cart's item shape is carried as is. */
export interface OrderItem {
  id: string;
  key?: string;
  quantity: number;
  state: ItemState[];
  custom?: CustomFields;
  shippingDetails?: { targets: Array<{ addressKey: string; quantity: number }>; valid: boolean };
  [field: string]: unknown;
}

/**
 * An Order: the Cart's fields without cartState, lock, freeze and deleteDays, plus its own (facts 5).
 * `shippingInfo` carries the order's `deliveries`.
 */
export interface Order extends BaseResource {
  orderNumber?: string;
  purchaseOrderNumber?: string;
  customerId?: string;
  customerEmail?: string;
  customerGroup?: Reference<'customer-group'>;
  anonymousId?: string;
  businessUnit?: KeyReference<'business-unit'>;
  store?: KeyReference<'store'>;
  lineItems: OrderItem[];
  customLineItems: OrderItem[];
  totalPrice: TypedMoney;
  taxedPrice?: unknown;
  taxedShippingPrice?: unknown;
  shippingAddress?: OrderAddress;
  billingAddress?: OrderAddress;
  shippingMode?: 'Single' | 'Multiple';
  shippingKey?: string;
  shippingInfo?: { deliveries?: Delivery[]; estimatedDelivery?: EstimatedDelivery; [field: string]: unknown };
  shippingCustomFields?: CustomFields;
  shipping: Array<{
    shippingKey: string;
    shippingInfo: {
      deliveries?: Delivery[];
      estimatedDelivery?: EstimatedDelivery;
      [field: string]: unknown;
    };
    shippingAddress: OrderAddress;
    shippingCustomFields?: CustomFields;
    [field: string]: unknown;
  }>;
  itemShippingAddresses: OrderAddress[];
  taxMode?: string;
  inventoryMode?: string;
  taxRoundingMode?: string;
  priceRoundingMode?: string;
  taxCalculationMode?: string;
  origin: string;
  country?: string;
  locale?: string;
  orderState: OrderState;
  shipmentState?: ShipmentState;
  paymentState?: PaymentState;
  state?: Reference<'state'>;
  syncInfo: SyncInfo[];
  returnInfo: ReturnInfo[];
  paymentInfo?: { payments: Reference<'payment'>[] };
  discountCodes: unknown[];
  directDiscounts?: unknown[];
  refusedGifts: unknown[];
  cart?: Reference<'cart'>;
  completedAt?: string;
  lastMessageSequenceNumber: number;
  custom?: CustomFields;
}
