import { documentTableSqlV3 } from '@commerce/persistence';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Discount Groups. A group's `sortOrder` is unique among the project's groups (`discount_groups_sortOrder_uq`,
 * so a clash answers `DuplicateField sortOrder`); a Cart Discount in a group takes the group's sortOrder, so
 * the Cart Discounts' unique index now holds only those outside a group (the uniqueness across the two tables
 * is checked when written, `discount-sort-order.ts`).
 */
export class CheckoutDiscountGroups1766000000000 implements MigrationInterface {
  name = 'CheckoutDiscountGroups1766000000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of documentTableSqlV3('checkout', 'discount_groups')) await db.query(statement);
    await db.query(
      `CREATE UNIQUE INDEX "discount_groups_sortOrder_uq" ON "checkout"."discount_groups" (project_key, (doc->>'sortOrder'))`,
    );
    await db.query(`DROP INDEX "checkout"."cart_discounts_sortOrder_uq"`);
    await db.query(
      `CREATE UNIQUE INDEX "cart_discounts_sortOrder_uq" ON "checkout"."cart_discounts" (project_key, (doc->>'sortOrder'))
        WHERE NOT (doc ? 'discountGroup')`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX "checkout"."cart_discounts_sortOrder_uq"`);
    await db.query(
      `CREATE UNIQUE INDEX "cart_discounts_sortOrder_uq" ON "checkout"."cart_discounts" (project_key, (doc->>'sortOrder'))`,
    );
    await db.query(`DROP TABLE "checkout"."discount_groups"`);
  }
}
