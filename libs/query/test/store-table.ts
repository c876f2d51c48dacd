import { freePort, startEmbeddedDatabase, type EmbeddedDatabase } from '@commerce/embedded-postgres';
import pg from 'pg';
import { compileSort, compileWhere, SqlParams, type QuerySchema } from '../src/index.js';
import { compileWhereWith, type CompileOptions } from '../src/where/compile-where.js';
import { storeSchema } from './store-schema.js';
import { storeRows } from './store-rows.js';

export interface Query {
  where?: string[];
  vars?: Record<string, string[]>;
  sort?: string[];
  limit?: number;
  options?: CompileOptions;
}

/** A real PostgreSQL with the Store rows, queried the way a repository would: project key at $1. */
export class StoreTable {
  private constructor(
    private readonly embedded: EmbeddedDatabase,
    private readonly db: pg.Pool,
  ) {}

  static async create(): Promise<StoreTable> {
    const embedded = await startEmbeddedDatabase({ port: await freePort() });
    const db = new pg.Pool({ connectionString: embedded.url, max: 2 });
    await db.query(`
      CREATE TABLE t (
        id text PRIMARY KEY, project text NOT NULL, key text, version int NOT NULL,
        created_at timestamptz NOT NULL, last_modified_at timestamptz NOT NULL, doc jsonb NOT NULL
      );
      CREATE INDEX t_doc_gin ON t USING gin (doc jsonb_path_ops);
      CREATE UNIQUE INDEX t_key_uq ON t (project, key);
    `);
    for (const row of storeRows) {
      await db.query('INSERT INTO t VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)', [
        row.id,
        'p1',
        row.key,
        row.version,
        row.createdAt,
        row.lastModifiedAt,
        JSON.stringify(row.doc),
      ]);
    }
    return new StoreTable(embedded, db);
  }

  /** The keys (ids for rows without a key) matching the query, in the query's order. */
  async keys(query: Query, schema: QuerySchema = storeSchema): Promise<string[]> {
    const params = new SqlParams(1);
    const where = query.options
      ? compileWhereWith(query.where ?? [], query.vars ?? {}, schema, params, query.options)
      : compileWhere(query.where ?? [], query.vars ?? {}, schema, params);
    const orderBy = compileSort(query.sort ?? [], schema);
    const limit = query.limit === undefined ? '' : ` LIMIT ${query.limit}`;
    const sql = `SELECT coalesce(key, id) AS k FROM t WHERE project = $1 AND (${where}) ORDER BY ${orderBy}${limit}`;
    const result = await this.db.query<{ k: string }>(sql, ['p1', ...params.values]);
    return result.rows.map((row) => row.k);
  }

  async close(): Promise<void> {
    await this.db.end();
    await this.embedded.stop();
  }
}
