import { freePort, startEmbeddedDatabase } from '@commerce/embedded-postgres';
import { openDatabase } from '@commerce/persistence';
import type { DataSource } from 'typeorm';
import { authMigrations } from '../src/database/migrations/index.js';

/** A real PostgreSQL with the auth schema migrated by the committed migrations. */
export async function authDatabase(): Promise<{ db: DataSource; close(): Promise<void> }> {
  const embedded = await startEmbeddedDatabase({ port: await freePort() });
  const db = await openDatabase({
    url: embedded.url,
    schema: 'auth',
    migrations: authMigrations,
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
