import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Import containers and their operations (the embedded price import). */
export class ImportInitial1763700000000 implements MigrationInterface {
  name = 'ImportInitial1763700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "import"."import_containers" (
      project_key text NOT NULL,
      key text NOT NULL,
      version int NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz,
      doc jsonb NOT NULL,
      PRIMARY KEY (project_key, key)
    )`);
    await db.query(`CREATE TABLE "import"."import_operations" (
      id text PRIMARY KEY,
      project_key text NOT NULL,
      container_key text NOT NULL,
      resource_key text NOT NULL,
      state text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      doc jsonb NOT NULL
    )`);
    await db.query(
      `CREATE INDEX import_operations_container_idx ON "import"."import_operations" (project_key, container_key, state)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "import"."import_operations"`);
    await db.query(`DROP TABLE "import"."import_containers"`);
  }
}
