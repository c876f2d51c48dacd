import type { CentPrecisionMoney } from '../products/price.types.js';
import type { Infer } from '../shapes/shape.js';
import type { ShippingMethodShape, ShippingRateShape, ZoneRateShape } from './shipping-method.shape.js';

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
export type ShippingRate = Infer<typeof ShippingRateShape>;

export type ZoneRate = Infer<typeof ZoneRateShape>;

/** A ShippingMethod (SDK `shipping-method.d.ts`). */
export type ShippingMethod = Infer<typeof ShippingMethodShape>;

/** At most this many Stores per shipping method (InvalidOperation beyond; SDK ShippingMethodDraft.stores). */
export const SHIPPING_METHOD_STORE_LIMIT = 100;
