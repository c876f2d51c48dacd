import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Text search with its scope in one index: `(project_key, staged, search)` as one GIN index (btree_gin), so a
 * search reads only its project's staged or current projections of the words, instead of intersecting the text
 * index with a B-tree scan of every row of the project (EXPLAIN in docs/SEARCH.md, "Performance").
 * btree_gin is a trusted extension: a role with CREATE on the database installs it. Without that privilege
 * (and without the extension) the plain text index stays, and search still works, slower.
 */
export class CatalogSearchScopeIndex1764250000000 implements MigrationInterface {
  name = 'CatalogSearchScopeIndex1764250000000';

  async up(db: QueryRunner): Promise<void> {
    const [{ possible }] = (await db.query(
      `SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin')
              OR has_database_privilege(current_database(), 'CREATE') AS possible`,
    )) as Array<{ possible: boolean }>;
    if (!possible) return;
    await db.query(`CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA "catalog"`);
    await db.query(
      `CREATE INDEX product_search_scoped_text_idx ON "catalog"."product_search" USING GIN (project_key, staged, search)`,
    );
    await db.query(`DROP INDEX "catalog"."product_search_text_idx"`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX IF NOT EXISTS product_search_text_idx ON "catalog"."product_search" USING GIN (search)`,
    );
    await db.query(`DROP INDEX IF EXISTS "catalog"."product_search_scoped_text_idx"`);
  }
}
