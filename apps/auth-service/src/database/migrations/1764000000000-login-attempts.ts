import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The counters of the sign-in throttle (rate-limiter-flexible's PostgreSQL table): shared by every
 * auth-service replica, so N replicas allow the limit once, not N times.
 */
export class AuthLoginAttempts1764000000000 implements MigrationInterface {
  name = 'AuthLoginAttempts1764000000000';

  async up(db: QueryRunner): Promise<void> {
    // The shape rate-limiter-flexible's RateLimiterPostgres reads and writes (service-kit counterTableSql).
    await db.query(
      `CREATE TABLE "auth"."login_attempts" (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "auth"."login_attempts"`);
  }
}
