import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The pending list each GIN index of `product_search` may hold before a write moves it into the index. */
export const PRODUCT_SEARCH_GIN_PENDING_LIST_KB = 64;

/**
 * The GIN indexes of `catalog.product_search` (document and words) keep a small pending list: 64 kB instead of
 * PostgreSQL's 4 MB. Every scan of a GIN index reads its whole pending list, and the planner costs it so: after
 * products are written in bulk (an import, the bench's copy) and before a VACUUM empties the list, a 4 MB list
 * made `where=masterVariant(sku in (...))` walk the primary key in id order testing every document instead of
 * reading its few matches from the index (docs/PERFORMANCE.md, "Product Search beside Product Projection
 * Search"). Writes still go through the list (batched), as the projection rows are rewritten on every product
 * write. Applies to whichever of the indexes exist (scoped by btree_gin or plain).
 */
export class CatalogSearchGinPendingList1765500000000 implements MigrationInterface {
  name = 'CatalogSearchGinPendingList1765500000000';

  async up(db: QueryRunner): Promise<void> {
    for (const index of await ginIndexes(db)) {
      await db.query(
        `ALTER INDEX "catalog"."${index}" SET (gin_pending_list_limit = ${PRODUCT_SEARCH_GIN_PENDING_LIST_KB})`,
      );
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const index of await ginIndexes(db)) {
      await db.query(`ALTER INDEX "catalog"."${index}" RESET (gin_pending_list_limit)`);
    }
  }
}

async function ginIndexes(db: QueryRunner): Promise<string[]> {
  const rows = (await db.query(
    `SELECT c.relname AS name FROM pg_index i
       JOIN pg_class c ON c.oid = i.indexrelid
       JOIN pg_am a ON a.oid = c.relam
     WHERE i.indrelid = '"catalog"."product_search"'::regclass AND a.amname = 'gin'
     ORDER BY c.relname`,
  )) as Array<{ name: string }>;
  return rows.map((row) => row.name);
}
