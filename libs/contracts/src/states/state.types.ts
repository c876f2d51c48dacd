import type { Infer } from '../shapes/shape.js';
import type { StateShape } from './state.shape.js';

/** PSDK `StateTypeEnum`. */
export const STATE_TYPES = [
  'LineItemState',
  'OrderState',
  'PaymentState',
  'ProductState',
  'QuoteRequestState',
  'QuoteState',
  'RecurringOrderState',
  'ReviewState',
  'StagedQuoteState',
] as const;
export type StateType = (typeof STATE_TYPES)[number];

/** PSDK `StateRoleEnum`. */
export const STATE_ROLES = ['Return', 'ReviewIncludedInStatistics'] as const;
export type StateRole = (typeof STATE_ROLES)[number];

/** A State of a workflow (`StateShape`). */
export type State = Infer<typeof StateShape>;
