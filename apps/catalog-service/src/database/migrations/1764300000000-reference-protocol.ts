import { referenceTablesDown, referenceTablesUp } from '@commerce/resources';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables of the cross-service reference protocol (docs/CONSISTENCY.md, "Cross-service references"). */
export class CatalogReferenceProtocol1764300000000 implements MigrationInterface {
  name = 'CatalogReferenceProtocol1764300000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of referenceTablesUp('catalog')) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const statement of referenceTablesDown('catalog')) await db.query(statement);
  }
}
