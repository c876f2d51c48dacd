import { freePort, startEmbeddedDatabase } from '@commerce/embedded-postgres';
import type { DataSource } from 'typeorm';
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
