import type {
  Order,
  OrderImportDraftDto,
  Payment,
  PaymentDraftDto,
  RequestContext,
} from '@commerce/contracts';
import type { ResourceEngine, VersionedResource } from '@commerce/resources';
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
    const orders = await assignEach(ctx, this.orders, [session, 'customerId is not defined', ...inStore], {
      action: 'setCustomerId',
      customerId,
    });
    const payments = await assignEach(ctx, this.payments, [session, 'customer is not defined'], {
      action: 'setCustomer',
      customer: { typeId: 'customer', id: customerId },
    });
    const shoppingLists = await assignAnonymousLists(this.db, ctx.projectKey, anonymousId, customerId);
    return { orders, payments, shoppingLists };
  }
}

/** The action applied to each resource `where` finds (oldest first, at most SESSION_LIMIT); answers how many. */
async function assignEach<T extends VersionedResource>(
  ctx: RequestContext,
  engine: Pick<ResourceEngine<T, never>, 'query' | 'update'>,
  where: string[],
  action: Record<string, unknown>,
): Promise<number> {
  const page = await engine.query(ctx, {
    where,
    sort: 'createdAt asc',
    limit: String(SESSION_LIMIT),
    withTotal: 'false',
  });
  for (const resource of page.results) {
    await engine.update(ctx, { id: resource.id }, { version: resource.version, actions: [action] });
  }
  return page.results.length;
}
