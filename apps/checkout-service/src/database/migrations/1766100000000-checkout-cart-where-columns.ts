import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The carts' `where` without the GIN index on the whole document (docs/PERFORMANCE.md, "Checkout"): every cart
 * change wrote each path of its 9 kB document into that index, about 0.2 ms of PostgreSQL CPU per change. What
 * the platform itself asks of carts by `where` is the owner (`/me/carts`: `customerId` or `anonymousId`) and
 * the Store (in-store routes: `store(key = ...)`); these become generated columns with B-tree indexes, which
 * `cartsTable`'s query schema names, and which the active-cart and sign-in lookups read too. Any other
 * predicate still answers the same, by reading the project's carts.
 */
export class CheckoutCartWhereColumns1766100000000 implements MigrationInterface {
  name = 'CheckoutCartWhereColumns1766100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE "checkout"."carts"
         ADD COLUMN customer_id text GENERATED ALWAYS AS (doc->>'customerId') STORED,
         ADD COLUMN anonymous_id text GENERATED ALWAYS AS (doc->>'anonymousId') STORED,
         ADD COLUMN store_key text GENERATED ALWAYS AS (doc->'store'->>'key') STORED`,
    );
    await db.query(
      `CREATE INDEX carts_customer_id_idx ON "checkout"."carts" (project_key, customer_id, last_modified_at DESC)`,
    );
    await db.query(
      `CREATE INDEX carts_anonymous_id_idx ON "checkout"."carts" (project_key, anonymous_id, last_modified_at DESC)`,
    );
    await db.query(`CREATE INDEX carts_store_key_idx ON "checkout"."carts" (project_key, store_key)`);
    await db.query(`DROP INDEX "checkout"."carts_customer_idx"`);
    await db.query(`DROP INDEX "checkout"."carts_anonymous_idx"`);
    await db.query(`DROP INDEX "checkout"."carts_doc_idx"`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX carts_doc_idx ON "checkout"."carts" USING gin (doc jsonb_path_ops) WITH (fastupdate = on)`,
    );
    await db.query(
      `CREATE INDEX carts_customer_idx ON "checkout"."carts" (project_key, (doc->>'customerId'), last_modified_at DESC)`,
    );
    await db.query(
      `CREATE INDEX carts_anonymous_idx ON "checkout"."carts" (project_key, (doc->>'anonymousId'), last_modified_at DESC)`,
    );
    await db.query(
      `ALTER TABLE "checkout"."carts" DROP COLUMN customer_id, DROP COLUMN anonymous_id, DROP COLUMN store_key`,
    );
  }
}
