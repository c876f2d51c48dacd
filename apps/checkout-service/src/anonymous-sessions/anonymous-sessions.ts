import type { Order, OrderImportDraftDto, Payment, PaymentDraftDto, RequestContext } from '@commerce/contracts';
import type { ResourceEngine } from '@commerce/resources';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ORDER_ENGINE } from '../orders/order.definition.js';
import { PAYMENT_ENGINE } from '../payments/payment.definition.js';
import { assignAnonymousLists } from '../shopping-lists/shopping-list-owners.js';

/** How many orders and payments of one session a sign-in or sign-up hands over (oldest first). */
const SESSION_LIMIT = 500;

/** What an anonymous session handed to a customer. */
export interface SessionAssignment {
  orders: number;
  payments: number;
  shoppingLists: number;
}

/**
 * At a customer's sign-in or sign-up with an `anonymousId` (SDK `CustomerSignin`, `CustomerDraft`: "Assigns
 * the Customer to all Carts, Orders, ShoppingLists, and Payments with the same anonymousId"; checkout facts
 * 4.8), the session's orders, payments and shopping lists that have no customer become the customer's; its
 * carts follow in the cart merge (`CartMerge`). Orders and payments change through their engines
 * (`setCustomerId`, `setCustomer`: versioned, with their Messages); in a Store, only the Store's orders.
 */
@Injectable()
export class AnonymousSessions {
  constructor(
    @Inject(ORDER_ENGINE) private readonly orders: ResourceEngine<Order, OrderImportDraftDto>,
    @Inject(PAYMENT_ENGINE) private readonly payments: ResourceEngine<Payment, PaymentDraftDto>,
    private readonly db: DataSource,
  ) {}

  async assign(ctx: RequestContext, anonymousId: string, customerId: string): Promise<SessionAssignment> {
    const session = `anonymousId = ${JSON.stringify(anonymousId)}`;
    const inStore = ctx.storeKey === undefined ? [] : [`store(key = ${JSON.stringify(ctx.storeKey)})`];
    const orders = await this.orders.query(ctx, {
      where: [session, 'customerId is not defined', ...inStore],
      sort: 'createdAt asc',
      limit: String(SESSION_LIMIT),
      withTotal: 'false',
    });
    for (const order of orders.results) {
      await this.orders.update(ctx, { id: order.id }, {
        version: order.version,
        actions: [{ action: 'setCustomerId', customerId }],
      });
    }
    const payments = await this.payments.query(ctx, {
      where: [session, 'customer is not defined'],
      sort: 'createdAt asc',
      limit: String(SESSION_LIMIT),
      withTotal: 'false',
    });
    for (const payment of payments.results) {
      await this.payments.update(ctx, { id: payment.id }, {
        version: payment.version,
        actions: [{ action: 'setCustomer', customer: { typeId: 'customer', id: customerId } }],
      });
    }
    const shoppingLists = await assignAnonymousLists(this.db, ctx.projectKey, anonymousId, customerId);
    return { orders: orders.results.length, payments: payments.results.length, shoppingLists };
  }
}
