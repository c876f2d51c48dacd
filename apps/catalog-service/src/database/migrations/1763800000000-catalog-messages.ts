import { messagesTableSqlV1 } from '@commerce/resources';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CatalogMessages1763800000000 implements MigrationInterface {
  name = 'CatalogMessages1763800000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of messagesTableSqlV1('catalog')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "catalog"."messages"`);
  }
}
