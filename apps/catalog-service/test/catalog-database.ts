import { PGlite } from '@electric-sql/pglite';
import type { Queryable } from '@commerce/persistence';
import type { MessagePayload } from '@commerce/contracts';
import type { MessageSubject, MessageWriter } from '@commerce/resources';
import type { QueryRunner } from 'typeorm';
import { catalogMigrations } from '../src/database/migrations/index.js';

/** An in-memory PostgreSQL with the catalog schema, migrated by the service's own migrations. */
export async function catalogDatabase(): Promise<{ db: Queryable; close: () => Promise<void> }> {
  const pg = await PGlite.create();
  const db: Queryable = {
    query: async <T>(sql: string, parameters?: unknown[]) => (await pg.query(sql, parameters)).rows as T,
  };
  await pg.exec('CREATE SCHEMA catalog');
  const runner = { query: (sql: string) => db.query(sql) } as unknown as QueryRunner;
  for (const Migration of catalogMigrations) await new Migration().up(runner);
  return { db, close: () => pg.close() };
}

/** A message writer that remembers what it was asked to write. */
export function recordingWriter(): MessageWriter & {
  written: Array<{ subject: MessageSubject; payloads: MessagePayload[] }>;
} {
  const written: Array<{ subject: MessageSubject; payloads: MessagePayload[] }> = [];
  return {
    written,
    append: async (_tx, subject, payloads) => {
      written.push({ subject, payloads });
    },
  };
}
