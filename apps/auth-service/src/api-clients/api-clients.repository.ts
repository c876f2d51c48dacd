import { preparedQuery, type Queryable } from '@commerce/persistence';
import { ApiClientShape } from '@commerce/contracts';
import { SqlParams, compileSort, compileWhere, querySchemaOf, type QueryParams } from '@commerce/query';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ApiClientRecord, GrantingClient } from './api-client.record.js';

interface Row {
  id: string;
  project_key: string;
  name: string;
  scope: string;
  secret_hash: string;
  created_at: Date;
  last_used_on: string | null;
  access_token_validity_seconds: number | null;
  refresh_token_validity_seconds: number | null;
  delete_at: Date | null;
}

/** The columns a grant reads (`findForAuthentication`). */
type GrantingRow = Pick<
  Row,
  | 'id'
  | 'project_key'
  | 'scope'
  | 'secret_hash'
  | 'access_token_validity_seconds'
  | 'refresh_token_validity_seconds'
  | 'delete_at'
> & { used_today: boolean };

function toGrantingClient(row: Omit<GrantingRow, 'used_today'>): GrantingClient {
  return {
    id: row.id,
    projectKey: row.project_key,
    scope: row.scope,
    secretHash: row.secret_hash,
    accessTokenValiditySeconds: row.access_token_validity_seconds,
    refreshTokenValiditySeconds: row.refresh_token_validity_seconds,
    deleteAt: row.delete_at ? new Date(row.delete_at) : null,
  };
}

function toRecord(row: Row): ApiClientRecord {
  return {
    ...toGrantingClient(row),
    name: row.name,
    createdAt: new Date(row.created_at),
    lastUsedAt: row.last_used_on,
  };
}

/** The fields `where` and `sort` may name, each a column of `auth.api_clients` (`ApiClientShape`). */
const apiClientQuerySchema = querySchemaOf(ApiClientShape);

const COLUMNS = `id, project_key, name, scope, secret_hash, created_at,
  to_char(last_used_at, 'YYYY-MM-DD') AS last_used_on, access_token_validity_seconds,
  refresh_token_validity_seconds, delete_at`;

/** A client whose `deleteAt` has passed no longer exists. */
const LIVE = `(delete_at IS NULL OR delete_at > now())`;

@Injectable()
export class ApiClientsRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * By id alone (the token endpoint knows no project until the client is found), for authenticating it:
   * with whether it was already used today, so `touch` (a write) runs only on its first use of the day.
   */
  async findForAuthentication(
    id: string,
  ): Promise<{ client: GrantingClient; usedToday: boolean } | undefined> {
    const rows = await preparedQuery<GrantingRow>(
      this.db,
      'auth_api_clients_for_grant',
      `SELECT id, project_key, scope, secret_hash, access_token_validity_seconds,
         refresh_token_validity_seconds, delete_at, last_used_at IS NOT DISTINCT FROM current_date AS used_today
       FROM "auth"."api_clients" WHERE id = $1 AND ${LIVE}`,
      [id],
    );
    const row = rows[0];
    return row ? { client: toGrantingClient(row), usedToday: row.used_today } : undefined;
  }

  async findInProject(projectKey: string, id: string): Promise<ApiClientRecord | undefined> {
    const rows = await this.db.query<Row[]>(
      `SELECT ${COLUMNS} FROM "auth"."api_clients" WHERE project_key = $1 AND id = $2 AND ${LIVE}`,
      [projectKey, id],
    );
    return rows[0] ? toRecord(rows[0]) : undefined;
  }

  async query(projectKey: string, params: QueryParams): Promise<{ rows: ApiClientRecord[]; total?: number }> {
    const sql = new SqlParams(1);
    const predicate = compileWhere(params.where, params.vars, apiClientQuerySchema, sql);
    const filter = `FROM "auth"."api_clients" WHERE project_key = $1 AND ${LIVE} AND (${predicate})`;
    const filterValues = [projectKey, ...sql.values];
    const limit = sql.add(params.limit);
    const offset = sql.add(params.offset);
    const rows = await this.db.query<Row[]>(
      `SELECT ${COLUMNS} ${filter} ORDER BY ${compileSort(params.sort, apiClientQuerySchema)}
       LIMIT ${limit} OFFSET ${offset}`,
      [projectKey, ...sql.values],
    );
    if (!params.withTotal) return { rows: rows.map(toRecord) };
    const counted = await this.db.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM (SELECT 1 ${filter} LIMIT 10000) AS capped`,
      filterValues,
    );
    return { rows: rows.map(toRecord), total: counted[0]?.n ?? 0 };
  }

  async existsWhere(projectKey: string, params: QueryParams): Promise<boolean> {
    const sql = new SqlParams(1);
    const predicate = compileWhere(params.where, params.vars, apiClientQuerySchema, sql);
    const rows = await this.db.query<unknown[]>(
      `SELECT 1 FROM "auth"."api_clients" WHERE project_key = $1 AND ${LIVE} AND (${predicate}) LIMIT 1`,
      [projectKey, ...sql.values],
    );
    return rows.length > 0;
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

  /** Locks a live client of the project for its deletion (token grants under way finish first); false if none. */
  async lockForDeletion(db: Queryable, projectKey: string, id: string): Promise<boolean> {
    const rows = await db.query<unknown[]>(
      `SELECT 1 FROM "auth"."api_clients" WHERE project_key = $1 AND id = $2 AND ${LIVE} FOR UPDATE`,
      [projectKey, id],
    );
    return rows.length === 1;
  }

  /** Deletes a client of the project; returns it, or undefined when there was none. */
  async delete(
    projectKey: string,
    id: string,
    db: Queryable = this.db,
  ): Promise<ApiClientRecord | undefined> {
    const rows = await db.query<Row[]>(
      `WITH gone AS (DELETE FROM "auth"."api_clients" WHERE project_key = $1 AND id = $2 AND ${LIVE}
         RETURNING *)
       SELECT id, project_key, name, scope, secret_hash, created_at,
         to_char(last_used_at, 'YYYY-MM-DD') AS last_used_on, access_token_validity_seconds,
         refresh_token_validity_seconds, delete_at FROM gone`,
      [projectKey, id],
    );
    return rows[0] ? toRecord(rows[0]) : undefined;
  }

  /** Records the day of last use; writes at most once a day per client. */
  async touch(id: string): Promise<void> {
    await preparedQuery(
      this.db,
      'auth_api_clients_touch',
      `UPDATE "auth"."api_clients" SET last_used_at = current_date
       WHERE id = $1 AND last_used_at IS DISTINCT FROM current_date`,
      [id],
    );
  }
}
