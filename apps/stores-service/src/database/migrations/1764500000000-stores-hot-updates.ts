import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Makes a Store's update a HOT update (heap-only: no index entry written, issue 34): drops the two indexes
 * on columns every update changes, the GIN index on the whole document and `(project_key, last_modified_at)`,
 * and leaves a tenth of each page free for the new row versions. Measured (docs/PERFORMANCE.md "Indexes"): the
 * GIN index was two thirds of an update's WAL (5.3 kB per update with it, 1.9 kB without, 1.6 kB HOT). What
 * they served, a containment predicate on a Store's document and `sort=lastModifiedAt`, scans the project's
 * Stores instead: 18 ms at 10,000 Stores in a project, 160 ms at 100,000; key, id and `createdAt` keep
 * their indexes.
 */
export class StoresHotUpdates1764500000000 implements MigrationInterface {
  name = 'StoresHotUpdates1764500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX "stores"."stores_doc_idx"`);
    await db.query(`DROP INDEX "stores"."stores_project_modified_idx"`);
    await db.query(`ALTER TABLE "stores"."stores" SET (fillfactor = 90)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "stores"."stores" RESET (fillfactor)`);
    await db.query(
      `CREATE INDEX stores_project_modified_idx ON "stores"."stores" (project_key, last_modified_at)`,
    );
    await db.query(
      `CREATE INDEX stores_doc_idx ON "stores"."stores" USING gin (doc jsonb_path_ops) WITH (fastupdate = off)`,
    );
  }
}
