import { documentTableSqlV3 } from '@commerce/persistence';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Carts: a document table, with an index for a customer's active cart (`/me/active-cart`, the sign-in merge)
 * and one for the retention sweep (last modification).
 */
export class CheckoutCarts1764900300000 implements MigrationInterface {
  name = 'CheckoutCarts1764900300000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of documentTableSqlV3('checkout', 'carts')) await db.query(statement);
    await db.query(
      `CREATE INDEX carts_customer_idx ON "checkout"."carts" (project_key, (doc->>'customerId'), last_modified_at DESC)`,
    );
    await db.query(
      `CREATE INDEX carts_anonymous_idx ON "checkout"."carts" (project_key, (doc->>'anonymousId'), last_modified_at DESC)`,
    );
    await db.query(`CREATE INDEX carts_last_modified_idx ON "checkout"."carts" (last_modified_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "checkout"."carts"`);
  }
}
