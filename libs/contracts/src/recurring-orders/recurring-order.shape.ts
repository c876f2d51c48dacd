import {
  custom,
  datetime,
  enumOf,
  type Infer,
  integer,
  key,
  object,
  optional,
  reference,
  resource,
  string,
} from '../shapes/shape.js';
import { RecurrencePolicyScheduleShape } from './recurrence-policy.shape.js';

export const RECURRING_ORDER_STATES = ['Active', 'Canceled', 'Expired', 'Failed', 'Paused'] as const;

/** Key references (`{typeId, key}`), as the SDK gives a Store and a Business Unit. */
export const StoreKeyReferenceShape = object('StoreKeyReference', { typeId: string(), key: string() });
export const BusinessUnitKeyReferenceShape = object('BusinessUnitKeyReference', {
  typeId: string(),
  key: string(),
});

/** A recurring order (spec: Recurrence policy and recurring order shapes; SDK recurring-order.ts). */
export const RecurringOrderShape = resource('RecurringOrder', {
  key: optional(key()),
  recurringOrderState: enumOf('RecurringOrderState', RECURRING_ORDER_STATES),
  cart: reference('cart'),
  originOrder: optional(reference('order')),
  startsAt: datetime(),
  resumesAt: optional(datetime()),
  expiresAt: optional(datetime()),
  lastOrderAt: optional(datetime()),
  nextOrderAt: optional(datetime()),
  skipConfiguration: optional(
    object('SkipConfiguration', {
      type: enumOf('SkipConfigurationType', ['Counter'] as const),
      totalToSkip: integer(),
      skipped: integer(),
      lastSkippedAt: optional(datetime()),
    }),
  ),
  store: optional(StoreKeyReferenceShape),
  businessUnit: optional(BusinessUnitKeyReferenceShape),
  state: optional(reference('state')),
  schedule: RecurrencePolicyScheduleShape,
  customer: optional(reference('customer')),
  customerEmail: optional(string()),
  custom: optional(custom()),
});

export type RecurringOrder = Infer<typeof RecurringOrderShape>;
export type RecurringOrderState = (typeof RECURRING_ORDER_STATES)[number];
export type SkipConfiguration = NonNullable<RecurringOrder['skipConfiguration']>;
