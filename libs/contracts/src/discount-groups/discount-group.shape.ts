import { boolean, type Infer, key, localizedString, optional, resource, string } from '../shapes/shape.js';

/**
 * A Discount Group (SDK discount-group.ts): Cart Discounts grouped so that only the one saving the cart most
 * applies, at the group's `sortOrder` (unique among Cart Discounts and Discount Groups).
 */
export const DiscountGroupShape = resource('DiscountGroup', {
  key: key(),
  name: optional(localizedString()),
  description: optional(localizedString()),
  sortOrder: string(),
  isActive: boolean(),
});

export type DiscountGroup = Infer<typeof DiscountGroupShape>;

/** At most this many active Discount Groups per project (live API limits: MaxDiscountGroupsReached). */
export const ACTIVE_DISCOUNT_GROUP_LIMIT = 100;
/** At most this many Cart Discounts in one Discount Group (live API limits). */
export const DISCOUNT_GROUP_SIZE_LIMIT = 100;
