import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The revocation log the gateways poll (docs/CONSISTENCY.md, "Token revocation"): every access token deleted
 * before its expiry is written to it by a trigger, whatever statement deleted it (a revocation, an owner's
 * deletion, a cascade), numbered by a counter whose row lock makes the numbers commit in order. A reader
 * that has seen number n has therefore seen every number below n.
 */
export class AuthTokenRevocationLog1764200000001 implements MigrationInterface {
  name = 'AuthTokenRevocationLog1764200000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "auth"."token_revocation_counter" (
      singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      seq bigint NOT NULL
    )`);
    await db.query(`INSERT INTO "auth"."token_revocation_counter" (seq) VALUES (0)`);
    await db.query(`CREATE TABLE "auth"."token_revocations" (
      seq bigint PRIMARY KEY,
      token_hash text NOT NULL,
      revoked_at timestamptz NOT NULL DEFAULT clock_timestamp()
    )`);
    await db.query(`CREATE INDEX token_revocations_revoked_idx ON "auth"."token_revocations" (revoked_at)`);
    await db.query(`CREATE FUNCTION "auth"."log_token_revocations"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        n bigint;
        last bigint;
      BEGIN
        SELECT count(*) INTO n FROM gone WHERE kind = 'access' AND expires_at > now();
        IF n = 0 THEN
          RETURN NULL;
        END IF;
        UPDATE "auth"."token_revocation_counter" SET seq = seq + n RETURNING seq INTO last;
        INSERT INTO "auth"."token_revocations" (seq, token_hash)
          SELECT last - n + row_number() OVER (), token_hash
          FROM gone WHERE kind = 'access' AND expires_at > now();
        RETURN NULL;
      END $$`);
    await db.query(`CREATE TRIGGER tokens_revocation_log AFTER DELETE ON "auth"."tokens"
      REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "auth"."log_token_revocations"()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER tokens_revocation_log ON "auth"."tokens"`);
    await db.query(`DROP FUNCTION "auth"."log_token_revocations"()`);
    await db.query(`DROP TABLE "auth"."token_revocations"`);
    await db.query(`DROP TABLE "auth"."token_revocation_counter"`);
  }
}
