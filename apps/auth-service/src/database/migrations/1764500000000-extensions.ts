import { documentTableSqlV2 } from '@commerce/persistence';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** API Extensions: the documents (secrets masked) and their sealed destination secrets. */
export class AuthExtensions1764500000000 implements MigrationInterface {
  name = 'AuthExtensions1764500000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of documentTableSqlV2('auth', 'extensions')) await db.query(statement);
    await db.query(`CREATE TABLE "auth"."extension_secrets" (
      project_key text NOT NULL,
      extension_id text NOT NULL,
      sealed text NOT NULL,
      PRIMARY KEY (project_key, extension_id)
    )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "auth"."extension_secrets"`);
    await db.query(`DROP TABLE "auth"."extensions"`);
  }
}
