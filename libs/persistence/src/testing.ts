import { freePort, startEmbeddedDatabase } from '@commerce/embedded-postgres';
import type { DataSource, EntityManager } from 'typeorm';
import { openDatabase, type DatabaseOptions } from './database.js';

/** A real PostgreSQL for one test file: a fresh embedded server on a free port. */
export interface TestServer {
  url: string;
  stop(): Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  return startEmbeddedDatabase({ port: await freePort() });
}

/** Runs `test` against a fresh embedded server, stopped afterwards whatever happens. */
export async function withTestServer<T>(test: (url: string) => Promise<T>): Promise<T> {
  const server = await startTestServer();
  try {
    return await test(server.url);
  } finally {
    await server.stop();
  }
}

/**
 * A service's schema in a fresh embedded server, migrated by the service's committed migrations (the same
 * `openDatabase` as in production); `close` ends the pool and the server.
 */
export async function testDatabase(
  options: Omit<DatabaseOptions, 'url'>,
): Promise<{ db: DataSource; url: string; close(): Promise<void> }> {
  const server = await startTestServer();
  const db = await openDatabase({ poolSize: 4, ...options, url: server.url }).catch(
    async (error: unknown) => {
      await server.stop();
      throw error;
    },
  );
  return {
    db,
    url: server.url,
    async close() {
      await db.destroy();
      await server.stop();
    },
  };
}

/**
 * Inserts a row with `insert`, then updates it five times the way `DocumentTable.replace` does (every column but
 * `id`, `project_key` and `created_at`; the key unchanged, the document and `last_modified_at` changed within one
 * UTC day), in one transaction, and answers how many of those updates of `schema.table` were heap-only (HOT): a
 * table whose indexes cover no column an update changes answers `{ updates: 5, hot: 5 }`.
 */
export async function heapOnlyUpdates(
  db: DataSource,
  schema: string,
  table: string,
  insert: (tx: EntityManager) => Promise<unknown>,
): Promise<{ updates: number; hot: number }> {
  return db.transaction(async (tx) => {
    await insert(tx);
    for (let version = 1; version <= 5; version++) {
      await tx.query(
        `UPDATE "${schema}"."${table}" SET key = key, version = $1 + 1,
           last_modified_at = '2026-01-01T10:00:00Z'::timestamptz + make_interval(secs => $1),
           doc = doc || jsonb_build_object('version', $1 + 1, 'changed', $1), message_seq = message_seq + 1
         WHERE version = $1`,
        [version],
      );
    }
    const [counts] = await tx.query<Array<{ updates: number; hot: number }>>(
      `SELECT n_tup_upd::int AS updates, n_tup_hot_upd::int AS hot FROM pg_stat_xact_user_tables
       WHERE schemaname = $1 AND relname = $2`,
      [schema, table],
    );
    return counts;
  });
}
