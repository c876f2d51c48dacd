import type { CentPrecisionMoney, TypedMoney } from '../products/price.types.js';
import {
  array,
  datetime,
  custom,
  integer,
  object,
  optional,
  reference,
  string,
  typed,
} from '../shapes/shape.js';

/** Money as answered (GraphQL `Money`): cents, or more fraction digits with `preciseAmount`. */
export const MoneyShape = object('Money', {
  type: string(),
  currencyCode: string(),
  centAmount: integer({ graphql: 'Long' }),
  fractionDigits: integer(),
  preciseAmount: optional(integer({ graphql: 'Long' })),
});

/** A `centPrecision` amount (totals, shipping prices). */
export const centPrecisionMoney = () => typed<CentPrecisionMoney>()(MoneyShape);
/** Either precision (prices, discounts, custom line items). */
export const typedMoney = () => typed<TypedMoney>()(MoneyShape);

/** A Price embedded in a product variant, and as a line item holds it (GraphQL `ProductPrice`). */
export const ProductPriceShape = object('ProductPrice', {
  id: string(),
  key: optional(string()),
  value: typedMoney(),
  country: optional(string({ graphql: 'Country' })),
  customerGroup: optional(reference('customer-group')),
  channel: optional(reference('channel')),
  validFrom: optional(datetime()),
  validUntil: optional(datetime()),
  discounted: optional(
    object('DiscountedProductPriceValue', { value: typedMoney(), discount: reference('product-discount') }),
  ),
  tiers: optional(array(object('ProductPriceTier', { minimumQuantity: integer(), value: typedMoney() }))),
  custom: optional(custom()),
  recurrencePolicy: optional(reference('recurrence-policy')),
});
