import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { serializeExtendedProtocol } from './protocol-aware-queue.js';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * PGlite persisted under `<dataDir>/pglite` (in memory without a dataDir), served over the PostgreSQL wire protocol on loopback so the
 * apps connect exactly as they would to a real server.
 */
export async function startEmbeddedDatabase(
  dataDir: string | undefined,
  port: number,
  analyzeIntervalMs = ANALYZE_INTERVAL_MS,
): Promise<EmbeddedDatabase> {
  let db: PGlite;
  if (dataDir === undefined) {
    db = await PGlite.create();
  } else {
    const dir = path.resolve(dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    db = await PGlite.create(dir);
  }
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 200 });
  serializeExtendedProtocol(server);
  await server.start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const maintenance = keepStatistics(url, analyzeIntervalMs);
  return {
    url,
    async stop() {
      await maintenance.stop();
      await server.stop();
      await db.close();
    },
  };
}

/** How often the embedded database refreshes its planner statistics. */
export const ANALYZE_INTERVAL_MS = 60_000;

/**
 * PGlite has no autovacuum, so without this the planner never learns table sizes and walks a tenant index
 * where a GIN index would answer at once. ANALYZE runs through an ordinary connection, so it queues behind
 * other clients' protocol sequences like any query.
 */
function keepStatistics(url: string, intervalMs: number): { stop(): Promise<void> } {
  const client = new pg.Client({ connectionString: url });
  const connected = client.connect();
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = connected.then(() => client.query('ANALYZE')).catch(() => undefined);
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
      await client.end().catch(() => undefined);
    },
  };
}
