import { documentTableSqlV2 } from '@commerce/persistence';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Reviews; `uniquenessValue` unique per project, and an index for a product's rating statistics. */
export class CatalogReviews1764700000000 implements MigrationInterface {
  name = 'CatalogReviews1764700000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of documentTableSqlV2('catalog', 'reviews')) await db.query(statement);
    await db.query(
      `ALTER TABLE "catalog"."reviews" ADD COLUMN uniqueness_value text GENERATED ALWAYS AS (doc->>'uniquenessValue') STORED`,
    );
    await db.query(
      `CREATE UNIQUE INDEX "reviews_uniquenessValue_uq" ON "catalog"."reviews" (project_key, uniqueness_value)`,
    );
    await db.query(
      `CREATE INDEX reviews_target_idx ON "catalog"."reviews" (project_key, (doc->'target'->>'id'))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "catalog"."reviews"`);
  }
}
