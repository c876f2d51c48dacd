import type { DiscountGroup } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { Queryable } from '@commerce/persistence';

/**
 * Whether a `sortOrder` is free among the project's Cart Discounts outside groups and its Discount Groups
 * (SDK: unique among both), leaving out the resource being written. Within one table the unique indexes
 * `cart_discounts_sortOrder_uq` (ungrouped discounts only) and `discount_groups_sortOrder_uq` hold it; across
 * the two tables this read does, before the write **(choice: two writes racing for one value across the
 * tables may both pass)**.
 */
export async function requireFreeSortOrder(
  db: Queryable,
  projectKey: string,
  sortOrder: string,
  self?: { typeId: 'cart-discount' | 'discount-group'; id: string },
): Promise<void> {
  const rows = await db.query<unknown[]>(
    `SELECT 1 FROM "checkout"."cart_discounts"
      WHERE project_key = $1 AND doc->>'sortOrder' = $2 AND NOT (doc ? 'discountGroup') AND id <> $3
     UNION ALL
     SELECT 1 FROM "checkout"."discount_groups"
      WHERE project_key = $1 AND doc->>'sortOrder' = $2 AND id <> $4
     LIMIT 1`,
    [
      projectKey,
      sortOrder,
      self?.typeId === 'cart-discount' ? self.id : '',
      self?.typeId === 'discount-group' ? self.id : '',
    ],
  );
  if (rows.length > 0) throw Errors.duplicateField('sortOrder', sortOrder);
}

/** The project's active Discount Groups, counted for MaxDiscountGroupsReached. */
export async function activeDiscountGroups(db: Queryable, projectKey: string): Promise<number> {
  const rows = await db.query<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM "checkout"."discount_groups"
      WHERE project_key = $1 AND (doc->'isActive') = 'true'::jsonb`,
    [projectKey],
  );
  return rows[0]?.n ?? 0;
}

/** The Cart Discounts of a group, counted against the limit of a group's size. */
export async function discountsInGroup(db: Queryable, projectKey: string, group: DiscountGroup['id']) {
  const rows = await db.query<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM "checkout"."cart_discounts"
      WHERE project_key = $1 AND doc->'discountGroup'->>'id' = $2`,
    [projectKey, group],
  );
  return rows[0]?.n ?? 0;
}
