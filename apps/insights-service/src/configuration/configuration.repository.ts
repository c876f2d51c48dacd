import type { InsightsProviderType } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { StoredConfiguration } from './stored-configuration.js';

/** The configurations and the export health of their providers. Every statement filters by project key. */
@Injectable()
export class ConfigurationRepository {
  constructor(private readonly db: DataSource) {}

  async find(
    projectKey: string,
    db: Queryable = this.db,
    forUpdate = false,
  ): Promise<StoredConfiguration | undefined> {
    const rows = await db.query<Array<{ doc: StoredConfiguration }>>(
      `SELECT doc FROM "insights"."configurations" WHERE project_key = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [projectKey],
    );
    return rows[0]?.doc;
  }

  async save(config: StoredConfiguration, db: Queryable = this.db): Promise<void> {
    await db.query(
      `INSERT INTO "insights"."configurations" (project_key, last_modified_at, doc) VALUES ($1, $2, $3)
       ON CONFLICT (project_key) DO UPDATE SET last_modified_at = EXCLUDED.last_modified_at, doc = EXCLUDED.doc`,
      [config.projectKey, config.lastModifiedAt, config],
    );
  }

  /** Deletes the configuration with everything that belongs to it; returns what was deleted. */
  async delete(projectKey: string, db: Queryable): Promise<StoredConfiguration | undefined> {
    const rows = await db.query<Array<{ doc: StoredConfiguration }>>(
      `WITH deleted AS (DELETE FROM "insights"."configurations" WHERE project_key = $1 RETURNING doc)
       SELECT doc FROM deleted`,
      [projectKey],
    );
    for (const table of ['provider_status', 'export_schedule', 'telemetry']) {
      await db.query(`DELETE FROM "insights"."${table}" WHERE project_key = $1`, [projectKey]);
    }
    return rows[0]?.doc;
  }

  /** Whether the last export to each provider succeeded (providers never tried are absent). */
  async validity(projectKey: string, db: Queryable = this.db): Promise<Map<InsightsProviderType, boolean>> {
    const rows = await db.query<Array<{ provider_type: InsightsProviderType; valid: boolean }>>(
      `SELECT provider_type, valid FROM "insights"."provider_status" WHERE project_key = $1`,
      [projectKey],
    );
    return new Map(rows.map((row) => [row.provider_type, row.valid]));
  }

  /** Forgets the export health of providers whose settings changed or that were removed. */
  async resetStatus(
    projectKey: string,
    keep: InsightsProviderType[],
    reset: InsightsProviderType[],
    db: Queryable,
  ) {
    await db.query(
      `DELETE FROM "insights"."provider_status"
       WHERE project_key = $1 AND (provider_type = ANY($2::text[]) OR NOT provider_type = ANY($3::text[]))`,
      [projectKey, reset, keep],
    );
  }

  /** Every stored configuration, a page at a time (key rotation). */
  async page(after: string, limit: number): Promise<StoredConfiguration[]> {
    const rows = await this.db.query<Array<{ doc: StoredConfiguration }>>(
      `SELECT doc FROM "insights"."configurations" WHERE project_key > $1 ORDER BY project_key LIMIT $2`,
      [after, limit],
    );
    return rows.map((row) => row.doc);
  }
}
