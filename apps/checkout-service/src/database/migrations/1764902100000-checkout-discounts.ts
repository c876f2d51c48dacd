import { documentTableSqlV3 } from '@commerce/persistence';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cart Discounts and Discount Codes. A Cart Discount's `sortOrder` and a code's `code` are unique per project
 * (the indexes are named after the field, so a clash answers `DuplicateField` on it); the active cart discounts
 * of a project are read on every cart change (`cart_discounts_active_idx`). `discount_code_applications` counts
 * each code's applications, one row per order that used it (written with the order: maxApplications).
 */
export class CheckoutDiscounts1764902100000 implements MigrationInterface {
  name = 'CheckoutDiscounts1764902100000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of documentTableSqlV3('checkout', 'cart_discounts')) await db.query(statement);
    for (const statement of documentTableSqlV3('checkout', 'discount_codes')) await db.query(statement);
    await db.query(
      `CREATE UNIQUE INDEX "cart_discounts_sortOrder_uq" ON "checkout"."cart_discounts" (project_key, (doc->>'sortOrder'))`,
    );
    await db.query(
      `CREATE INDEX cart_discounts_active_idx ON "checkout"."cart_discounts" (project_key) WHERE (doc->'isActive') = 'true'::jsonb`,
    );
    await db.query(
      `CREATE UNIQUE INDEX "discount_codes_code_uq" ON "checkout"."discount_codes" (project_key, (doc->>'code'))`,
    );
    await db.query(`CREATE TABLE "checkout"."discount_code_applications" (
      project_key text NOT NULL,
      discount_code_id text NOT NULL,
      order_id text NOT NULL,
      customer_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (project_key, discount_code_id, order_id)
    )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "checkout"."discount_code_applications"`);
    await db.query(`DROP TABLE "checkout"."discount_codes"`);
    await db.query(`DROP TABLE "checkout"."cart_discounts"`);
  }
}
