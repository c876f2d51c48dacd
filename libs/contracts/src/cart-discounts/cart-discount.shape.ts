import type { KeyReference, Reference } from '../common/types.js';
import type { TypedMoney } from '../products/price.types.js';
import {
  array,
  boolean,
  custom,
  datetime,
  type Infer,
  json,
  key,
  keyReference,
  localizedString,
  optional,
  reference,
  resource,
  string,
} from '../shapes/shape.js';

/** A Cart Discount as the API answers it (SDK cart-discount.ts, checkout facts 7). */
export const CartDiscountShape = resource('CartDiscount', {
  key: optional(key()),
  name: localizedString(),
  description: optional(localizedString()),
  value: json(),
  cartPredicate: string(),
  target: optional(json()),
  sortOrder: string(),
  stores: array(keyReference('store')),
  isActive: boolean(),
  validFrom: optional(datetime()),
  validUntil: optional(datetime()),
  requiresDiscountCode: boolean(),
  references: json(),
  stackingMode: string(),
  custom: optional(custom()),
  discountGroup: optional(reference('discount-group')),
  recurringOrderScope: json(),
});

export type DiscountApplicationMode =
  'EvenDistribution' | 'IndividualApplication' | 'ProportionateDistribution';
export type SelectionMode = 'Cheapest' | 'MostExpensive';
export type StackingMode = 'Stacking' | 'StopAfterThisDiscount';

/** SDK CartDiscountValue (the answer's form: money as TypedMoney, the gift's product as a Reference). */
export type CartDiscountValue =
  | { type: 'relative'; permyriad: number; applicationMode?: DiscountApplicationMode }
  | { type: 'absolute'; money: TypedMoney[]; applicationMode?: DiscountApplicationMode }
  | { type: 'fixed'; money: TypedMoney[]; applicationMode?: DiscountApplicationMode }
  | {
      type: 'giftLineItem';
      product: Reference<'product'>;
      variantId: number;
      supplyChannel?: Reference<'channel'>;
      distributionChannel?: Reference<'channel'>;
    };

/** SDK PatternComponent. */
export interface PatternComponent {
  type: 'CountOnLineItemUnits' | 'CountOnCustomLineItemUnits';
  predicate: string;
  minCount?: number;
  maxCount?: number;
  excludeCount?: number;
}

/** The kinds of a cart discount's target (SDK CartDiscountTarget's `type`). */
export const CART_DISCOUNT_TARGET_TYPES = [
  'lineItems',
  'customLineItems',
  'shipping',
  'totalPrice',
  'multiBuyLineItems',
  'multiBuyCustomLineItems',
  'pattern',
] as const satisfies readonly CartDiscountTarget['type'][];

/** SDK CartDiscountTarget. */
export type CartDiscountTarget =
  | { type: 'lineItems' | 'customLineItems'; predicate: string }
  | { type: 'shipping' }
  | { type: 'totalPrice' }
  | {
      type: 'multiBuyLineItems' | 'multiBuyCustomLineItems';
      predicate: string;
      triggerQuantity: number;
      discountedQuantity: number;
      maxOccurrence?: number;
      selectionMode: SelectionMode;
    }
  | {
      type: 'pattern';
      triggerPattern: PatternComponent[];
      targetPattern: PatternComponent[];
      maxOccurrence?: number;
      selectionMode: SelectionMode;
    };

/** SDK RecurringOrderScope. */
export type RecurringOrderScope =
  | { type: 'NonRecurringOrdersOnly' | 'AnyOrder' | 'RecurringOrdersOnly' }
  | { type: 'ApplicableRecurrencePolicies'; recurrencePolicies: Reference<'recurrence-policy'>[] };

export type CartDiscount = Omit<
  Infer<typeof CartDiscountShape>,
  'value' | 'target' | 'stores' | 'references' | 'stackingMode' | 'discountGroup' | 'recurringOrderScope'
> & {
  value: CartDiscountValue;
  target?: CartDiscountTarget;
  stores: KeyReference<'store'>[];
  references: Reference<string>[];
  stackingMode: StackingMode;
  discountGroup?: Reference<'discount-group'>;
  recurringOrderScope: RecurringOrderScope;
};

/** At most this many Stores per Cart Discount (checkout facts 4.13). */
export const CART_DISCOUNT_STORE_LIMIT = 500;
