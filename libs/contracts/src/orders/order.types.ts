import type {
  Cart,
  Delivery,
  InventoryMode,
  Shipping,
  ShippingInfo,
  TaxCalculationMode,
  TaxMode,
} from '../carts/cart.types.js';
import type { CustomFields, PagedQueryResponse, Reference } from '../common/types.js';
import type { Address } from '../customers/customer.types.js';
import type { RoundingMode } from '../projects/project.types.js';

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

/** A delivery of an order (a cart's `Delivery` with its parcels typed). */
export type OrderDelivery = Omit<Delivery, 'parcels'> & { parcels: Parcel[] };

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

export type OrderShippingInfo = Omit<ShippingInfo, 'deliveries'> & { deliveries?: OrderDelivery[] };
export type OrderShipping = Omit<Shipping, 'shippingInfo'> & { shippingInfo: OrderShippingInfo };

/** The Cart's fields an Order does not have, or has in its own shape. */
type NotOnOrder =
  | 'key'
  | 'cartState'
  | 'lock'
  | 'freezeStrategy'
  | 'deleteDaysAfterLastModification'
  | 'warnings'
  | 'totalLineItemQuantity'
  | 'taxMode'
  | 'priceRoundingMode'
  | 'taxRoundingMode'
  | 'taxCalculationMode'
  | 'inventoryMode'
  | 'shippingInfo'
  | 'shipping';

/**
 * An Order (checkout facts 5; SDK order.d.ts): the Cart's fields without cartState, lock, freeze and
 * deleteDays (the mode fields optional), plus its number, states, sync and return info, and its cart.
 */
export interface Order extends Omit<Cart, NotOnOrder> {
  orderNumber?: string;
  taxMode?: TaxMode;
  priceRoundingMode?: RoundingMode;
  taxRoundingMode?: RoundingMode;
  taxCalculationMode?: TaxCalculationMode;
  inventoryMode?: InventoryMode;
  shippingInfo?: OrderShippingInfo;
  shipping: OrderShipping[];
  orderState: OrderState;
  shipmentState?: ShipmentState;
  paymentState?: PaymentState;
  state?: Reference<'state'>;
  syncInfo: SyncInfo[];
  returnInfo: ReturnInfo[];
  cart?: Reference<'cart'>;
  completedAt?: string;
  lastMessageSequenceNumber?: number;
  /** The recurring order that created this order (its scheduler's orders only). */
  recurringOrder?: Reference<'recurring-order'>;
}

export type OrderAddress = Address;
export type OrderPagedQueryResponse = PagedQueryResponse<Order>;
