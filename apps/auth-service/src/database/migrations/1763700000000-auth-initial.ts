import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AuthInitial1763700000000 implements MigrationInterface {
  name = 'AuthInitial1763700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "auth"."projects" (
      key text PRIMARY KEY,
      version int NOT NULL,
      created_at timestamptz NOT NULL,
      doc jsonb NOT NULL
    )`);
    await db.query(`CREATE TABLE "auth"."api_clients" (
      id text PRIMARY KEY,
      project_key text NOT NULL REFERENCES "auth"."projects"(key) ON DELETE CASCADE,
      name text NOT NULL,
      scope text NOT NULL,
      secret_hash text NOT NULL,
      created_at timestamptz NOT NULL,
      last_used_at date,
      access_token_validity_seconds int,
      refresh_token_validity_seconds int,
      delete_at timestamptz
    )`);
    await db.query(`CREATE INDEX api_clients_project_idx ON "auth"."api_clients" (project_key, created_at)`);
    await db.query(`CREATE TABLE "auth"."tokens" (
      token_hash text PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('access', 'refresh')),
      project_key text NOT NULL,
      client_id text NOT NULL,
      scope text NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      last_used_at timestamptz NOT NULL,
      customer_id text,
      anonymous_id text,
      store_key text,
      refresh_token_hash text
    )`);
    await db.query(`CREATE INDEX tokens_client_idx ON "auth"."tokens" (client_id)`);
    await db.query(`CREATE INDEX tokens_expiry_idx ON "auth"."tokens" (expires_at)`);
    await db.query(
      `CREATE INDEX tokens_refresh_lru_idx ON "auth"."tokens" (project_key, kind, last_used_at)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "auth"."tokens"`);
    await db.query(`DROP TABLE "auth"."api_clients"`);
    await db.query(`DROP TABLE "auth"."projects"`);
  }
}
