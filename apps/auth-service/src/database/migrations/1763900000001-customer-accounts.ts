import { messagesTableSqlV1 } from '@commerce/resources';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Messages of customers, and the customers' password-reset and e-mail-verification tokens: only their
 * SHA-256 hashes are kept; a token row goes when it is redeemed, superseded or its customer is deleted.
 */
export class AuthCustomerAccounts1763900000001 implements MigrationInterface {
  name = 'AuthCustomerAccounts1763900000001';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of messagesTableSqlV1('auth')) await db.query(statement);
    await db.query(`CREATE TABLE "auth"."customer_tokens" (
      token_hash text PRIMARY KEY,
      id text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('password', 'email')),
      project_key text NOT NULL,
      customer_id text NOT NULL REFERENCES "auth"."customers"(id) ON DELETE CASCADE,
      invalidate_older_tokens boolean NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    )`);
    await db.query(
      `CREATE INDEX customer_tokens_customer_idx ON "auth"."customer_tokens" (project_key, customer_id, kind)`,
    );
    await db.query(`CREATE INDEX customer_tokens_expiry_idx ON "auth"."customer_tokens" (expires_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "auth"."customer_tokens"`);
    await db.query(`DROP TABLE "auth"."messages"`);
  }
}
