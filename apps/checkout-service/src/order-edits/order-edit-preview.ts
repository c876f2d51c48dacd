import {
  type DiscountCode,
  type MessagePayload,
  type Order,
  type OrderEditResult,
  type OrderImportDraftDto,
  type RequestContext,
} from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import {
  applyParsedActions,
  parseActions,
  ReferenceResolver,
  type ActionTable,
  type ParsedAction,
  type ResourceEngine,
} from '@commerce/resources';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { cartRequestOf } from '../carts/cart-request.js';
import { CartsService } from '../carts/carts.service.js';
import { ORDER_ENGINE } from '../orders/order.definition.js';
import { orderAsCart, stagedOrderActions } from './staged-order.js';

/**
 * An Order Edit needs the inventory mode None on the order and on its line items (checkout facts 4.15; SDK
 * "Create OrderEdit"): InvalidOperation otherwise.
 */
export function requireEditable(order: Order): void {
  const modes = [order.inventoryMode, ...order.lineItems.map((item) => item.inventoryMode)];
  const other = modes.find((mode) => mode !== undefined && mode !== 'None');
  if (other !== undefined)
    throw Errors.invalidOperation(`Order Edits need the inventory mode None; the order has ${other}.`);
}

/** The staged actions applied to an order: the order they make and their Messages, or the errors. */
export type StagedRun =
  | { ok: true; order: Order; messages: MessagePayload[]; codes: readonly DiscountCode[] }
  | { ok: false; errors: ApiError['errors'] };

/**
 * Runs an Order Edit's staged actions on a copy of an order (never written here): what the preview shows and
 * what `apply` writes. Each action runs through the handler that owns its rule (the Order's, or the Cart's
 * with its recalculation, `staged-order.ts`), in the context a cart change of those actions reads first.
 */
@Injectable()
export class OrderEditPreviews {
  private readonly staged: ActionTable<Order>;

  constructor(
    @Inject(ReferenceResolver) resolver: ReferenceResolver,
    private readonly carts: CartsService,
    private readonly db: DataSource,
    @Inject(ORDER_ENGINE) private readonly orders: ResourceEngine<Order, OrderImportDraftDto>,
  ) {
    this.staged = stagedOrderActions(resolver);
  }

  /** Every staged action checked against its DTO (all problems named: 400 InvalidJsonInput). */
  validate(raw: unknown): ParsedAction<Order>[] {
    return parseActions(this.staged, raw);
  }

  /** The order an edit is of: one that does not exist is ReferencedResourceNotFound. */
  async order(ctx: RequestContext, ref: { id?: string; key?: string }): Promise<Order> {
    const lookup = ref.id !== undefined ? { id: ref.id } : { key: ref.key ?? '' };
    const order = (ref.id ?? ref.key) ? await this.orders.find(ctx, lookup) : undefined;
    if (!order) throw Errors.referencedResourceNotFound('order', lookup);
    return order;
  }

  /**
   * Applies the staged actions in order to `order`. A failing action (a business rule, not a malformed
   * action, which `validate` refuses first) is the outcome `ok: false` with the API's error objects.
   */
  async run(ctx: RequestContext, order: Order, raw: readonly object[]): Promise<StagedRun> {
    const parsed = this.validate(raw);
    try {
      requireEditable(order);
      const context = await this.carts.changeContext(ctx, orderAsCart(order), raw);
      const applied = await applyParsedActions(parsed, order, { ctx: context, db: this.db });
      const codes = cartRequestOf(context).discounts?.codes ?? [];
      return { ok: true, order: applied.resource, messages: applied.messages, codes };
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) return { ok: false, errors: error.errors };
      throw error;
    }
  }

  /** An edit's result for its staged actions: none staged is NotProcessed; else the preview or its failure. */
  async result(ctx: RequestContext, order: Order, raw: readonly object[]): Promise<OrderEditResult> {
    if (raw.length === 0) return { type: 'NotProcessed' };
    const run = await this.run(ctx, order, raw);
    return run.ok
      ? { type: 'PreviewSuccess', preview: run.order, messagePayloads: run.messages }
      : { type: 'PreviewFailure', errors: run.errors as unknown as Array<Record<string, unknown>> };
  }
}
