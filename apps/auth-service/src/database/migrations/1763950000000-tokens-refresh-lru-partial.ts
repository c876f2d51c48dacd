import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The least-recently-used index of refresh tokens holds refresh tokens only: the one statement that uses it
 * (evicting beyond the per-project limit) asks for `kind = 'refresh'`, and every access token grant no
 * longer writes an entry into it.
 */
export class AuthTokensRefreshLruPartial1763950000000 implements MigrationInterface {
  name = 'AuthTokensRefreshLruPartial1763950000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX "auth"."tokens_refresh_lru_idx"`);
    await db.query(
      `CREATE INDEX tokens_refresh_lru_idx ON "auth"."tokens" (project_key, last_used_at) WHERE kind = 'refresh'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX "auth"."tokens_refresh_lru_idx"`);
    await db.query(
      `CREATE INDEX tokens_refresh_lru_idx ON "auth"."tokens" (project_key, kind, last_used_at)`,
    );
  }
}
