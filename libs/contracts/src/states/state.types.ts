import type { BaseResource, LocalizedString, Reference } from '../common/types.js';

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

/**
 * A State of a workflow. `transitions` absent: any transition is allowed; empty: none (a final state).
 * `builtIn` states are created by the platform and can not be deleted.
 */
export interface State extends BaseResource {
  key: string;
  type: StateType;
  name?: LocalizedString;
  description?: LocalizedString;
  initial: boolean;
  builtIn: boolean;
  roles: StateRole[];
  transitions?: Reference<'state'>[];
}
