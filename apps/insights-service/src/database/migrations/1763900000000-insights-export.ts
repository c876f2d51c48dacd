import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What the export needs: collected telemetry waiting for export, the export schedule, provider health. */
export class InsightsExport1763900000000 implements MigrationInterface {
  name = 'InsightsExport1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "insights"."telemetry" (
      id bigserial PRIMARY KEY,
      project_key text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      data jsonb NOT NULL
    )`);
    await db.query(`CREATE INDEX "telemetry_project_key_id" ON "insights"."telemetry" (project_key, id)`);
    await db.query(`CREATE TABLE "insights"."export_schedule" (
      project_key text PRIMARY KEY,
      next_export_at timestamptz NOT NULL
    )`);
    await db.query(`CREATE TABLE "insights"."provider_status" (
      project_key text NOT NULL,
      provider_type text NOT NULL,
      valid boolean NOT NULL,
      failures integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (project_key, provider_type)
    )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "insights"."provider_status"`);
    await db.query(`DROP TABLE "insights"."export_schedule"`);
    await db.query(`DROP TABLE "insights"."telemetry"`);
  }
}
