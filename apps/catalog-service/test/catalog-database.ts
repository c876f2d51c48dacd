import { freePort, startEmbeddedDatabase } from '@commerce/embedded-postgres';
import { openDatabase, type Queryable } from '@commerce/persistence';
import type { MessagePayload } from '@commerce/contracts';
import type { MessageSubject, MessageWriter } from '@commerce/resources';
import { catalogMigrations } from '../src/database/migrations/index.js';

/** A real PostgreSQL with the catalog schema, migrated by the service's own migrations. */
export async function catalogDatabase(): Promise<{ db: Queryable; close: () => Promise<void> }> {
  const embedded = await startEmbeddedDatabase({ port: await freePort() });
  const db = await openDatabase({
    url: embedded.url,
    schema: 'catalog',
    migrations: catalogMigrations,
    poolSize: 4,
  });
  return {
    db,
    async close() {
      await db.destroy();
      await embedded.stop();
    },
  };
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
