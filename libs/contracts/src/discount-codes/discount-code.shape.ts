import type { KeyReference, Reference } from '../common/types.js';
import {
  array,
  boolean,
  custom,
  datetime,
  type Infer,
  integer,
  json,
  key,
  keyReference,
  localizedString,
  optional,
  reference,
  resource,
  string,
} from '../shapes/shape.js';

/** A Discount Code as the API answers it (SDK discount-code.ts, checkout facts 7, 4.14). */
export const DiscountCodeShape = resource('DiscountCode', {
  key: optional(key()),
  name: optional(localizedString()),
  description: optional(localizedString()),
  code: string(),
  cartDiscounts: array(reference('cart-discount')),
  stores: array(keyReference('store')),
  cartPredicate: optional(string()),
  isActive: boolean(),
  references: json(),
  maxApplications: optional(integer()),
  maxApplicationsPerCustomer: optional(integer()),
  custom: optional(custom()),
  groups: array(string()),
  validFrom: optional(datetime()),
  validUntil: optional(datetime()),
  applicationVersion: optional(integer()),
});

export type DiscountCode = Omit<Infer<typeof DiscountCodeShape>, 'stores' | 'references'> & {
  /** The Stores of its Cart Discounts (derived). */
  stores: KeyReference<'store'>[];
  references: Reference<string>[];
};

/** At most this many Cart Discounts per code, and codes per cart (checkout facts 4.13). */
export const DISCOUNT_CODE_LIMITS = { cartDiscounts: 10, codesPerCart: 10 } as const;
