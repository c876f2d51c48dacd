import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  EmbeddedDatabaseError,
  embeddedDatabaseUrl,
  readEmbeddedDatabaseUrl,
  startEmbeddedDatabase,
} from './embedded-database.js';
import { freePort } from './free-port.js';

async function scalar<T>(url: string, sql: string): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ v: T }>(sql)).rows[0]?.v;
  } finally {
    await client.end();
  }
}

describe(startEmbeddedDatabase.name, () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'embedded-spec-'));
  });

  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves a real PostgreSQL with collation C on loopback, and removes a temporary cluster on stop', async () => {
    const db = await startEmbeddedDatabase({ port: await freePort() });
    try {
      expect(await scalar<string>(db.url, "SELECT current_setting('server_version') AS v")).toMatch(/^18\./);
      expect(
        await scalar<string>(db.url, "SELECT datcollate AS v FROM pg_database WHERE datname = 'postgres'"),
      ).toBe('C');
      expect(await scalar<string>(db.url, "SELECT current_setting('listen_addresses') AS v")).toBe(
        '127.0.0.1',
      );
    } finally {
      await db.stop();
    }
    expect(existsSync(db.dir)).toBe(false);
  }, 60_000);

  it('keeps data in its folder across restarts, with the password file readable by its owner only', async () => {
    const port = await freePort();
    const first = await startEmbeddedDatabase({ dataDir, port });
    await scalar(first.url, 'CREATE TABLE kept AS SELECT 42 AS v');
    await first.stop();
    const second = await startEmbeddedDatabase({ dataDir, port });
    expect(await scalar<number>(second.url, 'SELECT v FROM kept')).toBe(42);
    await second.stop();
    expect((await stat(path.join(dataDir, 'postgres-password'))).mode & 0o777).toBe(0o600);
  }, 60_000);

  it('is reached on its Unix socket in the cluster folder, and over TCP on loopback by other tools', async () => {
    const port = await freePort();
    const db = await startEmbeddedDatabase({ dataDir, port });
    try {
      expect(await readEmbeddedDatabaseUrl(dataDir, port)).toBe(db.url);
      // No server address: the session came over the socket.
      expect(await scalar<boolean>(db.url, 'SELECT inet_server_addr() IS NULL AS v')).toBe(true);
      expect(existsSync(path.join(dataDir, 'postgres', `.s.PGSQL.${port}`))).toBe(true);
      const password = (await readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim();
      const tcp = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
      expect(await scalar<string>(tcp, 'SELECT host(inet_server_addr()) AS v')).toBe('127.0.0.1');
    } finally {
      await db.stop();
    }
  }, 60_000);

  it('falls back to TCP when the socket path would be too long or the folder name cannot be listed', () => {
    expect(embeddedDatabaseUrl('/data', 5433, 'p w')).toBe(
      'postgres://postgres:p%20w@%2Fdata%2Fpostgres:5433/postgres',
    );
    expect(embeddedDatabaseUrl(`/${'x'.repeat(100)}`, 5433, 'pw')).toBe(
      'postgres://postgres:pw@127.0.0.1:5433/postgres',
    );
    expect(embeddedDatabaseUrl('/data,more', 5433, 'pw')).toBe(
      'postgres://postgres:pw@127.0.0.1:5433/postgres',
    );
  });

  it('says clearly that the port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const error = await startEmbeddedDatabase({ dataDir, port }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EmbeddedDatabaseError);
      expect((error as Error).message).toContain(`Port ${port} is taken`);
    } finally {
      blocker.close();
    }
  });

  it('refuses a data folder in use by a running platform, and takes over the server a killed launcher left', async () => {
    const port = await freePort();
    const script = `
      const { startEmbeddedDatabase } = await import(${JSON.stringify(path.resolve(import.meta.dirname, '../dist/index.js'))});
      await startEmbeddedDatabase({ dataDir: ${JSON.stringify(dataDir)}, port: ${port} });
      process.stdout.write('up\\n');
      setInterval(() => {}, 1000);`;
    const launcher = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise((resolve, reject) => {
      launcher.stdout.once('data', resolve);
      launcher.once('exit', (code) => reject(new Error(`the launcher exited (${code}) before it was up`)));
    });

    const inUse = await startEmbeddedDatabase({ dataDir, port: await freePort() }).catch((e: unknown) => e);
    expect((inUse as Error).message).toContain('is in use by another running platform');

    launcher.kill('SIGKILL');
    await once(launcher, 'exit');
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(true);
    const again = await startEmbeddedDatabase({ dataDir, port });
    expect(await scalar<number>(again.url, 'SELECT 1 AS v')).toBe(1);
    await again.stop();
  }, 60_000);

  it('lets the sessions that are closing end before it stops, so none of them is cut by the shutdown', async () => {
    const db = await startEmbeddedDatabase({ port: await freePort() });
    const client = new pg.Client({ connectionString: db.url });
    const errors: unknown[] = [];
    client.on('error', (error) => errors.push(error));
    await client.connect();
    const stopping = db.stop();
    // A pool's end() resolves before its sessions have ended: this one ends while the server is stopping.
    await new Promise((resolve) => setTimeout(resolve, 150));
    await client.end();
    await stopping;
    expect(errors).toEqual([]);
  }, 60_000);
});
