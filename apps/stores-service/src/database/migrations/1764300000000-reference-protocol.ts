import { referenceTablesDown, referenceTablesUp } from '@commerce/resources';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables of the cross-service reference protocol (docs/CONSISTENCY.md, "Cross-service references"). */
export class StoresReferenceProtocol1764300000000 implements MigrationInterface {
  name = 'StoresReferenceProtocol1764300000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of referenceTablesUp('stores')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const statement of referenceTablesDown('stores')) await db.query(statement);
  }
}
