import { documentTableSqlV3 } from '@commerce/persistence';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Attribute Groups: a document table (key unique per project). */
export class CatalogAttributeGroups1766450000000 implements MigrationInterface {
  name = 'CatalogAttributeGroups1766450000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of documentTableSqlV3('catalog', 'attribute_groups')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "catalog"."attribute_groups"`);
  }
}
