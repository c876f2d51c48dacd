import { documentTableSqlV1 } from '@commerce/persistence';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customers as a document table; their password hashes in a table of their own (never in the document, so
 * no query or response can carry them); claimed anonymous session ids.
 */
export class AuthCustomers1763800000000 implements MigrationInterface {
  name = 'AuthCustomers1763800000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of documentTableSqlV1('auth', 'customers')) await db.query(statement);
    await db.query(
      `CREATE INDEX customers_email_idx ON "auth"."customers" (project_key, lower(doc->>'email'))`,
    );
    await db.query(
      `CREATE UNIQUE INDEX "customers_customerNumber_uq" ON "auth"."customers" (project_key, (doc->>'customerNumber'))`,
    );
    await db.query(`CREATE TABLE "auth"."customer_passwords" (
      customer_id text PRIMARY KEY REFERENCES "auth"."customers"(id) ON DELETE CASCADE,
      project_key text NOT NULL,
      password_hash text NOT NULL
    )`);
    await db.query(`CREATE TABLE "auth"."anonymous_ids" (
      project_key text NOT NULL,
      anonymous_id text NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (project_key, anonymous_id)
    )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "auth"."anonymous_ids"`);
    await db.query(`DROP TABLE "auth"."customer_passwords"`);
    await db.query(`DROP TABLE "auth"."customers"`);
  }
}
