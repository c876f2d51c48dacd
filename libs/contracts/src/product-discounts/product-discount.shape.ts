import type { Reference } from '../common/types.js';
import type { CentPrecisionMoney, TypedMoney } from '../products/price.types.js';
import {
  array,
  boolean,
  datetime,
  json,
  key,
  localizedString,
  optional,
  resource,
  string,
  type Infer,
} from '../shapes/shape.js';

/** Checkout facts 7 (SDK product-discount.ts): `value` is relative, absolute (per currency) or external. */
export const ProductDiscountShape = resource('ProductDiscount', {
  key: optional(key()),
  name: localizedString(),
  description: optional(localizedString()),
  value: json(),
  predicate: string(),
  sortOrder: string(),
  isActive: boolean(),
  references: array(json()),
  validFrom: optional(datetime()),
  validUntil: optional(datetime()),
});

export type ProductDiscountValue =
  | { type: 'relative'; permyriad: number }
  | { type: 'absolute'; money: CentPrecisionMoney[] }
  | { type: 'external' };

export type ProductDiscount = Omit<Infer<typeof ProductDiscountShape>, 'value' | 'references'> & {
  value: ProductDiscountValue;
  /** What the predicate names (products, product types, categories, channels, customer groups). */
  references: Reference[];
};

/** `POST /product-discounts/matching` (SDK ProductDiscountMatchQuery). */
export interface ProductDiscountMatchQuery {
  productId: string;
  variantId: number;
  staged: boolean;
  price: {
    value: TypedMoney;
    country?: string;
    customerGroup?: Reference<'customer-group'>;
    channel?: Reference<'channel'>;
  };
}
