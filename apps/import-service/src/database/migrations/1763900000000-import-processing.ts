import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the workers need: the resource to import, who imported it, its product (one write per product),
 * and `due_at`, the time an operation may next be claimed. A claim moves `due_at` forward by the lease, so
 * the work of a worker that died is claimed again once its lease has run out; `claimed_by` lets only the
 * claiming worker record the outcome. `seq` keeps the order in which the operations arrived;
 * `woken_at` records an announcement that arrived while the operation was claimed.
 */
export class ImportProcessing1763900000000 implements MigrationInterface {
  name = 'ImportProcessing1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "import"."import_operations"
      ADD COLUMN resource jsonb NOT NULL DEFAULT '{}'::jsonb,
      ADD COLUMN actor jsonb NOT NULL DEFAULT '{}'::jsonb,
      ADD COLUMN product_key text NOT NULL DEFAULT '',
      ADD COLUMN due_at timestamptz,
      ADD COLUMN claimed_by text,
      ADD COLUMN failures int NOT NULL DEFAULT 0,
      ADD COLUMN seq bigserial,
      ADD COLUMN woken_at timestamptz`);
    await db.query(
      `CREATE INDEX import_operations_due_idx ON "import"."import_operations" (due_at)
       WHERE state IN ('processing', 'unresolved')`,
    );
    await db.query(
      `CREATE INDEX import_operations_resource_key_idx ON "import"."import_operations" (project_key, container_key, resource_key)`,
    );
    await db.query(`CREATE INDEX import_operations_expires_idx ON "import"."import_operations" (expires_at)`);
    await db.query(`CREATE INDEX import_containers_expires_idx ON "import"."import_containers" (expires_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX "import"."import_containers_expires_idx"`);
    await db.query(`DROP INDEX "import"."import_operations_expires_idx"`);
    await db.query(`DROP INDEX "import"."import_operations_resource_key_idx"`);
    await db.query(`DROP INDEX "import"."import_operations_due_idx"`);
    await db.query(`ALTER TABLE "import"."import_operations"
      DROP COLUMN resource, DROP COLUMN actor, DROP COLUMN product_key, DROP COLUMN due_at,
      DROP COLUMN claimed_by, DROP COLUMN failures, DROP COLUMN seq, DROP COLUMN woken_at`);
  }
}
