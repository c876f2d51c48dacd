import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { serializeExtendedProtocol } from './protocol-aware-queue.js';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * PGlite persisted under `<dataDir>/pglite`, served over the PostgreSQL wire protocol on loopback so the
 * apps connect exactly as they would to a real server.
 */
export async function startEmbeddedDatabase(dataDir: string, port: number): Promise<EmbeddedDatabase> {
  const dir = path.resolve(dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  const db = await PGlite.create(dir);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 200 });
  serializeExtendedProtocol(server);
  await server.start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
