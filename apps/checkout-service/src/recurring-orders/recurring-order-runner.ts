import {
  Subjects,
  type Cart,
  type MessagePayload,
  type Order,
  type RecurringOrder,
  type RequestContext,
} from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import type { Queryable } from '@commerce/persistence';
import { MessageLog } from '@commerce/resources';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CartsService } from '../carts/carts.service.js';
import { cartsTable } from '../carts/carts.table.js';
import { OrderCreation, reservationItems } from '../orders/order-creation.js';
import { ordersTable } from '../orders/orders.table.js';
import { withState, skipping } from './recurring-order-actions.js';
import { RECURRING_ORDER_SETTINGS, type RecurringOrderSettings } from './recurring-order-clock.js';
import { recurringOrdersTable } from './recurring-orders.table.js';
import { firstDueFrom, nextDue } from './schedule.js';

/** What one run did with a due recurring order (tests read it). */
export type RunOutcome = 'ordered' | 'skipped' | 'expired' | 'resumed' | 'failed' | 'lost' | 'not-due';

/** Another replica took this due time first (its claim row exists, or the recurring order moved on). */
class ClaimLost extends Error {}

/**
 * One due recurring order, once per due time whatever the number of replicas: the order, its cart copy, its
 * `OrderCreatedFromRecurringOrder` Message and the recurring order's next due time commit in one transaction
 * that first inserts the claim `(recurring_order_id, due_at)` (unique) and ends with the recurring order's
 * conditional UPDATE (its version). Of two replicas running the same due time, one commits; the other's
 * claim conflicts (or its UPDATE matches nothing) and it rolls back with nothing written.
 */
@Injectable()
export class RecurringOrderRunner {
  private readonly logger = new Logger(RecurringOrderRunner.name);

  constructor(
    private readonly db: DataSource,
    private readonly messages: MessageLog,
    private readonly rpc: RpcClient,
    private readonly orders: OrderCreation,
    private readonly carts: CartsService,
    @Inject(RECURRING_ORDER_SETTINGS) private readonly settings: RecurringOrderSettings,
  ) {}

  /** Runs one recurring order if it is due at `now`. */
  async run(projectKey: string, id: string, now: Date = new Date()): Promise<RunOutcome> {
    const recurring = await recurringOrdersTable.findById(this.db, projectKey, id);
    if (!recurring) return 'not-due';
    const ctx: RequestContext = { projectKey, correlationId: randomUUID(), actor: {} };
    const at = now.toISOString();
    try {
      if (recurring.recurringOrderState === 'Paused' && recurring.resumesAt && recurring.resumesAt <= at) {
        const { resumesAt: _resumes, ...rest } = recurring;
        const nextOrderAt = this.from(recurring, new Date(recurring.nextOrderAt ?? recurring.startsAt), now);
        const resumed = withState(rest, 'Active', { nextOrderAt });
        await this.update(ctx, recurring, resumed.resource, resumed.messages);
        return 'resumed';
      }
      if (recurring.recurringOrderState !== 'Active' || !recurring.nextOrderAt || recurring.nextOrderAt > at)
        return 'not-due';
      const due = recurring.nextOrderAt;
      if (recurring.expiresAt && due >= recurring.expiresAt) {
        const expired = withState(recurring, 'Expired');
        await this.update(ctx, recurring, expired.resource, expired.messages);
        return 'expired';
      }
      const nextOrderAt = this.from(
        recurring,
        nextDue(recurring.schedule, new Date(due), this.settings),
        now,
      );
      if (skipping(recurring)) {
        const counter = recurring.skipConfiguration!;
        const next = {
          ...recurring,
          nextOrderAt,
          skipConfiguration: { ...counter, skipped: counter.skipped + 1, lastSkippedAt: at },
        };
        await this.update(ctx, recurring, next, [], { due });
        return 'skipped';
      }
      return await this.order(ctx, recurring, due, nextOrderAt, at);
    } catch (error) {
      if (error instanceof ClaimLost) return 'lost';
      if (!(error instanceof ApiError)) throw error;
      return this.fail(ctx, recurring, error, at);
    }
  }

  /** The first due time at or after `now`, counting from `due`: missed occurrences are not made up. */
  private from(recurring: RecurringOrder, due: Date, now: Date): string {
    return firstDueFrom(recurring.schedule, due, now, this.settings).toISOString();
  }

  private async order(
    ctx: RequestContext,
    recurring: RecurringOrder,
    due: string,
    nextOrderAt: string,
    at: string,
  ): Promise<RunOutcome> {
    const template = await this.template(ctx, recurring);
    const copy: Cart = {
      ...template,
      id: randomUUID(),
      version: 1,
      cartState: 'Active',
      createdAt: at,
      lastModifiedAt: at,
    };
    const checked = await this.orders.checkedOrder(ctx, copy, { version: 1 });
    const order: Order = { ...checked, recurringOrder: { typeId: 'recurring-order', id: recurring.id } };
    const items = reservationItems(copy);
    if (items.length > 0)
      await this.rpc.send(Subjects.catalog.inventory.reserve, { ctx, orderId: order.id, items });
    try {
      await this.update(
        ctx,
        recurring,
        { ...recurring, lastOrderAt: at, nextOrderAt },
        [],
        { due, orderId: order.id },
        async (tx) => {
          await cartsTable.insert(tx, ctx.projectKey, { ...copy, cartState: 'Ordered' });
          await ordersTable.insert(tx, ctx.projectKey, order);
          const writer = await this.messages.writer(ctx);
          await writer.append(tx, { typeId: 'order', id: order.id, version: 1, table: ordersTable.table }, [
            {
              type: 'OrderCreatedFromRecurringOrder',
              order,
              recurringOrderRef: { typeId: 'recurring-order', id: recurring.id },
            },
          ]);
        },
      );
    } catch (error) {
      if (items.length > 0) await this.orders.settle(ctx, order.id, 'release');
      throw error;
    }
    if (items.length > 0) await this.orders.settle(ctx, order.id, 'confirm');
    return 'ordered';
  }

  /** The recurring order's cart; with Dynamic prices, first recalculated with the current prices. */
  private async template(ctx: RequestContext, recurring: RecurringOrder): Promise<Cart> {
    const cart = await cartsTable.findById(this.db, ctx.projectKey, recurring.cart.id);
    if (!cart)
      throw Errors.invalidOperation(`The cart '${recurring.cart.id}' of the recurring order is gone.`);
    const dynamic = cart.lineItems.some((item) => item.recurrenceInfo?.priceSelectionMode === 'Dynamic');
    if (!dynamic) return cart;
    return this.carts.update(
      ctx,
      { id: cart.id },
      { version: cart.version, actions: [{ action: 'recalculate' }] },
    );
  }

  /** An order that could not be made: the recurring order is `Failed` (RecurringOrderFailed, StateChanged). */
  private async fail(
    ctx: RequestContext,
    recurring: RecurringOrder,
    error: ApiError,
    at: string,
  ): Promise<RunOutcome> {
    const failed = withState(recurring, 'Failed');
    const body = error.toBody();
    const failure: MessagePayload = {
      type: 'RecurringOrderFailed',
      cartId: recurring.cart.id,
      failedAt: at,
      failureReason: body.message,
      orderScheduledAt: recurring.nextOrderAt ?? at,
      errors: body.errors,
    };
    this.logger.warn(`Recurring order ${recurring.id} failed to order: ${body.message}`);
    try {
      await this.update(ctx, recurring, failed.resource, [failure, ...failed.messages]);
    } catch (lost) {
      if (lost instanceof ClaimLost) return 'lost';
      throw lost;
    }
    return 'failed';
  }

  /**
   * The recurring order's next version with its Messages, conditional on the version it was read at; with a
   * `claim`, the claim row first (its conflict means another replica has this due time), and `more` work in
   * the same transaction.
   */
  private async update(
    ctx: RequestContext,
    before: RecurringOrder,
    after: RecurringOrder,
    payloads: MessagePayload[],
    claim?: { due: string; orderId?: string },
    more?: (tx: Queryable) => Promise<void>,
  ): Promise<void> {
    const version = before.version + 1;
    const next = { ...after, version, lastModifiedAt: new Date().toISOString() };
    const writer = await this.messages.writer(ctx);
    await this.db.transaction(async (tx) => {
      if (claim) {
        const claimed = await tx.query<unknown[]>(
          `INSERT INTO "checkout"."recurring_order_runs" (project_key, recurring_order_id, due_at, order_id)
           VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING 1`,
          [ctx.projectKey, before.id, claim.due, claim.orderId ?? null],
        );
        if (claimed.length === 0) throw new ClaimLost();
      }
      if (more) await more(tx);
      if (!(await recurringOrdersTable.replace(tx, ctx.projectKey, next, before.version)))
        throw new ClaimLost();
      if (payloads.length > 0) {
        await writer.append(
          tx,
          { typeId: 'recurring-order', id: before.id, version, table: recurringOrdersTable.table },
          payloads,
        );
      }
    });
  }
}
