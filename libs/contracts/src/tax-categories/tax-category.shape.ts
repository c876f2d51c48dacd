import { array, boolean, key, number, object, optional, resource, string, typed } from '../shapes/shape.js';
import type { TaxRate } from './tax-category.types.js';

/**
 * A tax rate: one of a TaxCategory's rates (at most one per country and state), or, on a cart item or its
 * shipping, a copy of one or an external rate (without `id`).
 */
export const TaxRateShape = object('TaxRate', {
  id: optional(string()),
  key: optional(string()),
  name: string(),
  amount: number(),
  includedInPrice: boolean(),
  country: string({ graphql: 'Country' }),
  state: optional(string()),
  subRates: optional(array(object('SubRate', { name: string(), amount: number() }))),
});

/** A TaxCategory as the API answers it. */
export const TaxCategoryShape = resource('TaxCategory', {
  key: optional(key()),
  name: string(),
  description: optional(string()),
  /** Its own rates always have an `id`. */
  rates: array(typed<TaxRate>()(TaxRateShape)),
});
