import { PGlite } from '@electric-sql/pglite';
import type { DataSource, QueryRunner } from 'typeorm';
import { authMigrations } from '../src/database/migrations/index.js';

interface Queryable {
  query<T = unknown>(sql: string, parameters?: unknown[]): Promise<T>;
}

/**
 * An in-process PostgreSQL (PGlite) with the auth schema migrated by the committed migrations, offered as the
 * small part of a TypeORM DataSource the repositories use (`query` and `transaction`).
 */
export async function authDatabase(): Promise<{ db: DataSource; close(): Promise<void> }> {
  const pg = await PGlite.create();
  const queryable: Queryable = {
    query: async <T>(sql: string, parameters: unknown[] = []) => (await pg.query(sql, parameters)).rows as T,
  };
  await pg.exec('CREATE SCHEMA auth');
  for (const Migration of authMigrations) await new Migration().up(queryable as unknown as QueryRunner);
  const db = {
    ...queryable,
    transaction: <T>(work: (tx: Queryable) => Promise<T>) =>
      pg.transaction((tx) =>
        work({
          query: async <R>(sql: string, parameters: unknown[] = []) =>
            (await tx.query(sql, parameters)).rows as R,
        }),
      ),
  };
  return { db: db as unknown as DataSource, close: () => pg.close() };
}
