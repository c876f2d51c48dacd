import type { CentPrecisionMoney, Price, TypedMoney } from '../products/price.types.js';
import type { ProductVariant } from '../products/product.types.js';
import {
  array,
  datetime,
  custom,
  integer,
  json,
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

/** A product's embedded price, as a line item holds it (GraphQL `ProductPrice`). */
export const ProductPriceShape = typed<Price>()(
  object('ProductPrice', {
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
  }),
);

/**
 * A product variant as a line item holds it. Its GraphQL type is the one the SDL writes for products
 * (`ProductVariant`: `attributesRaw`, `pricesRaw`); `WRITTEN_IN_SDL` in the gateway says so.
 */
export const ProductVariantShape = typed<ProductVariant>()(
  object('ProductVariant', {
    id: integer(),
    sku: optional(string()),
    key: optional(string()),
    prices: array(json()),
    images: array(json()),
    attributes: array(json()),
    assets: array(json()),
  }),
);
