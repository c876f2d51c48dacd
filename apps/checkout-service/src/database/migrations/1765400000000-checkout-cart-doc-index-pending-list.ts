import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The carts' document index takes new entries through its pending list (`fastupdate`): a cart document is
 * several kB (each line item holds its variant), and with `fastupdate = off` every cart change wrote each of its
 * paths into the GIN index at once, about 1.1 ms of PostgreSQL CPU of the 4.5 ms an `addLineItem` cost
 * (docs/PERFORMANCE.md, "Checkout"). `where` on carts keeps the index; it also reads the pending list until
 * autovacuum or the 4 MB limit moves the list into the index.
 */
export class CheckoutCartDocIndexPendingList1765400000000 implements MigrationInterface {
  name = 'CheckoutCartDocIndexPendingList1765400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER INDEX "checkout"."carts_doc_idx" SET (fastupdate = on)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER INDEX "checkout"."carts_doc_idx" SET (fastupdate = off)`);
  }
}
