import type { DiscountedPrice, PriceTier, TypedMoney } from '../products/price.types.js';
import {
  array,
  boolean,
  custom,
  datetime,
  json,
  key,
  optional,
  reference,
  resource,
  string,
  type Infer,
} from '../shapes/shape.js';

/** A price of a SKU kept apart from its product (SDK standalone-price.ts); `staged` holds an unapplied value. */
export const StandalonePriceShape = resource('StandalonePrice', {
  key: optional(key()),
  sku: string(),
  value: json(),
  country: optional(string({ graphql: 'Country' })),
  customerGroup: optional(reference('customer-group')),
  channel: optional(reference('channel')),
  recurrencePolicy: optional(reference('recurrence-policy')),
  validFrom: optional(datetime()),
  validUntil: optional(datetime()),
  tiers: optional(array(json())),
  discounted: optional(json()),
  custom: optional(custom()),
  staged: optional(json()),
  active: boolean(),
});

export interface StagedStandalonePrice {
  value: TypedMoney;
  discounted?: DiscountedPrice;
}

export type StandalonePrice = Omit<
  Infer<typeof StandalonePriceShape>,
  'value' | 'tiers' | 'discounted' | 'staged'
> & {
  value: TypedMoney;
  tiers?: PriceTier[];
  discounted?: DiscountedPrice;
  staged?: StagedStandalonePrice;
};
