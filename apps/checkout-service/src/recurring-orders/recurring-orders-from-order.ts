import {
  clientLogging,
  type Cart,
  type Order,
  type RecurringOrder,
  type RequestContext,
} from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import type { MessageWriter } from '@commerce/resources';
import { randomUUID } from 'node:crypto';
import { cartsTable } from '../carts/carts.table.js';
import { requirePolicy, templateCartOf } from './recurring-order-cart.js';
import { recurringOrdersTable } from './recurring-orders.table.js';
import { nextDue, type ScheduleClock } from './schedule.js';

type Item = { id: string; recurrenceInfo?: Cart['lineItems'][number]['recurrenceInfo'] };

/** One recurring order an order starts: its own cart (the group's items only) and the recurring order. */
export interface RecurringPlan {
  template: Cart;
  recurring: RecurringOrder;
}

/** A group of a cart's recurring items: one recurrence policy and one price selection mode. */
export interface RecurringGroup {
  policyId: string;
  mode: 'Fixed' | 'Dynamic';
  keep: (item: Item) => boolean;
}

/**
 * The cart's recurring (custom) line items grouped by recurrence policy and, for line items, price selection
 * mode (absent: Fixed; custom line items join their policy's Fixed group), in the order they first appear:
 * each group becomes one recurring order (docs/CHECKOUT.md, "Recurring orders").
 */
export function recurringGroups(cart: Cart): RecurringGroup[] {
  const groups = new Map<string, RecurringGroup>();
  for (const item of [...cart.lineItems, ...cart.customLineItems]) {
    const info = item.recurrenceInfo;
    if (!info) continue;
    const policyId = info.recurrencePolicy.id;
    const mode = info.priceSelectionMode ?? 'Fixed';
    const name = `${policyId}/${mode}`;
    if (!groups.has(name))
      groups.set(name, {
        policyId,
        mode,
        keep: (other) =>
          other.recurrenceInfo?.recurrencePolicy.id === policyId &&
          (other.recurrenceInfo.priceSelectionMode ?? 'Fixed') === mode,
      });
  }
  return [...groups.values()];
}

/**
 * The recurring orders `order` starts (the live API's `originOrder`): per group, a copy of the cart with
 * that group's items only (`subset`, repriced now; origin `RecurringOrder`, Active, no key and no retention)
 * and a recurring order that started with this order (`startsAt` and `lastOrderAt` its creation) and is due
 * next one schedule step later. Reads only; `writeRecurringPlans` writes them in the order's transaction.
 */
export async function recurringPlans(
  db: Queryable,
  ctx: RequestContext,
  cart: Cart,
  order: Order,
  clock: ScheduleClock,
  subset: (keep: (item: Item) => boolean) => Promise<Cart>,
): Promise<RecurringPlan[]> {
  const groups = recurringGroups(cart);
  const logging = clientLogging(ctx.actor);
  const now = order.createdAt;
  return Promise.all(
    groups.map(async (group) => {
      const policy = await requirePolicy(db, ctx, { id: group.policyId });
      const template = templateCartOf(ctx, await subset(group.keep), now);
      const recurring: RecurringOrder = {
        id: randomUUID(),
        version: 1,
        recurringOrderState: 'Active',
        cart: { typeId: 'cart', id: template.id },
        originOrder: { typeId: 'order', id: order.id },
        startsAt: now,
        lastOrderAt: now,
        nextOrderAt: nextDue(policy.schedule, new Date(now), clock).toISOString(),
        ...(cart.store ? { store: { typeId: 'store', key: cart.store.key } } : {}),
        ...(cart.businessUnit
          ? { businessUnit: { typeId: 'business-unit', key: cart.businessUnit.key } }
          : {}),
        schedule: policy.schedule,
        ...(cart.customerId ? { customer: { typeId: 'customer', id: cart.customerId } } : {}),
        ...(cart.customerEmail ? { customerEmail: cart.customerEmail } : {}),
        createdAt: now,
        lastModifiedAt: now,
        createdBy: logging,
        lastModifiedBy: logging,
      };
      return { template, recurring };
    }),
  );
}

/** Each plan's cart, recurring order and `RecurringOrderCreated` Message, in the caller's transaction. */
export async function writeRecurringPlans(
  tx: Queryable,
  writer: MessageWriter,
  ctx: RequestContext,
  plans: readonly RecurringPlan[],
): Promise<void> {
  for (const { template, recurring } of plans) {
    await cartsTable.insert(tx, ctx.projectKey, template);
    await recurringOrdersTable.insert(tx, ctx.projectKey, recurring);
    await writer.append(
      tx,
      { typeId: 'recurring-order', id: recurring.id, version: 1, table: recurringOrdersTable.table },
      [{ type: 'RecurringOrderCreated', recurringOrder: recurring }],
    );
  }
}
