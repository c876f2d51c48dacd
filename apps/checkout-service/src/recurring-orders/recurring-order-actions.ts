import {
  RecurringOrderSetExpiresAtAction,
  RecurringOrderSetKeyAction,
  RecurringOrderSetOrderSkipConfigurationAction,
  RecurringOrderSetScheduleAction,
  RecurringOrderSetStartsAtAction,
  RecurringOrderSetStateAction,
  RecurringOrderTransitionStateAction,
  type MessagePayload,
  type RecurringOrder,
  type RecurringOrderState,
  type RecurringOrderStateDraftDto,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, type ReferenceResolver } from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import { transitionTarget } from '../shared/state-transition.js';
import { requirePolicy } from './recurring-order-cart.js';
import { firstDue, firstDueFrom, nextDue, type ScheduleClock } from './schedule.js';

type Order = RecurringOrder;
const utc = (value: string) => new Date(value).toISOString();

/** The order in `state`, with its `RecurringOrderStateChanged` Message (spec: Messages). */
export function withState(order: Order, state: RecurringOrderState, extra: Partial<Order> = {}) {
  const messages: MessagePayload[] =
    order.recurringOrderState === state
      ? []
      : [
          {
            type: 'RecurringOrderStateChanged',
            recurringOrderState: state,
            oldRecurringOrderState: order.recurringOrderState,
          },
        ];
  return { resource: { ...order, ...extra, recurringOrderState: state }, messages };
}

/** The next due time once the order runs again from `now`: missed occurrences are not made up. */
function resumedNextOrderAt(order: Order, now: Date, clock: ScheduleClock): string {
  const due = new Date(order.nextOrderAt ?? order.startsAt);
  return firstDueFrom(order.schedule, due, now, clock).toISOString();
}

/** Whether a skip counter still has orders to skip. */
export const skipping = (order: Order) =>
  order.skipConfiguration !== undefined &&
  order.skipConfiguration.skipped < order.skipConfiguration.totalToSkip;

/**
 * The moves `setRecurringOrderState` allows (the spec leaves them open; docs/CHECKOUT.md, "Recurring orders"):
 * Canceled is final; Expired leaves only by extending `expiresAt`; `active` resumes a Paused or Failed order
 * (at `resumesAt` when given, Paused until then); `paused` stops an Active or Failed one.
 */
function changeState(order: Order, draft: RecurringOrderStateDraftDto, clock: ScheduleClock) {
  const current = order.recurringOrderState;
  const now = new Date();
  const refuse = (why: string) =>
    Errors.invalidOperation(`A ${current} recurring order cannot be made ${draft.type}: ${why}`);
  if (current === 'Canceled' && draft.type !== 'canceled') throw refuse('Canceled is final.');
  switch (draft.type) {
    case 'active': {
      if (current === 'Active') return { resource: order };
      if (current === 'Expired') throw refuse('extend expiresAt with setExpiresAt instead.');
      if (draft.resumesAt && new Date(draft.resumesAt).getTime() > now.getTime())
        return withState(order, 'Paused', { resumesAt: utc(draft.resumesAt) });
      const resumed = withState(order, 'Active', { nextOrderAt: resumedNextOrderAt(order, now, clock) });
      return { ...resumed, resource: withOptional(resumed.resource, 'resumesAt', undefined) };
    }
    case 'paused': {
      if (current === 'Expired') throw refuse('an expired order does not run.');
      const paused = withState(order, 'Paused');
      return { ...paused, resource: withOptional(paused.resource, 'resumesAt', undefined) };
    }
    case 'canceled':
      return withState(order, 'Canceled');
    case 'expired':
      return withState(order, 'Expired');
  }
}

/** The old and new value of a date-time field as Messages name them, each only when present. */
const pair = (name: string, value: string | undefined, oldName: string, old: string | undefined) => ({
  ...(value !== undefined ? { [name]: value } : {}),
  ...(old !== undefined ? { [oldName]: old } : {}),
});

function expiresAtSet(order: Order, expiresAt: string | undefined, clock: ScheduleClock) {
  const value = expiresAt === undefined ? undefined : utc(expiresAt);
  if (value === order.expiresAt) return { resource: order };
  let outcome: { resource: Order; messages: MessagePayload[] } = {
    resource: withOptional(order, 'expiresAt', value),
    messages: [],
  };
  const now = new Date();
  if (order.recurringOrderState === 'Expired' && (value === undefined || new Date(value) > now)) {
    outcome = withState(outcome.resource, 'Active', {
      nextOrderAt: resumedNextOrderAt(outcome.resource, now, clock),
    });
  }
  return {
    resource: outcome.resource,
    messages: [
      { type: 'RecurringOrderExpiresAtSet', ...pair('newExpiresAt', value, 'oldExpiresAt', order.expiresAt) },
      ...outcome.messages,
    ],
  };
}

export function recurringOrderActions(resolver: ReferenceResolver, clock: ScheduleClock) {
  return {
    setKey: action(RecurringOrderSetKeyAction, (order: Order, { key }) => {
      if ((key ?? undefined) === order.key) return { resource: order };
      return {
        resource: withOptional(order, 'key', key),
        messages: [{ type: 'RecurringOrderKeySet', ...pair('key', key ?? undefined, 'oldKey', order.key) }],
      };
    }),
    setOrderSkipConfiguration: action(RecurringOrderSetOrderSkipConfigurationAction, (order: Order, dto) => {
      const draft = dto.skipConfigurationInputDraft;
      const skipped = withOptional(
        order,
        'skipConfiguration',
        draft && { type: 'Counter' as const, totalToSkip: draft.totalToSkip, skipped: 0 },
      );
      if (dto.updatedExpiresAt === undefined) return { resource: skipped };
      return expiresAtSet(skipped, dto.updatedExpiresAt, clock);
    }),
    setSchedule: action(RecurringOrderSetScheduleAction, async (order: Order, dto, { ctx, db }) => {
      if (order.recurringOrderState !== 'Active')
        throw Errors.invalidOperation(
          'The schedule of a recurring order can only be set while it is Active.',
        );
      if (skipping(order))
        throw Errors.invalidOperation(
          'The recurring order has orders left to skip; set the schedule afterwards.',
        );
      const { schedule } = await requirePolicy(db, ctx, dto.recurrencePolicy);
      const now = new Date();
      const base = order.lastOrderAt
        ? nextDue(schedule, new Date(order.lastOrderAt), clock)
        : firstDue(schedule, new Date(order.startsAt), clock);
      const nextOrderAt = (order.lastOrderAt ? firstDueFrom(schedule, base, now, clock) : base).toISOString();
      return {
        resource: { ...order, schedule, nextOrderAt },
        messages: [
          {
            type: 'RecurringOrderScheduleSet',
            recurrencePolicySchedule: schedule,
            oldRecurrencePolicySchedule: order.schedule,
          },
        ],
      };
    }),
    setStartsAt: action(RecurringOrderSetStartsAtAction, (order: Order, dto) => {
      const now = Date.now();
      if (order.lastOrderAt || new Date(order.startsAt).getTime() <= now)
        throw Errors.invalidOperation('The recurring order has started; its start can no longer be set.');
      const startsAt = new Date(dto.startsAt);
      if (startsAt.getTime() <= now) throw Errors.invalidInput('startsAt must be in the future.');
      return {
        resource: {
          ...order,
          startsAt: startsAt.toISOString(),
          nextOrderAt: firstDue(order.schedule, startsAt, clock).toISOString(),
        },
        messages: [
          {
            type: 'RecurringOrderStartsAtSet',
            startsAt: startsAt.toISOString(),
            oldStartsAt: order.startsAt,
          },
        ],
      };
    }),
    setExpiresAt: action(RecurringOrderSetExpiresAtAction, (order: Order, dto) =>
      expiresAtSet(order, dto.expiresAt ?? undefined, clock),
    ),
    setRecurringOrderState: action(RecurringOrderSetStateAction, (order: Order, dto) =>
      changeState(order, dto.recurringOrderState, clock),
    ),
    transitionState: action(RecurringOrderTransitionStateAction, async (order: Order, dto, { ctx }) => {
      const force = dto.force === true;
      const state = await transitionTarget(
        resolver,
        ctx,
        'RecurringOrderState',
        order.state,
        dto.state,
        force,
      );
      if (order.state?.id === state.id) return { resource: order };
      return {
        resource: { ...order, state },
        messages: [
          {
            type: 'RecurringOrderStateTransition',
            state,
            ...(order.state ? { oldState: order.state } : {}),
            force,
          },
        ],
      };
    }),
  };
}
