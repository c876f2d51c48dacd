import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The documents a cart change and an order write: each is 5 to 10 kB, above PostgreSQL's TOAST threshold. */
const COLUMNS = [
  ['carts', 'doc'],
  ['orders', 'doc'],
  ['messages', 'doc'],
] as const;

/**
 * The checkout's large documents are compressed with `lz4` where the server has it (docs/PERFORMANCE.md,
 * "Checkout"): `pglz` compression was a tenth of PostgreSQL's CPU of a cart change. A server built without lz4
 * (the embedded one of the all-in-one mode) keeps `pglz`: the statement is skipped, not failed.
 */
export class CheckoutLz4Documents1766300000000 implements MigrationInterface {
  name = 'CheckoutLz4Documents1766300000000';

  async up(db: QueryRunner): Promise<void> {
    for (const [table, column] of COLUMNS) await db.query(setCompression(table, column, 'lz4'));
  }

  async down(db: QueryRunner): Promise<void> {
    for (const [table, column] of COLUMNS) await db.query(setCompression(table, column, 'default'));
  }
}

function setCompression(table: string, column: string, method: 'lz4' | 'default'): string {
  return `DO $$ BEGIN
      ALTER TABLE "checkout"."${table}" ALTER COLUMN ${column} SET COMPRESSION ${method};
    EXCEPTION WHEN feature_not_supported THEN NULL;
    END $$`;
}
