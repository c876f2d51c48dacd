import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes to revoke whole token families (all access tokens of a refresh token, of a client, of a customer)
 * and a per-project count of refresh tokens, kept exact by triggers, so the least recently used can be
 * deleted beyond the limit without counting millions of rows on every grant.
 */
export class AuthTokenFamilies1763800000001 implements MigrationInterface {
  name = 'AuthTokenFamilies1763800000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX tokens_refresh_family_idx ON "auth"."tokens" (refresh_token_hash) WHERE refresh_token_hash IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX tokens_customer_idx ON "auth"."tokens" (project_key, customer_id) WHERE customer_id IS NOT NULL`,
    );
    await db.query(`CREATE TABLE "auth"."refresh_token_counts" (
      project_key text PRIMARY KEY,
      n bigint NOT NULL
    )`);
    await db.query(`CREATE FUNCTION "auth"."count_refresh_tokens"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO "auth"."refresh_token_counts" (project_key, n) VALUES (NEW.project_key, 1)
          ON CONFLICT (project_key) DO UPDATE SET n = "auth"."refresh_token_counts".n + 1;
          RETURN NEW;
        END IF;
        UPDATE "auth"."refresh_token_counts" SET n = n - 1 WHERE project_key = OLD.project_key;
        RETURN OLD;
      END $$`);
    await db.query(`CREATE TRIGGER tokens_refresh_inserted AFTER INSERT ON "auth"."tokens"
      FOR EACH ROW WHEN (NEW.kind = 'refresh') EXECUTE FUNCTION "auth"."count_refresh_tokens"()`);
    await db.query(`CREATE TRIGGER tokens_refresh_deleted AFTER DELETE ON "auth"."tokens"
      FOR EACH ROW WHEN (OLD.kind = 'refresh') EXECUTE FUNCTION "auth"."count_refresh_tokens"()`);
    await db.query(`INSERT INTO "auth"."refresh_token_counts" (project_key, n)
      SELECT project_key, count(*) FROM "auth"."tokens" WHERE kind = 'refresh' GROUP BY project_key`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER tokens_refresh_deleted ON "auth"."tokens"`);
    await db.query(`DROP TRIGGER tokens_refresh_inserted ON "auth"."tokens"`);
    await db.query(`DROP FUNCTION "auth"."count_refresh_tokens"()`);
    await db.query(`DROP TABLE "auth"."refresh_token_counts"`);
    await db.query(`DROP INDEX "auth"."tokens_customer_idx"`);
    await db.query(`DROP INDEX "auth"."tokens_refresh_family_idx"`);
  }
}
