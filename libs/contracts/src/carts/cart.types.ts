import type {
  BaseResource,
  CustomFields,
  KeyReference,
  LocalizedString,
  PagedQueryResponse,
  Reference,
} from '../common/types.js';
import type { Address } from '../customers/customer.types.js';
import type { CentPrecisionMoney, Price, TypedMoney } from '../products/price.types.js';
import type { ProductVariant } from '../products/product.types.js';
import type { RoundingMode } from '../projects/project.types.js';
import type { TaxRate } from '../tax-categories/tax-category.types.js';
import type { ShippingRate } from '../shipping-methods/shipping-method.types.js';

// The Cart as the API returns it (SDK cart.d.ts; checkout facts 3). Enum-like fields are closed unions here:
// the platform writes only these values.

export const TAX_MODES = ['Platform', 'External', 'ExternalAmount', 'Disabled'] as const;
export type TaxMode = (typeof TAX_MODES)[number];
export const ROUNDING_MODES = ['HalfEven', 'HalfUp', 'HalfDown'] as const satisfies readonly RoundingMode[];
export const TAX_CALCULATION_MODES = ['LineItemLevel', 'UnitPriceLevel'] as const;
export type TaxCalculationMode = (typeof TAX_CALCULATION_MODES)[number];
export const INVENTORY_MODES = ['None', 'TrackOnly', 'ReserveOnOrder', 'ReserveOnCart'] as const;
export type InventoryMode = (typeof INVENTORY_MODES)[number];
export const CART_STATES = ['Active', 'Merged', 'Ordered', 'Frozen'] as const;
export type CartState = (typeof CART_STATES)[number];
export const FREEZE_STRATEGIES = ['SoftFreeze', 'HardFreeze'] as const;
export type FreezeStrategy = (typeof FREEZE_STRATEGIES)[number];
export const SHIPPING_MODES = ['Single', 'Multiple'] as const;
export type ShippingMode = (typeof SHIPPING_MODES)[number];
export const CART_ORIGINS = ['Customer', 'Merchant', 'Quote', 'RecurringOrder'] as const;
export type CartOrigin = (typeof CART_ORIGINS)[number];
export const CUSTOM_LINE_ITEM_PRICE_MODES = ['Standard', 'External'] as const;
export type CustomLineItemPriceMode = (typeof CUSTOM_LINE_ITEM_PRICE_MODES)[number];
export const CART_MERGE_MODES = ['MergeWithExistingCustomerCart', 'UseAsNewActiveCustomerCart'] as const;
export type CartMergeMode = (typeof CART_MERGE_MODES)[number];
export type LineItemPriceMode = 'Platform' | 'ExternalPrice' | 'ExternalTotal';
export type LineItemMode = 'Standard' | 'GiftLineItem';
export type ShippingMethodState = 'MatchesCart' | 'DoesNotMatchCart';

/** The project's default retention of a cart, in days (checkout facts 4.11), and its bounds. */
export const CART_DELETE_DAYS = { default: 90, min: 1, max: 365_250 } as const;

/** A rate on a cart item or shipping: a TaxCategory's rate, or an external one (without `id`). */
export type ItemTaxRate = Omit<TaxRate, 'id'> & { id?: string };

export interface TaxPortion {
  name?: string;
  rate: number;
  amount: CentPrecisionMoney;
}

export interface TaxedPrice {
  totalNet: CentPrecisionMoney;
  totalGross: CentPrecisionMoney;
  taxPortions: TaxPortion[];
  totalTax?: CentPrecisionMoney;
}

export type TaxedItemPrice = TaxedPrice;

export interface ItemState {
  quantity: number;
  state: Reference<'state'>;
}

export interface ItemShippingTarget {
  addressKey: string;
  quantity: number;
  shippingMethodKey?: string;
}

export interface ItemShippingDetails {
  targets: ItemShippingTarget[];
  valid: boolean;
}

export interface MethodTaxRate {
  shippingMethodKey: string;
  taxRate?: ItemTaxRate;
}

export interface MethodTaxedPrice {
  shippingMethodKey: string;
  taxedPrice?: TaxedItemPrice;
}

export interface DiscountedLineItemPortion {
  discount: Reference<'cart-discount'>;
  discountedAmount: TypedMoney;
}

export interface DiscountedLineItemPrice {
  value: TypedMoney;
  includedDiscounts: DiscountedLineItemPortion[];
}

export interface DiscountedLineItemPriceForQuantity {
  quantity: number;
  discountedPrice: DiscountedLineItemPrice;
}

export interface RecurrenceInfo {
  recurrencePolicy: Reference<'recurrence-policy'>;
  priceSelectionMode?: 'Dynamic' | 'Fixed';
}

export interface LineItem {
  id: string;
  key?: string;
  productId: string;
  productKey?: string;
  name: LocalizedString;
  productSlug?: LocalizedString;
  productType: Reference<'product-type'>;
  variant: ProductVariant;
  price: Price;
  quantity: number;
  totalPrice: CentPrecisionMoney;
  discountedPricePerQuantity: DiscountedLineItemPriceForQuantity[];
  taxedPrice?: TaxedItemPrice;
  taxedPricePortions: MethodTaxedPrice[];
  state: ItemState[];
  taxRate?: ItemTaxRate;
  perMethodTaxRate: MethodTaxRate[];
  supplyChannel?: Reference<'channel'>;
  distributionChannel?: Reference<'channel'>;
  priceMode: LineItemPriceMode;
  lineItemMode: LineItemMode;
  inventoryMode?: InventoryMode;
  shippingDetails?: ItemShippingDetails;
  custom?: CustomFields;
  addedAt?: string;
  lastModifiedAt?: string;
  recurrenceInfo?: RecurrenceInfo;
}

export interface CustomLineItem {
  id: string;
  key?: string;
  name: LocalizedString;
  money: TypedMoney;
  taxedPrice?: TaxedItemPrice;
  taxedPricePortions: MethodTaxedPrice[];
  totalPrice: CentPrecisionMoney;
  slug: string;
  quantity: number;
  state: ItemState[];
  taxCategory?: Reference<'tax-category'>;
  taxRate?: ItemTaxRate;
  perMethodTaxRate: MethodTaxRate[];
  discountedPricePerQuantity: DiscountedLineItemPriceForQuantity[];
  custom?: CustomFields;
  shippingDetails?: ItemShippingDetails;
  priceMode: CustomLineItemPriceMode;
  recurrenceInfo?: RecurrenceInfo;
}

export interface EstimatedDelivery {
  from?: string;
  until?: string;
}

export interface Delivery {
  id: string;
  key?: string;
  createdAt: string;
  items: { id: string; quantity: number }[];
  parcels: unknown[];
  address?: Address;
  custom?: CustomFields;
}

export interface ShippingInfo {
  shippingMethodName: string;
  price: CentPrecisionMoney;
  shippingRate: ShippingRate;
  taxedPrice?: TaxedItemPrice;
  taxRate?: ItemTaxRate;
  taxCategory?: Reference<'tax-category'>;
  shippingMethod?: Reference<'shipping-method'>;
  deliveries?: Delivery[];
  discountedPrice?: DiscountedLineItemPrice;
  shippingMethodState: ShippingMethodState;
  estimatedDelivery?: EstimatedDelivery;
}

export type ShippingRateInput =
  { type: 'Classification'; key: string; label: LocalizedString } | { type: 'Score'; score: number };

export interface Shipping {
  shippingKey: string;
  shippingInfo: ShippingInfo;
  shippingAddress: Address;
  shippingRateInput?: ShippingRateInput;
  shippingCustomFields?: CustomFields;
}

export interface DiscountCodeInfo {
  discountCode: Reference<'discount-code'>;
  state:
    | 'NotActive'
    | 'NotValid'
    | 'DoesNotMatchCart'
    | 'MatchesCart'
    | 'MaxApplicationReached'
    | 'ApplicationStoppedByPreviousDiscount'
    | 'ApplicationStoppedByGroupBestDeal';
}

export interface DirectDiscount {
  id: string;
  value: Record<string, unknown>;
  target?: Record<string, unknown>;
}

export interface DiscountOnTotalPrice {
  discountedAmount: TypedMoney;
  includedDiscounts: { discount: Reference<'cart-discount'>; discountedAmount: TypedMoney }[];
  discountedNetAmount?: TypedMoney;
  discountedGrossAmount?: TypedMoney;
}

export interface CartLock {
  createdAt: string;
  clientId: string;
}

export interface Cart extends BaseResource {
  key?: string;
  customerId?: string;
  customerEmail?: string;
  customerGroup?: Reference<'customer-group'>;
  anonymousId?: string;
  businessUnit?: KeyReference<'business-unit'>;
  store?: KeyReference<'store'>;
  lineItems: LineItem[];
  customLineItems: CustomLineItem[];
  totalLineItemQuantity?: number;
  totalPrice: CentPrecisionMoney;
  taxedPrice?: TaxedPrice;
  taxedShippingPrice?: TaxedPrice;
  discountOnTotalPrice?: DiscountOnTotalPrice;
  taxMode: TaxMode;
  priceRoundingMode: RoundingMode;
  taxRoundingMode: RoundingMode;
  taxCalculationMode: TaxCalculationMode;
  inventoryMode: InventoryMode;
  cartState: CartState;
  freezeStrategy?: FreezeStrategy;
  billingAddress?: Address;
  shippingAddress?: Address;
  shippingMode: ShippingMode;
  shippingKey?: string;
  shippingInfo?: ShippingInfo;
  shippingRateInput?: ShippingRateInput;
  shippingCustomFields?: CustomFields;
  shipping: Shipping[];
  itemShippingAddresses: Address[];
  discountCodes: DiscountCodeInfo[];
  directDiscounts: DirectDiscount[];
  refusedGifts: Reference<'cart-discount'>[];
  paymentInfo?: { payments: Reference<'payment'>[] };
  country?: string;
  locale?: string;
  origin: CartOrigin;
  custom?: CustomFields;
  lock?: CartLock;
  deleteDaysAfterLastModification?: number;
  purchaseOrderNumber?: string;
  warnings?: { code: string; message: string; [field: string]: unknown }[];
}

export type CartPagedQueryResponse = PagedQueryResponse<Cart>;
