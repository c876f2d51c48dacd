import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { readEmbeddedDatabaseUrl } from '@commerce/platform';
import pg from 'pg';
import { stopOnInterrupt } from './interrupt.js';
import { treePids } from './process-tree.js';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A random base port with `count` free consecutive ports after it. */
export async function freePorts(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 40_000);
    const checks = await Promise.all(Array.from({ length: count }, (_, i) => portIsFree(base + i)));
    if (checks.every(Boolean)) return base;
  }
  throw new Error('no free port range found');
}

/** Sends SIGTERM to a child we started and waits for it; SIGKILL after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Resolves with the first line of `child`'s stdout that matches, and keeps draining the pipe after. */
function waitForLine(child: ChildProcess, pattern: RegExp, what: string): Promise<string> {
  let output = '';
  return new Promise((resolve, reject) => {
    let done = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      if (done) return;
      output += chunk.toString();
      const line = output.split('\n').find((l) => pattern.test(l));
      if (line !== undefined) {
        done = true;
        resolve(line);
      }
    });
    child.once('exit', (code, signal) => {
      if (!done) reject(new Error(`${what} exited (${signal ?? code}) before it was ready:\n${output}`));
    });
  });
}

export interface RunningPlatform {
  apiUrl: string;
  projectKey: string;
  clientId: string;
  clientSecret: string;
  /** The launcher's pid: the root of the process tree whose memory is the platform's. */
  pid: number;
  databaseUrl: string;
  /** The launcher's "ready" line. */
  description: string;
  /** From spawning `node tools/platform/dist/start.js` to its "ready" line. */
  readyMs: number;
  stop(): Promise<void>;
}

/** A `DATABASE_URL` found in the environment of a process of the tree (the apps get it from the launcher). */
async function databaseUrlOfTree(root: number): Promise<string | undefined> {
  for (const pid of await treePids(root)) {
    const environ = await readFile(`/proc/${pid}/environ`, 'utf8').catch(() => '');
    const entry = environ.split('\0').find((e) => e.startsWith('DATABASE_URL='));
    if (entry) return entry.slice('DATABASE_URL='.length);
  }
  return undefined;
}

/**
 * Starts the platform exactly as `npm start` does (`node tools/platform/dist/start.js`, the build is warm)
 * on free ports and a fresh data dir. `env` selects the mode: NATS_URL and DATABASE_URL for the distributed
 * mode, neither for the embedded one.
 */
export async function startPlatform(env: NodeJS.ProcessEnv): Promise<RunningPlatform> {
  const base = await freePorts(20);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'commerce-bench-'));
  const projectKey = 'bench';
  const clientId = 'bench-admin-client';
  const clientSecret = 'bench-admin-secret-0123456789abcdefghijklmnop';
  const embeddedDbPort = base + 1;
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'tools/platform/dist/start.js')], {
    cwd: REPO_ROOT,
    env: {
      ...env,
      PORT: String(base),
      EMBEDDED_DB_PORT: String(embeddedDbPort),
      HEALTH_BASE_PORT: String(base + 10),
      DATA_DIR: dataDir,
      COMMERCE_PROJECT_KEY: projectKey,
      COMMERCE_ADMIN_CLIENT_ID: clientId,
      COMMERCE_ADMIN_CLIENT_SECRET: clientSecret,
      LOG_LEVEL: env.BENCH_LOG_LEVEL ?? 'error',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const cleanup = stopOnInterrupt(async () => {
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true });
  });
  let description: string;
  try {
    description = (await waitForLine(child, /is ready/, 'the platform')).trim();
  } catch (error) {
    await cleanup();
    throw error;
  }
  const readyMs = performance.now() - started;
  const databaseUrl =
    env.DATABASE_URL ??
    env.BENCH_EMBEDDED_DATABASE_URL ??
    (await databaseUrlOfTree(child.pid!)) ??
    // The embedded server the way the platform reaches it (its Unix socket), so the baseline's path is the same.
    (await readEmbeddedDatabaseUrl(dataDir, embeddedDbPort));
  return {
    apiUrl: `http://127.0.0.1:${base}`,
    projectKey,
    clientId,
    clientSecret,
    pid: child.pid!,
    databaseUrl,
    description,
    readyMs,
    async stop() {
      const pids = await treePids(child.pid!);
      await cleanup();
      const left = (await treePids(child.pid!)).length + pids.filter(isAlive).length;
      if (left > 0)
        process.stderr.write(`warning: ${left} processes of the platform outlived the launcher\n`);
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A single-process baseline server on the given database: the project's, or the lean one (`lean-server.ts`). */
export async function startBaseline(
  databaseUrl: string,
  poolSize: number,
  kind: 'project' | 'lean' = 'project',
): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const port = await freePorts(1);
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'baseline.js')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      POOL_SIZE: String(poolSize),
      BASELINE: kind,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = stopOnInterrupt(() => stopChild(child));
  await waitForLine(child, /listening/, 'the baseline').catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop };
}

/** The extension server (`extension-server.ts`) as a child process: its URL, its call count, its stop. */
export async function startExtensionServer(): Promise<{
  url: string;
  pid: number;
  calls(): Promise<number>;
  stop(): Promise<void>;
}> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'extension-server.js')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = stopOnInterrupt(() => stopChild(child));
  const line = await waitForLine(child, /^listening \d+/, 'the extension server').catch(
    async (error: unknown) => {
      await stop();
      throw error;
    },
  );
  const url = `http://127.0.0.1:${line.trim().split(' ')[1]}`;
  return {
    url,
    pid: child.pid!,
    calls: async () => ((await (await fetch(`${url}/calls`)).json()) as { calls: number }).calls,
    stop,
  };
}

/** A nats-server with JetStream of our own, on a free port with its own store dir. */
export async function startNats(): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const port = await freePorts(1);
  const storeDir = await mkdtemp(path.join(os.tmpdir(), 'commerce-bench-nats-'));
  const binary = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
  const child = spawn(binary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stop = stopOnInterrupt(async () => {
    await stopChild(child);
    await rm(storeDir, { recursive: true, force: true });
  });
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + 10_000;
  while (!(await connects(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`nats-server did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url: `nats://127.0.0.1:${port}`, pid: child.pid!, stop };
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A fresh database with collation C (as the API's sort order needs) on an outside PostgreSQL server. */
export async function createDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = stopOnInterrupt(() => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  return { url: url.toString(), drop };
}
