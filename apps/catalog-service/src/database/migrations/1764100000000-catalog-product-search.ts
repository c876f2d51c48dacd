import type { Product } from '@commerce/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { writeProjections } from '../../product-projections/projection-rows.js';

/**
 * The product projections, current (published products only) and staged, one row each, kept up to date with
 * every product write in the same transaction: what `/product-projections` queries and searches read.
 * `search` holds the words of names, descriptions and search keywords, each prefixed by its locale.
 */
export class CatalogProductSearch1764100000000 implements MigrationInterface {
  name = 'CatalogProductSearch1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "catalog"."product_search" (
      project_key text NOT NULL,
      id text NOT NULL,
      staged boolean NOT NULL,
      key text,
      version int NOT NULL,
      created_at timestamptz NOT NULL,
      last_modified_at timestamptz NOT NULL,
      doc jsonb NOT NULL,
      variants jsonb NOT NULL,
      search tsvector NOT NULL,
      PRIMARY KEY (project_key, staged, id)
    )`);
    await db.query(`CREATE INDEX product_search_id_idx ON "catalog"."product_search" (id)`);
    await db.query(
      `CREATE INDEX product_search_key_idx ON "catalog"."product_search" (project_key, staged, key)`,
    );
    await db.query(`CREATE INDEX product_search_text_idx ON "catalog"."product_search" USING GIN (search)`);
    await db.query(
      `CREATE INDEX product_search_doc_idx ON "catalog"."product_search" USING GIN (doc jsonb_path_ops)`,
    );
    for (const staged of [true, false]) {
      await db.query(`CREATE VIEW "catalog"."product_projections_${staged ? 'staged' : 'current'}" AS
        SELECT project_key, id, key, version, created_at, last_modified_at, doc
        FROM "catalog"."product_search" WHERE staged = ${staged}`);
    }
    // Products written before this migration, in pages.
    for (let after = ''; ;) {
      const rows = (await db.query(
        `SELECT project_key, id, doc FROM "catalog"."products" WHERE id > $1 ORDER BY id LIMIT 500`,
        [after],
      )) as Array<{ project_key: string; id: string; doc: Product }>;
      for (const row of rows) await writeProjections(db, row.project_key, row.doc);
      if (rows.length < 500) break;
      after = rows[rows.length - 1].id;
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP VIEW "catalog"."product_projections_current"`);
    await db.query(`DROP VIEW "catalog"."product_projections_staged"`);
    await db.query(`DROP TABLE "catalog"."product_search"`);
  }
}
