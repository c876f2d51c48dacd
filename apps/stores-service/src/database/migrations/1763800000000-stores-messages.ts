import { messagesTableSqlV1 } from '@commerce/resources';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class StoresMessages1763800000000 implements MigrationInterface {
  name = 'StoresMessages1763800000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of messagesTableSqlV1('stores')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "stores"."messages"`);
  }
}
