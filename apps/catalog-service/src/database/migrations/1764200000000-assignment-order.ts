import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Assignments get a position in the order they were written, so a selection's products (and a product's
 * selections) page in the order they were added, even when two were added within the same microsecond.
 */
export class CatalogAssignmentOrder1764200000000 implements MigrationInterface {
  name = 'CatalogAssignmentOrder1764200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE "catalog"."product_selection_assignments" ADD COLUMN position bigint GENERATED ALWAYS AS IDENTITY`,
    );
    await db.query(`DROP INDEX "catalog"."product_selection_assignments_product_idx"`);
    await db.query(`DROP INDEX "catalog"."product_selection_assignments_selection_idx"`);
    await db.query(
      `CREATE INDEX product_selection_assignments_product_idx
         ON "catalog"."product_selection_assignments" (project_key, product_id, position)`,
    );
    await db.query(
      `CREATE INDEX product_selection_assignments_selection_idx
         ON "catalog"."product_selection_assignments" (project_key, selection_id, position)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX "catalog"."product_selection_assignments_product_idx"`);
    await db.query(`DROP INDEX "catalog"."product_selection_assignments_selection_idx"`);
    await db.query(`ALTER TABLE "catalog"."product_selection_assignments" DROP COLUMN position`);
    await db.query(
      `CREATE INDEX product_selection_assignments_product_idx
         ON "catalog"."product_selection_assignments" (project_key, product_id, created_at)`,
    );
    await db.query(
      `CREATE INDEX product_selection_assignments_selection_idx
         ON "catalog"."product_selection_assignments" (project_key, selection_id, created_at, product_id)`,
    );
  }
}
