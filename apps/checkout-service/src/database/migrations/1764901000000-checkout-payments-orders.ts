import { documentTableSqlV3 } from '@commerce/persistence';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payments and Orders. An Order has no key: its `key` column holds the order number, unique per project; the
 * index is named after the field so that a clash answers `DuplicateField` on `orderNumber`.
 */
export class CheckoutPaymentsOrders1764901000000 implements MigrationInterface {
  name = 'CheckoutPaymentsOrders1764901000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of documentTableSqlV3('checkout', 'payments')) await db.query(statement);
    for (const statement of documentTableSqlV3('checkout', 'orders')) await db.query(statement);
    await db.query(`ALTER INDEX "checkout"."orders_key_uq" RENAME TO "orders_orderNumber_uq"`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "checkout"."orders"`);
    await db.query(`DROP TABLE "checkout"."payments"`);
  }
}
