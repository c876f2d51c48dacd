import type { LocalizedString, PagedQueryResponse } from '../common/types.js';
import type { RoundingMode } from '../projects/project.types.js';
import type { Infer } from '../shapes/shape.js';
import type { TaxRateShape } from '../tax-categories/tax-category.shape.js';
import type * as shapes from './cart.shape.js';

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
export type ItemTaxRate = Infer<typeof TaxRateShape>;
export type TaxPortion = Infer<typeof shapes.TaxPortionShape>;
export type TaxedPrice = Infer<typeof shapes.TaxedPriceShape>;
export type TaxedItemPrice = Infer<typeof shapes.TaxedItemPriceShape>;
export type ItemState = Infer<typeof shapes.ItemStateShape>;
export type ItemShippingDetails = Infer<typeof shapes.ItemShippingDetailsShape>;
export type ItemShippingTarget = ItemShippingDetails['targets'][number];
export type MethodTaxRate = Infer<typeof shapes.MethodTaxRateShape>;
export type MethodTaxedPrice = Infer<typeof shapes.MethodTaxedPriceShape>;
export type DiscountedLineItemPortion = Infer<typeof shapes.DiscountedLineItemPortionShape>;
export type DiscountedLineItemPrice = Infer<typeof shapes.DiscountedLineItemPriceShape>;
export type DiscountedLineItemPriceForQuantity = Infer<typeof shapes.DiscountedLineItemPriceForQuantityShape>;
export type RecurrenceInfo = Infer<typeof shapes.RecurrenceInfoShape>;
export type LineItem = Infer<typeof shapes.LineItemShape>;
export type CustomLineItem = Infer<typeof shapes.CustomLineItemShape>;
export type Delivery = Infer<typeof shapes.DeliveryShape>;
export type ShippingInfo = Infer<typeof shapes.ShippingInfoShape>;
export type EstimatedDelivery = NonNullable<ShippingInfo['estimatedDelivery']>;

export type ShippingRateInput =
  { type: 'Classification'; key: string; label: LocalizedString } | { type: 'Score'; score: number };

export type Shipping = Infer<typeof shapes.ShippingShape>;
export type DiscountCodeInfo = Infer<typeof shapes.DiscountCodeInfoShape>;
export type DirectDiscount = Infer<typeof shapes.DirectDiscountShape>;
export type DiscountOnTotalPrice = Infer<typeof shapes.DiscountOnTotalPriceShape>;
export type CartLock = Infer<typeof shapes.CartLockShape>;
export type Cart = Infer<typeof shapes.CartShape>;

export type CartPagedQueryResponse = PagedQueryResponse<Cart>;
