import type { MigrationInterface, QueryRunner } from 'typeorm';

/** One insights configuration per project; provider secrets are kept encrypted inside `doc`. */
export class InsightsInitial1763700000000 implements MigrationInterface {
  name = 'InsightsInitial1763700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "insights"."configurations" (
      project_key text PRIMARY KEY,
      last_modified_at timestamptz NOT NULL,
      doc jsonb NOT NULL
    )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "insights"."configurations"`);
  }
}
