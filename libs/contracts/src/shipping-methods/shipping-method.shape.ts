import { centPrecisionMoney } from '../common/money.shape.js';
import {
  array,
  boolean,
  custom,
  integer,
  key,
  keyReference,
  localizedString,
  object,
  optional,
  reference,
  resource,
  string,
  typed,
} from '../shapes/shape.js';
import type { ShippingRatePriceTier } from './shipping-method.types.js';

/** SDK PriceFunction: cents as a function of the cart's score `x`. */
export const PriceFunctionShape = object('PriceFunction', { currencyCode: string(), function: string() });

/**
 * A tier of a shipping rate: one of three kinds (`type`). Its GraphQL type is the SDL's interface
 * `ShippingRatePriceTier` with one type per kind (`WRITTEN_IN_SDL`); here, every field any kind has.
 */
export const ShippingRatePriceTierShape = typed<ShippingRatePriceTier>()(
  object('ShippingRatePriceTier', {
    type: string(),
    minimumCentAmount: optional(integer()),
    value: optional(string()),
    score: optional(integer()),
    price: optional(centPrecisionMoney()),
    priceFunction: optional(PriceFunctionShape),
    isMatching: optional(boolean()),
  }),
);

/** SDK ShippingRate: one price per currency in a zone rate. */
export const ShippingRateShape = object('ShippingRate', {
  price: centPrecisionMoney(),
  freeAbove: optional(centPrecisionMoney()),
  isMatching: optional(boolean()),
  tiers: array(ShippingRatePriceTierShape),
});

export const ZoneRateShape = object('ZoneRate', {
  zone: reference('zone'),
  shippingRates: array(ShippingRateShape),
});

/** A ShippingMethod (SDK `shipping-method.d.ts`). */
export const ShippingMethodShape = resource('ShippingMethod', {
  key: optional(key()),
  name: string(),
  localizedName: optional(localizedString()),
  description: optional(string()),
  localizedDescription: optional(localizedString()),
  taxCategory: reference('tax-category'),
  zoneRates: array(ZoneRateShape),
  active: boolean(),
  isDefault: boolean(),
  predicate: optional(string()),
  custom: optional(custom()),
  stores: array(keyReference('store')),
  carrier: optional(string()),
});
