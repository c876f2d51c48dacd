import {
  MY_PAYMENT_ACTIONS,
  MyPaymentDraftDto,
  UpdateRequestDto,
  versionOf,
  type PagedQueryResponse,
  type Payment,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { RawQuery } from '@commerce/query';
import type { ResourceEngine } from '@commerce/resources';
import { parseDto } from '@commerce/service-kit';
import type { PaymentDraftDto } from '@commerce/contracts';

/** The token's owner: a customer id or an anonymous id (the gateway refuses `/me` without one). */
function ownerOf(ctx: RequestContext): { customerId: string } | { anonymousId: string } {
  if (ctx.actor.customerId) return { customerId: ctx.actor.customerId };
  if (ctx.actor.anonymousId) return { anonymousId: ctx.actor.anonymousId };
  throw Errors.resourceNotFound({ key: 'me' });
}

function owns(ctx: RequestContext, payment: Payment): boolean {
  const owner = ownerOf(ctx);
  return 'customerId' in owner
    ? payment.customer?.id === owner.customerId
    : payment.anonymousId === owner.anonymousId && !payment.customer;
}

const quoted = (value: string) => JSON.stringify(value);

/**
 * `/me/payments`: the payments of the token's customer or anonymous session, through the Payment engine.
 * Another's payment answers 404 (never revealing that it exists); a payment with transactions can no longer
 * be changed or deleted by its customer (RAML me.raml).
 */
export class MyPayments {
  constructor(private readonly engine: ResourceEngine<Payment, PaymentDraftDto>) {}

  create(ctx: RequestContext, raw: unknown): Promise<Payment> {
    const draft = parseDto(MyPaymentDraftDto, raw);
    const owner = ownerOf(ctx);
    return this.engine.create(ctx, {
      amountPlanned: draft.amountPlanned,
      ...(draft.paymentMethodInfo ? { paymentMethodInfo: draft.paymentMethodInfo } : {}),
      ...(draft.custom ? { custom: draft.custom } : {}),
      ...(draft.transaction ? { transactions: [draft.transaction] } : {}),
      ...('customerId' in owner
        ? { customer: { typeId: 'customer', id: owner.customerId } }
        : { anonymousId: owner.anonymousId }),
    });
  }

  async get(ctx: RequestContext, id: unknown): Promise<Payment> {
    const payment = await this.engine.find(ctx, { id });
    if (!payment || !owns(ctx, payment)) throw Errors.resourceNotFound({ id: String(id) });
    return payment;
  }

  query(ctx: RequestContext, query: RawQuery | undefined): Promise<PagedQueryResponse<Payment>> {
    const owner = ownerOf(ctx);
    const mine =
      'customerId' in owner
        ? `customer(id = ${quoted(owner.customerId)})`
        : `anonymousId = ${quoted(owner.anonymousId)} and customer is not defined`;
    const where = query?.where === undefined ? [] : [query.where].flat();
    return this.engine.query(ctx, { ...query, where: [...where, mine] });
  }

  async update(ctx: RequestContext, id: unknown, raw: unknown): Promise<Payment> {
    const update = parseDto(UpdateRequestDto, raw);
    // Only the 10 My actions, each with its own DTO (a customer adds only an Authorization or a Charge).
    const actions: unknown[] = Array.isArray(update.actions) ? update.actions : [];
    actions.forEach((item, index) => {
      const name = (item as { action?: unknown } | null)?.action;
      if (typeof name !== 'string' || !Object.hasOwn(MY_PAYMENT_ACTIONS, name)) {
        throw Errors.invalidJsonInput(
          `actions[${index}].action: unknown update action ${JSON.stringify(name ?? null)}.`,
        );
      }
      parseDto<object>(MY_PAYMENT_ACTIONS[name as keyof typeof MY_PAYMENT_ACTIONS], item);
    });
    await this.unchangedByAnyTransaction(ctx, id, update.version);
    return this.engine.update(ctx, { id }, update);
  }

  async delete(ctx: RequestContext, id: unknown, version: unknown): Promise<Payment> {
    await this.unchangedByAnyTransaction(ctx, id, versionOf(version));
    return this.engine.delete(ctx, { id }, version);
  }

  /**
   * The customer's own payment without transactions at the version the request names. The write that
   * follows is conditional on that version, so a transaction added in between makes it a 409.
   */
  private async unchangedByAnyTransaction(ctx: RequestContext, id: unknown, version: number): Promise<void> {
    const payment = await this.get(ctx, id);
    if (payment.version !== version)
      throw Errors.concurrentModification(payment.id, version, payment.version);
    if (payment.transactions.length > 0) {
      throw Errors.invalidOperation('A payment with transactions can not be changed or deleted through /me.');
    }
  }
}
