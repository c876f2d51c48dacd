import type { Cart, CartDiscount, DiscountCode, DiscountGroup, RequestContext } from '@commerce/contracts';
import { preparedQuery } from '@commerce/persistence';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { shippingMethodIdsOf } from '../shipping-methods/matching-cart.js';
import type { CartDiscountData } from './cart-discounts.js';

/**
 * Reads, once per cart change and in one statement, the project's active Cart Discounts, its active Discount
 * Groups, and the Discount Codes the cart has or its `addDiscountCode` actions name; with them the predicates
 * of the cart's shipping methods (`shippingMethodState`, checkout facts 4.12). No cache: a discount or a
 * predicate written a moment ago applies to the next cart change on every replica (the partial index
 * `cart_discounts_active_idx` keeps it cheap; predicates are compiled once per process, `cart-discounts.ts`).
 */
@Injectable()
export class CartDiscountReader {
  constructor(private readonly db: DataSource) {}

  async read(
    ctx: RequestContext,
    cart: Cart | undefined,
    actions: readonly unknown[],
  ): Promise<CartDiscountData> {
    return (await this.readForChange(ctx, cart, actions)).discounts;
  }

  /** The discounts of `read` and the predicates of the cart's shipping methods, in the same statement. */
  async readForChange(
    ctx: RequestContext,
    cart: Cart | undefined,
    actions: readonly unknown[],
  ): Promise<{ discounts: CartDiscountData; shippingPredicates: Map<string, string | undefined> }> {
    const ids = (cart?.discountCodes ?? []).map((info) => info.discountCode.id);
    const codes = actions.flatMap((raw) => {
      const action = raw as { action?: unknown; code?: unknown };
      return action?.action === 'addDiscountCode' && typeof action.code === 'string' ? [action.code] : [];
    });
    // A code's applications (overall and by this cart's customer) come with it: a code used up shows
    // MaxApplicationReached on the cart (the primary key of discount_code_applications serves both counts).
    // Prepared: parsed and planned once per connection (planning it cost more than running it).
    const methods = shippingMethodIdsOf(cart);
    const rows = await preparedQuery<{
      kind: 'cd' | 'dc' | 'dg' | 'sm';
      doc: CartDiscount | DiscountCode | DiscountGroup | { id: string; predicate?: string };
      total: number | null;
      mine: number | null;
    }>(
      this.db,
      'checkout_cart_discounts_groups_methods_read',
      `SELECT 'cd' AS kind, doc, NULL::int AS total, NULL::int AS mine FROM "checkout"."cart_discounts"
        WHERE project_key = $1 AND (doc->'isActive') = 'true'::jsonb
       UNION ALL
       SELECT 'dg' AS kind, doc, NULL::int AS total, NULL::int AS mine FROM "checkout"."discount_groups"
        WHERE project_key = $1 AND (doc->'isActive') = 'true'::jsonb
       UNION ALL
       SELECT 'dc' AS kind, d.doc,
              (SELECT count(*)::int FROM "checkout"."discount_code_applications" a
                WHERE a.project_key = $1 AND a.discount_code_id = d.id),
              (SELECT count(*)::int FROM "checkout"."discount_code_applications" a
                WHERE a.project_key = $1 AND a.discount_code_id = d.id AND a.customer_id = $4)
         FROM "checkout"."discount_codes" d
        WHERE d.project_key = $1 AND (d.id = ANY($2::text[]) OR d.doc->>'code' = ANY($3::text[]))
       UNION ALL
       SELECT 'sm' AS kind, jsonb_build_object('id', m.id, 'predicate', m.doc->'predicate'), NULL::int, NULL::int
         FROM "checkout"."shipping_methods" m
        WHERE m.project_key = $1 AND m.id = ANY($5::text[])`,
      [ctx.projectKey, ids, codes, cart?.customerId ?? null, methods],
    );
    const dcs = rows.filter((row) => row.kind === 'dc');
    const shippingPredicates = new Map(
      rows
        .filter((row) => row.kind === 'sm')
        .map((row) => row.doc as { id: string; predicate?: string | null })
        .map((method) => [method.id, method.predicate ?? undefined] as const),
    );
    const discounts: CartDiscountData = {
      projectKey: ctx.projectKey,
      cartDiscounts: rows.filter((row) => row.kind === 'cd').map((row) => row.doc as CartDiscount),
      discountGroups: rows.filter((row) => row.kind === 'dg').map((row) => row.doc as DiscountGroup),
      codes: dcs.map((row) => row.doc as DiscountCode),
      applications: new Map(
        dcs.map((row) => [(row.doc as DiscountCode).id, { total: row.total ?? 0, mine: row.mine ?? 0 }]),
      ),
    };
    return { discounts, shippingPredicates };
  }
}
