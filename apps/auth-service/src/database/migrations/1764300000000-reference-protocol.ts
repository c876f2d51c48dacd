import { referenceTablesDown, referenceTablesUp } from '@commerce/resources';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables of the cross-service reference protocol (docs/CONSISTENCY.md, "Cross-service references"). */
export class AuthReferenceProtocol1764300000000 implements MigrationInterface {
  name = 'AuthReferenceProtocol1764300000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of referenceTablesUp('auth')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const statement of referenceTablesDown('auth')) await db.query(statement);
  }
}
