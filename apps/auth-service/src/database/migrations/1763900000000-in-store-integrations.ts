import type { MigrationInterface, QueryRunner } from 'typeorm';

/** One in-store integration per project; the Callback API Key only sealed (AES-256-GCM). */
export class AuthInStoreIntegrations1763900000000 implements MigrationInterface {
  name = 'AuthInStoreIntegrations1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "auth"."in_store_integrations" (
      project_key text PRIMARY KEY REFERENCES "auth"."projects"(key) ON DELETE CASCADE,
      version integer NOT NULL,
      token_retrieval_url text NOT NULL,
      callback_api_key_sealed text NOT NULL,
      callback_api_key_set_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      last_modified_at timestamptz NOT NULL
    )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "auth"."in_store_integrations"`);
  }
}
