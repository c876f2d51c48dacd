import {
  clientLogging,
  type Cart,
  type RecurrencePolicy,
  type RecurringOrderDraftDto,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { Queryable } from '@commerce/persistence';
import { randomUUID } from 'node:crypto';
import { cartsTable } from '../carts/carts.table.js';
import { recurrencePoliciesTable } from './recurrence-policies.table.js';

type Identifier = { id?: string; key?: string };
const refOf = (identifier: Identifier) =>
  identifier.id !== undefined ? { id: identifier.id } : { key: identifier.key ?? '' };

/** A recurrence policy by identifier, or `ReferencedResourceNotFound`. */
export async function requirePolicy(
  db: Queryable,
  ctx: RequestContext,
  identifier: Identifier,
): Promise<RecurrencePolicy> {
  const policy =
    identifier.id !== undefined
      ? await recurrencePoliciesTable.findById(db, ctx.projectKey, identifier.id)
      : await recurrencePoliciesTable.findByKey(db, ctx.projectKey, identifier.key ?? '');
  if (!policy) throw Errors.referencedResourceNotFound('recurrence-policy', refOf(identifier));
  return policy;
}

/** What a recurring order is made from: the draft's cart, its recurring items' one policy and price mode. */
export interface RecurringCart {
  source: Cart;
  policy: RecurrencePolicy;
  priceSelectionMode: 'Fixed' | 'Dynamic';
}

/**
 * The draft's cart at the draft's version, Active, with at least one (custom) line item with `recurrenceInfo`,
 * all naming one recurrence policy and one price selection mode (docs/CHECKOUT.md, "Recurring orders").
 */
export async function recurringCartOf(
  db: Queryable,
  ctx: RequestContext,
  draft: RecurringOrderDraftDto,
): Promise<RecurringCart> {
  const source =
    draft.cart.id !== undefined
      ? await cartsTable.findById(db, ctx.projectKey, draft.cart.id)
      : await cartsTable.findByKey(db, ctx.projectKey, draft.cart.key ?? '');
  if (!source) throw Errors.referencedResourceNotFound('cart', refOf(draft.cart));
  if (source.version !== draft.cartVersion)
    throw Errors.concurrentModification(source.id, draft.cartVersion, source.version);
  if (source.cartState !== 'Active')
    throw Errors.invalidOperation(`The cart is ${source.cartState}; a recurring order needs an Active cart.`);
  const infos = [...source.lineItems, ...source.customLineItems].flatMap((item) =>
    item.recurrenceInfo ? [item.recurrenceInfo] : [],
  );
  if (infos.length === 0)
    throw Errors.invalidOperation('The cart has no line item or custom line item with recurrenceInfo.');
  const policyIds = new Set(infos.map((info) => info.recurrencePolicy.id));
  if (policyIds.size > 1)
    throw Errors.invalidOperation('The recurring items of the cart name different recurrence policies.');
  const modes = new Set(source.lineItems.flatMap((item) => item.recurrenceInfo?.priceSelectionMode ?? []));
  if (modes.size > 1)
    throw Errors.invalidOperation(
      'The recurring line items of the cart mix the Fixed and Dynamic price selection modes.',
    );
  const policy = await requirePolicy(db, ctx, { id: [...policyIds][0] });
  return { source, policy, priceSelectionMode: modes.has('Dynamic') ? 'Dynamic' : 'Fixed' };
}

/**
 * The recurring order's own cart: a copy of the source with origin `RecurringOrder` (the source is untouched),
 * exempt from the carts' retention (checkout facts 4.11).
 */
export function templateCartOf(ctx: RequestContext, source: Cart, now: string): Cart {
  const { key: _key, deleteDaysAfterLastModification: _days, ...rest } = source;
  const logging = clientLogging(ctx.actor);
  return {
    ...rest,
    id: randomUUID(),
    version: 1,
    origin: 'RecurringOrder',
    cartState: 'Active',
    createdAt: now,
    lastModifiedAt: now,
    createdBy: logging,
    lastModifiedBy: logging,
  };
}
