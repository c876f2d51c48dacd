import { documentTableSqlV1 } from '@commerce/persistence';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class StoresInitial1763700000000 implements MigrationInterface {
  name = 'StoresInitial1763700000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of documentTableSqlV1('stores', 'stores')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "stores"."stores"`);
  }
}
