import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The document index with its scope: `(project_key, staged, doc jsonb_path_ops)` as one GIN index (btree_gin,
 * installed by `1764250000000-catalog-search-scope-index`), so a selective document match
 * (`masterVariant(sku in (...))`, compiled to `doc @@ jsonpath`) reads only its matches of the project and
 * staged flag, instead of intersecting the document index with every row of the project (at 100,000 products
 * 160 ms → 3 ms: docs/PERFORMANCE.md, "Product Search beside Product Projection Search"). Without btree_gin
 * the plain document index stays.
 */
export class CatalogSearchDocScopeIndex1765300000000 implements MigrationInterface {
  name = 'CatalogSearchDocScopeIndex1765300000000';

  async up(db: QueryRunner): Promise<void> {
    const [{ installed }] = (await db.query(
      `SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin') AS installed`,
    )) as Array<{ installed: boolean }>;
    if (!installed) return;
    await db.query(
      `CREATE INDEX product_search_scoped_doc_idx ON "catalog"."product_search"
         USING GIN (project_key, staged, doc jsonb_path_ops)`,
    );
    await db.query(`DROP INDEX "catalog"."product_search_doc_idx"`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX IF NOT EXISTS product_search_doc_idx ON "catalog"."product_search" USING GIN (doc jsonb_path_ops)`,
    );
    await db.query(`DROP INDEX IF EXISTS "catalog"."product_search_scoped_doc_idx"`);
  }
}
