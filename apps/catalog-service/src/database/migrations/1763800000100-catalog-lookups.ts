import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the document tables alone cannot answer with an index: which products a selection holds (and which
 * selections hold a product), the project-wide uniqueness of SKUs and slugs, and of customer group names.
 */
export class CatalogLookups1763800000100 implements MigrationInterface {
  name = 'CatalogLookups1763800000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "catalog"."product_selection_assignments" (
      project_key text NOT NULL,
      selection_id text NOT NULL,
      product_id text NOT NULL,
      variant_selection jsonb,
      variant_exclusion jsonb,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (selection_id, product_id)
    )`);
    await db.query(
      `CREATE INDEX product_selection_assignments_product_idx
         ON "catalog"."product_selection_assignments" (project_key, product_id, created_at)`,
    );
    await db.query(
      `CREATE INDEX product_selection_assignments_selection_idx
         ON "catalog"."product_selection_assignments" (project_key, selection_id, created_at, product_id)`,
    );
    await db.query(`CREATE TABLE "catalog"."product_identifiers" (
      project_key text NOT NULL,
      kind text NOT NULL,
      value text NOT NULL,
      product_id text NOT NULL,
      PRIMARY KEY (project_key, kind, value)
    )`);
    await db.query(
      `CREATE INDEX product_identifiers_product_idx ON "catalog"."product_identifiers" (product_id)`,
    );
    await db.query(
      `CREATE UNIQUE INDEX customer_groups_name_uq ON "catalog"."customer_groups" (project_key, (doc->>'name'))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX "catalog"."customer_groups_name_uq"`);
    await db.query(`DROP TABLE "catalog"."product_identifiers"`);
    await db.query(`DROP TABLE "catalog"."product_selection_assignments"`);
  }
}
