import {
  OrderEditApplyDto,
  clientLogging,
  type DiscountCode,
  type MessagePayload,
  type Order,
  type OrderEdit,
  type OrderEditResult,
  type OrderExcerpt,
  type RequestContext,
} from '@commerce/contracts';
import { CartErrors, Errors } from '@commerce/errors';
import { assertBeforeDeadline } from '@commerce/messaging';
import type { DocumentTable, Queryable } from '@commerce/persistence';
import { MessageLog } from '@commerce/resources';
import { parseDto } from '@commerce/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ordersTable } from '../orders/orders.table.js';
import { countApplications } from '../orders/order-discount-codes.js';
import { OrderEditPreviews, type StagedRun } from './order-edit-preview.js';
import { orderAsCart } from './staged-order.js';
import { orderEditsTable } from './order-edits.table.js';

const excerpt = (order: Order): OrderExcerpt => ({
  totalPrice: order.totalPrice,
  ...(order.taxedPrice ? { taxedPrice: order.taxedPrice } : {}),
  version: order.version,
});

/** What applying an edit writes: the order's next version, the edit Applied, the Messages, the codes it adds. */
export interface Application {
  next: Order;
  applied: OrderEdit;
  messages: MessagePayload[];
  added: readonly DiscountCode[];
}

/**
 * An edit applied to `order` by `run` (its staged actions run on that order): the order one version on, the
 * edit `Applied` with the excerpts of the order before and after, the staged actions' Messages then
 * `OrderEditApplied`, and the discount codes the edit adds (their applications are counted with it).
 */
export function application(
  edit: OrderEdit,
  order: Order,
  run: Extract<StagedRun, { ok: true }>,
  at: string,
  by: OrderEdit['lastModifiedBy'],
): Application {
  const next: Order = { ...run.order, version: order.version + 1, lastModifiedAt: at, lastModifiedBy: by };
  const result: OrderEditResult = {
    type: 'Applied',
    appliedAt: at,
    excerptBeforeEdit: excerpt(order),
    excerptAfterEdit: excerpt(next),
  };
  const applied: OrderEdit = {
    ...edit,
    result,
    version: edit.version + 1,
    lastModifiedAt: at,
    lastModifiedBy: by,
  };
  const before = new Set(order.discountCodes.map((info) => info.discountCode.id));
  const added = run.codes.filter(
    (code) => !before.has(code.id) && next.discountCodes.some((info) => info.discountCode.id === code.id),
  );
  return {
    next,
    applied,
    messages: [...run.messages, { type: 'OrderEditApplied', edit: applied, result }],
    added,
  };
}

/**
 * `POST /orders/edits/{id}/apply` (`OrderEditApply`): the edit at `editVersion`, its order at
 * `resourceVersion` (409 otherwise), its staged actions applied to the order as it is now (not the stored
 * preview). One transaction writes the order (version + 1), its Messages with `OrderEditApplied`, the
 * applications of the codes the edit adds, and the edit with the result `Applied`; a failure writes nothing.
 */
@Injectable()
export class OrderEditApplication {
  constructor(
    private readonly db: DataSource,
    private readonly messages: MessageLog,
    private readonly previews: OrderEditPreviews,
  ) {}

  async apply(ctx: RequestContext, id: string, body: unknown): Promise<OrderEdit> {
    const { editVersion, resourceVersion } = parseDto(OrderEditApplyDto, body);
    const edit = await orderEditsTable.findById(this.db, ctx.projectKey, id);
    if (!edit) throw Errors.resourceNotFound({ id });
    if (edit.version !== editVersion) throw Errors.concurrentModification(edit.id, editVersion, edit.version);
    if (edit.result.type === 'Applied')
      throw Errors.invalidOperation(`The Order Edit '${edit.id}' has already been applied.`);
    const order = await this.previews.order(ctx, edit.resource);
    if (order.version !== resourceVersion)
      throw Errors.concurrentModification(order.id, resourceVersion, order.version);
    const run = await this.previews.run(ctx, order, edit.stagedActions);
    if (!run.ok) throw CartErrors.editPreviewFailed({ type: 'PreviewFailure', errors: run.errors });
    const { next, applied, messages, added } = application(
      edit,
      order,
      run,
      new Date().toISOString(),
      clientLogging(ctx.actor),
    );
    const writer = await this.messages.writer(ctx);
    await this.db.transaction(async (tx) => {
      await this.replace(tx, ctx, ordersTable, next, order.version);
      await this.replace(tx, ctx, orderEditsTable, applied, edit.version);
      await countApplications(tx, ctx, order.id, orderAsCart(next), added);
      await writer.append(
        tx,
        {
          typeId: 'order',
          id: next.id,
          version: next.version,
          table: ordersTable.table,
          ...(next.orderNumber ? { identifiers: { orderNumber: next.orderNumber } } : {}),
        },
        messages,
      );
      assertBeforeDeadline(ctx);
    });
    return applied;
  }

  /** The conditional write of one document: a version that moved on meanwhile is 409, nothing written. */
  private async replace<T extends Order | OrderEdit>(
    tx: Queryable,
    ctx: RequestContext,
    table: DocumentTable<T>,
    doc: T,
    version: number,
  ): Promise<void> {
    if (await table.replace(tx, ctx.projectKey, doc, version)) return;
    const current = await table.findById(tx, ctx.projectKey, doc.id);
    throw current
      ? Errors.concurrentModification(doc.id, version, current.version)
      : Errors.resourceNotFound({ id: doc.id });
  }
}
