import { documentTableSqlV1 } from '@commerce/persistence';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Categories (with their slugs claimed per locale), tax categories and states. */
export class CatalogTaxonomy1764000000000 implements MigrationInterface {
  name = 'CatalogTaxonomy1764000000000';

  async up(db: QueryRunner): Promise<void> {
    for (const table of ['categories', 'tax_categories', 'states']) {
      for (const statement of documentTableSqlV1('catalog', table)) await db.query(statement);
    }
    await db.query(`CREATE TABLE "catalog"."category_slugs" (
      project_key text NOT NULL,
      locale text NOT NULL,
      slug text NOT NULL,
      category_id text NOT NULL,
      PRIMARY KEY (project_key, locale, slug)
    )`);
    await db.query(`CREATE INDEX category_slugs_category_idx ON "catalog"."category_slugs" (category_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "catalog"."category_slugs"`);
    for (const table of ['states', 'tax_categories', 'categories']) {
      await db.query(`DROP TABLE "catalog"."${table}"`);
    }
  }
}
