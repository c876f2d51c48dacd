import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The documents a cart change, an order and an order edit (its preview) write: 5 to 10 kB, compressed to 2 to 3 kB. */
const TABLES = ['carts', 'orders', 'order_edits', 'messages'] as const;

/**
 * The checkout's documents stay in their row once compressed (docs/PERFORMANCE.md, "Checkout"). With the
 * default storage (`EXTENDED`) PostgreSQL compresses a row above about 2 kB and then moves the value out of line
 * into the TOAST table while the row is still above 2 kB: a 9 kB cart compresses to 2.4 kB, so every change
 * wrote its chunks and their index entries into the TOAST table, and every read fetched them back. `MAIN`
 * compresses the same way but keeps the value in its row up to a page; only one still larger goes out of line.
 * (`toast_tuple_target` would too, but it also stops compressing below it: a 7 kB cart would fill a page alone
 * and no update of it could stay heap-only.)
 */
export class CheckoutInlineDocuments1766600000000 implements MigrationInterface {
  name = 'CheckoutInlineDocuments1766600000000';

  async up(db: QueryRunner): Promise<void> {
    for (const table of TABLES)
      await db.query(`ALTER TABLE "checkout"."${table}" ALTER COLUMN doc SET STORAGE MAIN`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of TABLES)
      await db.query(`ALTER TABLE "checkout"."${table}" ALTER COLUMN doc SET STORAGE EXTENDED`);
  }
}
