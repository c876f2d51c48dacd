import { documentTableSqlV2 } from '@commerce/persistence';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Custom Objects: a key is unique within its container, so the table's unique key is (project, container, key). */
export class CatalogCustomObjects1764600000000 implements MigrationInterface {
  name = 'CatalogCustomObjects1764600000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of documentTableSqlV2('catalog', 'custom_objects')) await db.query(statement);
    await db.query(`DROP INDEX "catalog"."custom_objects_key_uq"`);
    await db.query(
      `ALTER TABLE "catalog"."custom_objects" ADD COLUMN container text GENERATED ALWAYS AS (doc->>'container') STORED`,
    );
    await db.query(
      `CREATE UNIQUE INDEX custom_objects_container_key_uq ON "catalog"."custom_objects" (project_key, container, key)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "catalog"."custom_objects"`);
  }
}
