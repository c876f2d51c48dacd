import type { InsightsProviderType, ProjectTelemetry } from '@commerce/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface ProviderHealth {
  type: InsightsProviderType;
  failures: number;
  due: boolean;
}

/** Collected telemetry waiting for export, the export schedule and provider health. */
@Injectable()
export class ExportRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * The projects whose telemetry is kept: those with an active configuration. Whether it is kept is decided
   * here alone; gateways ask (`insights.telemetry.ingest`) and collect for these only.
   */
  async exportingProjects(): Promise<string[]> {
    const rows = await this.db.query<Array<{ project_key: string }>>(
      `SELECT project_key FROM "insights"."configurations" WHERE (doc->>'active')::boolean ORDER BY project_key`,
    );
    return rows.map((row) => row.project_key);
  }

  /**
   * Stores each project's part of a batch, for `exporting` projects only (a gateway may still send a project
   * it has not yet heard was deactivated). Returns how many parts were kept.
   */
  async store(projects: ProjectTelemetry[], exporting: ReadonlySet<string>): Promise<number> {
    const kept = projects.filter((project) => exporting.has(project.projectKey));
    if (kept.length === 0) return 0;
    await this.db.query(
      `INSERT INTO "insights"."telemetry" (project_key, data)
       SELECT * FROM unnest($1::text[], $2::jsonb[])`,
      [kept.map((project) => project.projectKey), kept.map((project) => JSON.stringify(project))],
    );
    return kept.length;
  }

  /**
   * Claims the projects whose export is due, moving their next export one interval ahead. The conditional
   * upsert lets exactly one replica claim a project per interval.
   */
  async claimDue(intervalMs: number): Promise<string[]> {
    const rows = await this.db.query<Array<{ project_key: string }>>(
      `INSERT INTO "insights"."export_schedule" AS s (project_key, next_export_at)
       SELECT project_key, now() + make_interval(secs => $1::double precision / 1000)
       FROM "insights"."configurations" WHERE (doc->>'active')::boolean
       ON CONFLICT (project_key) DO UPDATE SET next_export_at = EXCLUDED.next_export_at
       WHERE s.next_export_at <= now()
       RETURNING project_key`,
      [intervalMs],
    );
    return rows.map((row) => row.project_key);
  }

  /** Takes (deletes and returns) everything collected for a project so far. */
  async take(projectKey: string): Promise<ProjectTelemetry[]> {
    const rows = await this.db.query<Array<{ data: ProjectTelemetry }>>(
      `WITH taken AS (DELETE FROM "insights"."telemetry" WHERE project_key = $1 RETURNING id, data)
       SELECT data FROM taken ORDER BY id`,
      [projectKey],
    );
    return rows.map((row) => row.data);
  }

  async health(projectKey: string): Promise<Map<InsightsProviderType, ProviderHealth>> {
    const rows = await this.db.query<
      Array<{ provider_type: InsightsProviderType; failures: number; due: boolean }>
    >(
      `SELECT provider_type, failures, next_attempt_at <= now() AS due
       FROM "insights"."provider_status" WHERE project_key = $1`,
      [projectKey],
    );
    return new Map(
      rows.map((row) => [
        row.provider_type,
        { type: row.provider_type, failures: row.failures, due: row.due },
      ]),
    );
  }

  async recordSuccess(projectKey: string, type: InsightsProviderType): Promise<void> {
    await this.db.query(
      `INSERT INTO "insights"."provider_status" (project_key, provider_type, valid, failures, next_attempt_at, last_error, updated_at)
       VALUES ($1, $2, true, 0, now(), NULL, now())
       ON CONFLICT (project_key, provider_type) DO UPDATE
       SET valid = true, failures = 0, next_attempt_at = now(), last_error = NULL, updated_at = now()`,
      [projectKey, type],
    );
  }

  /** Marks the provider invalid and waits `backoffMs` before it is tried again. */
  async recordFailure(projectKey: string, type: InsightsProviderType, error: string, backoffMs: number) {
    await this.db.query(
      `INSERT INTO "insights"."provider_status" (project_key, provider_type, valid, failures, next_attempt_at, last_error, updated_at)
       VALUES ($1, $2, false, 1, now() + make_interval(secs => $4::double precision / 1000), $3, now())
       ON CONFLICT (project_key, provider_type) DO UPDATE
       SET valid = false, failures = "insights"."provider_status".failures + 1,
           next_attempt_at = now() + make_interval(secs => $4::double precision / 1000),
           last_error = $3, updated_at = now()`,
      [projectKey, type, error.slice(0, 500), backoffMs],
    );
  }
}
