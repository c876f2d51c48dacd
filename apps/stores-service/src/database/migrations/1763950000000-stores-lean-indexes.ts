import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Drops the `(project_key, id)` indexes of the Store and Message tables: measured with EXPLAIN on
 * PostgreSQL (10,000 Stores in each of two projects, docs/PERFORMANCE.md), every statement that used them
 * (get by id, the versioned update, paging by id) is served as well by the primary key on `id`, and each
 * index cost every insert and every non-HOT update one more index entry.
 */
export class StoresLeanIndexes1763950000000 implements MigrationInterface {
  name = 'StoresLeanIndexes1763950000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX "stores"."stores_project_id_idx"`);
    await db.query(`DROP INDEX "stores"."messages_project_id_idx"`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX stores_project_id_idx ON "stores"."stores" (project_key, id)`);
    await db.query(`CREATE INDEX messages_project_id_idx ON "stores"."messages" (project_key, id)`);
  }
}
