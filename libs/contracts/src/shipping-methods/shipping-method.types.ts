import type {
  BaseResource,
  CustomFields,
  KeyReference,
  LocalizedString,
  Reference,
} from '../common/types.js';
import type { CentPrecisionMoney } from '../products/price.types.js';

/** SDK PriceFunction: cents as a function of the cart's score `x`. */
export interface PriceFunction {
  currencyCode: string;
  function: string;
}

export const SHIPPING_RATE_TIER_TYPES = ['CartValue', 'CartClassification', 'CartScore'] as const;
export type ShippingRateTierType = (typeof SHIPPING_RATE_TIER_TYPES)[number];

export interface CartValueTier {
  type: 'CartValue';
  minimumCentAmount: number;
  price: CentPrecisionMoney;
  isMatching?: boolean;
}
export interface CartClassificationTier {
  type: 'CartClassification';
  value: string;
  price: CentPrecisionMoney;
  isMatching?: boolean;
}
export interface CartScoreTier {
  type: 'CartScore';
  score: number;
  price?: CentPrecisionMoney;
  priceFunction?: PriceFunction;
  isMatching?: boolean;
}
export type ShippingRatePriceTier = CartValueTier | CartClassificationTier | CartScoreTier;

/** SDK ShippingRate: one price per currency in a zone rate. */
export interface ShippingRate {
  price: CentPrecisionMoney;
  freeAbove?: CentPrecisionMoney;
  isMatching?: boolean;
  tiers: ShippingRatePriceTier[];
}

export interface ZoneRate {
  zone: Reference<'zone'>;
  shippingRates: ShippingRate[];
}

/** A ShippingMethod (SDK `shipping-method.d.ts`). */
export interface ShippingMethod extends BaseResource {
  key?: string;
  name: string;
  localizedName?: LocalizedString;
  description?: string;
  localizedDescription?: LocalizedString;
  taxCategory: Reference<'tax-category'>;
  zoneRates: ZoneRate[];
  active: boolean;
  isDefault: boolean;
  predicate?: string;
  custom?: CustomFields;
  stores: KeyReference<'store'>[];
  carrier?: string;
}

/** At most this many Stores per shipping method (InvalidOperation beyond; SDK ShippingMethodDraft.stores). */
export const SHIPPING_METHOD_STORE_LIMIT = 100;
