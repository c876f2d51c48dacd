import type { Cart, CartDiscount, DiscountCode, RequestContext } from '@commerce/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CartDiscountData } from './cart-discounts.js';

/**
 * Reads, once per cart change and in one statement, the project's active Cart Discounts and the Discount
 * Codes the cart has or its `addDiscountCode` actions name. No cache: a discount written a moment ago applies
 * to the next cart change on every replica (the partial index `cart_discounts_active_idx` keeps it cheap;
 * predicates are compiled once per process, `cart-discounts.ts`).
 */
@Injectable()
export class CartDiscountReader {
  constructor(private readonly db: DataSource) {}

  async read(
    ctx: RequestContext,
    cart: Cart | undefined,
    actions: readonly unknown[],
  ): Promise<CartDiscountData> {
    const ids = (cart?.discountCodes ?? []).map((info) => info.discountCode.id);
    const codes = actions.flatMap((raw) => {
      const action = raw as { action?: unknown; code?: unknown };
      return action?.action === 'addDiscountCode' && typeof action.code === 'string' ? [action.code] : [];
    });
    const rows = await this.db.query<Array<{ kind: 'cd' | 'dc'; doc: CartDiscount | DiscountCode }>>(
      `SELECT 'cd' AS kind, doc FROM "checkout"."cart_discounts"
        WHERE project_key = $1 AND (doc->'isActive') = 'true'::jsonb
       UNION ALL
       SELECT 'dc' AS kind, doc FROM "checkout"."discount_codes"
        WHERE project_key = $1 AND (id = ANY($2::text[]) OR doc->>'code' = ANY($3::text[]))`,
      [ctx.projectKey, ids, codes],
    );
    return {
      projectKey: ctx.projectKey,
      cartDiscounts: rows.filter((row) => row.kind === 'cd').map((row) => row.doc as CartDiscount),
      codes: rows.filter((row) => row.kind === 'dc').map((row) => row.doc as DiscountCode),
    };
  }
}
