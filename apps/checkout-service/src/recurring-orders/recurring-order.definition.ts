import {
  RecurringOrderDraftDto,
  type Cart,
  type RecurringOrder,
  type RecurringOrderResource,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import {
  resolveCustomFields,
  type DeclaredActionTable,
  type ReferenceResolver,
  type ResourceDefinition,
} from '@commerce/resources';
import { cartsTable } from '../carts/carts.table.js';
import { customActionsWithMessages } from '../shared/custom-actions-with-messages.js';
import { stateReference } from '../shared/state-transition.js';
import { recurringCartOf, templateCartOf } from './recurring-order-cart.js';
import { recurringOrderActions } from './recurring-order-actions.js';
import { recurringOrdersTable } from './recurring-orders.table.js';
import { firstDue, type ScheduleClock } from './schedule.js';

export const RECURRING_ORDER_ENGINE = Symbol('RECURRING_ORDER_ENGINE');

/** A date-time of a draft as stored: UTC, milliseconds (the scheduler compares them as text). */
export const utc = (value: string) => new Date(value).toISOString();

/**
 * Recurring orders (beta): created from a cart whose recurring items name one recurrence policy. The order
 * keeps its own copy of the cart (origin `RecurringOrder`), written in the create's transaction, and the
 * policy's schedule; the scheduler (`RecurringOrderScheduler`) orders from that copy when `nextOrderAt` comes.
 */
export function defineRecurringOrder(
  resolver: ReferenceResolver,
  clock: ScheduleClock,
): ResourceDefinition<RecurringOrder, RecurringOrderDraftDto> {
  const templates = new WeakMap<RecurringOrderDraftDto, Cart>();
  const actions: DeclaredActionTable<RecurringOrder, typeof RecurringOrderResource.actions> = {
    ...recurringOrderActions(resolver, clock),
    ...customActionsWithMessages<RecurringOrder>('recurring-order', 'RecurringOrder', resolver, {
      oldTypeId: 'previousTypeId',
      oldValue: 'previousValue',
    }),
  };
  return {
    typeId: 'recurring-order',
    table: recurringOrdersTable,
    draft: RecurringOrderDraftDto,
    actions,
    async build(draft, { ctx, db }) {
      const now = new Date();
      const startsAt = draft.startsAt ? new Date(draft.startsAt) : now;
      if (draft.startsAt && startsAt.getTime() < now.getTime())
        throw Errors.invalidInput('startsAt must be in the future (omit it to start now).');
      if (draft.expiresAt && new Date(draft.expiresAt).getTime() <= startsAt.getTime())
        throw Errors.invalidInput('expiresAt must be after startsAt.');
      const { source, policy } = await recurringCartOf(db, ctx, draft);
      const [state, custom] = await Promise.all([
        draft.state && stateReference(resolver, ctx, 'RecurringOrderState', draft.state),
        resolveCustomFields(resolver, ctx, 'recurring-order', draft.custom),
      ]);
      const template = templateCartOf(ctx, source, now.toISOString());
      templates.set(draft, template);
      return {
        ...(draft.key ? { key: draft.key } : {}),
        recurringOrderState: 'Active',
        cart: { typeId: 'cart', id: template.id },
        startsAt: startsAt.toISOString(),
        ...(draft.expiresAt ? { expiresAt: utc(draft.expiresAt) } : {}),
        nextOrderAt: firstDue(policy.schedule, startsAt, clock).toISOString(),
        ...(source.store ? { store: { typeId: 'store', key: source.store.key } } : {}),
        ...(source.businessUnit
          ? { businessUnit: { typeId: 'business-unit', key: source.businessUnit.key } }
          : {}),
        ...(state ? { state } : {}),
        schedule: policy.schedule,
        ...(source.customerId ? { customer: { typeId: 'customer', id: source.customerId } } : {}),
        ...(source.customerEmail ? { customerEmail: source.customerEmail } : {}),
        ...(custom ? { custom } : {}),
      };
    },
    createWrite(_resource, draft, { ctx }) {
      const template = templates.get(draft);
      if (!template) return undefined;
      return (tx) => cartsTable.insert(tx, ctx.projectKey, template);
    },
    createdMessage: (recurringOrder) => ({ type: 'RecurringOrderCreated', recurringOrder }),
    deletedMessage: (recurringOrder) => ({ type: 'RecurringOrderDeleted', recurringOrder }),
  };
}
