import type { Queryable } from '@commerce/persistence';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ApiClientRecord } from './api-client.record.js';

interface Row {
  id: string;
  project_key: string;
  name: string;
  scope: string;
  secret_hash: string;
  created_at: Date;
  last_used_at: string | null;
  access_token_validity_seconds: number | null;
  refresh_token_validity_seconds: number | null;
  delete_at: Date | null;
}

function toRecord(row: Row): ApiClientRecord {
  return {
    id: row.id,
    projectKey: row.project_key,
    name: row.name,
    scope: row.scope,
    secretHash: row.secret_hash,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    accessTokenValiditySeconds: row.access_token_validity_seconds,
    refreshTokenValiditySeconds: row.refresh_token_validity_seconds,
    deleteAt: row.delete_at,
  };
}

@Injectable()
export class ApiClientsRepository {
  constructor(private readonly db: DataSource) {}

  /** By id alone: the token endpoint knows no project until the client is found. */
  async findById(id: string): Promise<ApiClientRecord | undefined> {
    const rows = await this.db.query<Row[]>(
      `SELECT *, to_char(last_used_at, 'YYYY-MM-DD') AS last_used_at FROM "auth"."api_clients"
       WHERE id = $1 AND (delete_at IS NULL OR delete_at > now())`,
      [id],
    );
    return rows[0] ? toRecord(rows[0]) : undefined;
  }

  async insert(client: ApiClientRecord, db: Queryable = this.db): Promise<void> {
    await db.query(
      `INSERT INTO "auth"."api_clients" (id, project_key, name, scope, secret_hash, created_at,
         access_token_validity_seconds, refresh_token_validity_seconds, delete_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        client.id,
        client.projectKey,
        client.name,
        client.scope,
        client.secretHash,
        client.createdAt,
        client.accessTokenValiditySeconds,
        client.refreshTokenValiditySeconds,
        client.deleteAt,
      ],
    );
  }

  /** Makes the configured admin client match its configuration (the secret may have been rotated). */
  async upsertAdmin(client: ApiClientRecord, db: Queryable = this.db): Promise<void> {
    await db.query(
      `INSERT INTO "auth"."api_clients" (id, project_key, name, scope, secret_hash, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET secret_hash = EXCLUDED.secret_hash, scope = EXCLUDED.scope,
         project_key = EXCLUDED.project_key`,
      [client.id, client.projectKey, client.name, client.scope, client.secretHash, client.createdAt],
    );
  }

  /** Records the day of last use; writes at most once a day per client. */
  async touch(id: string): Promise<void> {
    await this.db.query(
      `UPDATE "auth"."api_clients" SET last_used_at = current_date
       WHERE id = $1 AND last_used_at IS DISTINCT FROM current_date`,
      [id],
    );
  }
}
