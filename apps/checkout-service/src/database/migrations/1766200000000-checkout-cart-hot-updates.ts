import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cart changes update heap-only (HOT; docs/PERFORMANCE.md, "Checkout"): no index of `checkout.carts` covers a
 * column that a change rewrites, so a change writes no index entry. `last_modified_at` leaves every index: the
 * owner's carts (active cart, sign-in merge) are few and sorted after the lookup, `sort=lastModifiedAt` reads the
 * project's carts, and the retention sweep finds due carts by `modified_day`, the UTC day of the last change, a
 * generated column that changes once a day at most (an update that leaves an indexed value equal stays HOT).
 * `fillfactor` 90 leaves each page room for the next version of its rows.
 */
export class CheckoutCartHotUpdates1766200000000 implements MigrationInterface {
  name = 'CheckoutCartHotUpdates1766200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE "checkout"."carts"
         ADD COLUMN modified_day date GENERATED ALWAYS AS ((last_modified_at AT TIME ZONE 'UTC')::date) STORED,
         SET (fillfactor = 90)`,
    );
    await db.query(`CREATE INDEX carts_modified_day_idx ON "checkout"."carts" (modified_day)`);
    await db.query(`DROP INDEX "checkout"."carts_last_modified_idx"`);
    await db.query(`DROP INDEX "checkout"."carts_project_modified_idx"`);
    await db.query(`DROP INDEX "checkout"."carts_customer_id_idx"`);
    await db.query(`DROP INDEX "checkout"."carts_anonymous_id_idx"`);
    await db.query(`CREATE INDEX carts_customer_id_idx ON "checkout"."carts" (project_key, customer_id)`);
    await db.query(`CREATE INDEX carts_anonymous_id_idx ON "checkout"."carts" (project_key, anonymous_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX "checkout"."carts_customer_id_idx"`);
    await db.query(`DROP INDEX "checkout"."carts_anonymous_id_idx"`);
    await db.query(
      `CREATE INDEX carts_customer_id_idx ON "checkout"."carts" (project_key, customer_id, last_modified_at DESC)`,
    );
    await db.query(
      `CREATE INDEX carts_anonymous_id_idx ON "checkout"."carts" (project_key, anonymous_id, last_modified_at DESC)`,
    );
    await db.query(`CREATE INDEX carts_project_modified_idx ON "checkout"."carts" (project_key, last_modified_at)`);
    await db.query(`CREATE INDEX carts_last_modified_idx ON "checkout"."carts" (last_modified_at)`);
    await db.query(`ALTER TABLE "checkout"."carts" DROP COLUMN modified_day, RESET (fillfactor)`);
  }
}
