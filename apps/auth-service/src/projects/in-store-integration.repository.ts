import type { Queryable } from '@commerce/persistence';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface InStoreIntegrationRow {
  projectKey: string;
  version: number;
  tokenRetrievalUrl: string;
  callbackApiKeySealed: string;
  callbackApiKeySetAt: Date;
  createdAt: Date;
  lastModifiedAt: Date;
}

interface Raw {
  project_key: string;
  version: number;
  token_retrieval_url: string;
  callback_api_key_sealed: string;
  callback_api_key_set_at: Date;
  created_at: Date;
  last_modified_at: Date;
}

const fromRaw = (raw: Raw): InStoreIntegrationRow => ({
  projectKey: raw.project_key,
  version: raw.version,
  tokenRetrievalUrl: raw.token_retrieval_url,
  callbackApiKeySealed: raw.callback_api_key_sealed,
  callbackApiKeySetAt: new Date(raw.callback_api_key_set_at),
  createdAt: new Date(raw.created_at),
  lastModifiedAt: new Date(raw.last_modified_at),
});

/** `auth.in_store_integrations`: one row per project; every statement filters by project key. */
@Injectable()
export class InStoreIntegrationRepository {
  constructor(private readonly db: DataSource) {}

  async find(projectKey: string, db: Queryable = this.db): Promise<InStoreIntegrationRow | undefined> {
    const rows = await db.query<Raw[]>(
      `SELECT * FROM "auth"."in_store_integrations" WHERE project_key = $1`,
      [projectKey],
    );
    return rows[0] && fromRaw(rows[0]);
  }

  /** Inserts version 1 or replaces the row at the next version; returns the row as stored. */
  async upsert(
    projectKey: string,
    values: { tokenRetrievalUrl: string; callbackApiKeySealed: string },
    now: Date,
    db: Queryable = this.db,
  ): Promise<InStoreIntegrationRow> {
    const rows = await db.query<Raw[]>(
      `INSERT INTO "auth"."in_store_integrations" AS current
         (project_key, version, token_retrieval_url, callback_api_key_sealed, callback_api_key_set_at,
          created_at, last_modified_at)
       VALUES ($1, 1, $2, $3, $4, $4, $4)
       ON CONFLICT (project_key) DO UPDATE SET
         version = current.version + 1,
         token_retrieval_url = EXCLUDED.token_retrieval_url,
         callback_api_key_sealed = EXCLUDED.callback_api_key_sealed,
         callback_api_key_set_at = EXCLUDED.callback_api_key_set_at,
         last_modified_at = EXCLUDED.last_modified_at
       RETURNING *`,
      [projectKey, values.tokenRetrievalUrl, values.callbackApiKeySealed, now],
    );
    return fromRaw(rows[0]);
  }

  /** Changes the URL only, keeping the stored key; undefined when there is no row. */
  async updateUrl(
    projectKey: string,
    tokenRetrievalUrl: string,
    now: Date,
    db: Queryable = this.db,
  ): Promise<InStoreIntegrationRow | undefined> {
    const rows = await db.query<Raw[]>(
      `WITH changed AS (
         UPDATE "auth"."in_store_integrations"
           SET version = version + 1, token_retrieval_url = $2, last_modified_at = $3
         WHERE project_key = $1 RETURNING *)
       SELECT * FROM changed`,
      [projectKey, tokenRetrievalUrl, now],
    );
    return rows[0] && fromRaw(rows[0]);
  }

  async delete(projectKey: string, db: Queryable = this.db): Promise<InStoreIntegrationRow | undefined> {
    const rows = await db.query<Raw[]>(
      `WITH deleted AS (DELETE FROM "auth"."in_store_integrations" WHERE project_key = $1 RETURNING *)
       SELECT * FROM deleted`,
      [projectKey],
    );
    return rows[0] && fromRaw(rows[0]);
  }
}
