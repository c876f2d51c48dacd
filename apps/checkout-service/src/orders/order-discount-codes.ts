import type { Cart, DiscountCode, RequestContext } from '@commerce/contracts';
import { CartErrors } from '@commerce/errors';
import type { Queryable } from '@commerce/persistence';
import type { CartDiscountReader } from '../carts/cart-discount-reader.js';
import { applicableDiscounts, beforeCartDiscounts } from '../carts/cart-discounts.js';

/**
 * The order creation check of the cart's codes (checkout facts 3.2, 4.14): each code's state is evaluated again
 * now, on the cart as it is (before its cart discounts, as on every recalculation); one that is not MatchesCart (or stopped by a group's best deal) refuses the order
 * with DiscountCodeNonApplicable. Answers the codes, to count their applications with the order.
 */
export async function checkDiscountCodes(
  reader: CartDiscountReader,
  ctx: RequestContext,
  cart: Cart,
): Promise<DiscountCode[]> {
  if (cart.discountCodes.length === 0) return [];
  const data = await reader.read(ctx, cart, []);
  // The predicates read the cart before its cart discounts, as its recalculation did.
  const { codeStates } = applicableDiscounts(beforeCartDiscounts(cart), data);
  for (const info of cart.discountCodes) {
    const state = codeStates.get(info.discountCode.id)?.state;
    if (state === 'MatchesCart' || state === 'ApplicationStoppedByGroupBestDeal') continue;
    const code = data.codes.find((c) => c.id === info.discountCode.id);
    throw CartErrors.discountCodeNonApplicable(
      code?.code ?? info.discountCode.id,
      undefined,
      info.discountCode.id,
    );
  }
  return [...data.codes];
}

/**
 * Counts the order's use of each code in the order's transaction (one row per code and order, never removed)
 * and refuses the order when that passes `maxApplications` or, for a customer's cart, `maxApplicationsPerCustomer`.
 */
export async function countApplications(
  tx: Queryable,
  ctx: RequestContext,
  orderId: string,
  cart: Cart,
  codes: readonly DiscountCode[],
): Promise<void> {
  for (const code of codes) {
    // One writer at a time per code: the count and the insert are consistent under concurrent orders.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`${ctx.projectKey}/${code.id}`]);
    const [{ total, mine }] = await tx.query<Array<{ total: number; mine: number }>>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE customer_id = $3)::int AS mine
         FROM "checkout"."discount_code_applications" WHERE project_key = $1 AND discount_code_id = $2`,
      [ctx.projectKey, code.id, cart.customerId ?? null],
    );
    const overall = code.maxApplications !== undefined && total >= code.maxApplications;
    const perCustomer =
      cart.customerId !== undefined &&
      code.maxApplicationsPerCustomer !== undefined &&
      mine >= code.maxApplicationsPerCustomer;
    if (overall || perCustomer) throw CartErrors.discountCodeNonApplicable(code.code, undefined, code.id);
    await tx.query(
      `INSERT INTO "checkout"."discount_code_applications" (project_key, discount_code_id, order_id, customer_id)
       VALUES ($1, $2, $3, $4)`,
      [ctx.projectKey, code.id, orderId, cart.customerId ?? null],
    );
  }
}
