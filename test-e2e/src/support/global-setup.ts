import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// Self-contained: Jest loads global setup without the test module mapping, so it imports no local file.
const INFO_ENV = 'COMMERCE_E2E_INFO';
const INFO_FILE = path.join(os.tmpdir(), `commerce-e2e-${process.pid}.json`);
const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A random base port with `count` free consecutive ports after it. */
async function freePortRange(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 40_000);
    const checks = await Promise.all(Array.from({ length: count }, (_, i) => portIsFree(base + i)));
    if (checks.every(Boolean)) return base;
  }
  throw new Error('no free port range found');
}

/** Starts the whole platform with the same launcher as `npm start`, on free ports and a fresh data dir. */
async function startPlatform(): Promise<ChildProcess> {
  const base = await freePortRange(16);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'commerce-e2e-'));
  const info = {
    apiUrl: `http://127.0.0.1:${base}`,
    projectKey: 'e2e',
    clientId: 'e2e-admin-client',
    clientSecret: 'e2e-admin-secret-0123456789abcdefghijklmnop',
    mode: process.env.NATS_URL ? ('nats' as const) : ('embedded' as const),
  };
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'tools/platform/dist/start.js')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(base),
      EMBEDDED_DB_PORT: String(base + 1),
      MESSAGING_TCP_BASE_PORT: String(base + 2),
      HEALTH_BASE_PORT: String(base + 9),
      DATA_DIR: dataDir,
      COMMERCE_PROJECT_KEY: info.projectKey,
      COMMERCE_ADMIN_CLIENT_ID: info.clientId,
      COMMERCE_ADMIN_CLIENT_SECRET: info.clientSecret,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'error',
      OUTBOUND_ALLOW_PRIVATE: 'true',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', () => output.includes('is ready') && resolve());
    child.once('exit', (code) =>
      reject(new Error(`platform exited (${code}) before it was ready:\n${output}`)),
    );
  });
  await ready;
  await writeFile(INFO_FILE, JSON.stringify({ ...info, pid: child.pid }));
  process.env[INFO_ENV] = INFO_FILE;
  return child;
}

export default async function globalSetup(): Promise<void> {
  (globalThis as { __PLATFORM__?: ChildProcess }).__PLATFORM__ = await startPlatform();
}
