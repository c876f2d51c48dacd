import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { appendFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_NAMES } from '@commerce/contracts/services';
import { readEmbeddedDatabaseUrl } from '@commerce/embedded-postgres';
import { REPO_ROOT } from './paths.js';

/** A platform started by `launchPlatform`: where it listens and how to reach it. */
export interface LaunchedPlatform {
  apiUrl: string;
  projectKey: string;
  /** A second project that exists (no credentials): another project's paths, for isolation tests. */
  otherProjectKey: string;
  clientId: string;
  clientSecret: string;
  mode: 'all-in-one' | 'distributed';
  pid: number;
  /** Where its embedded data lives. */
  dataDir: string;
  /** Its database (DATABASE_URL, or the embedded one): tests that must act behind the API's back use it. */
  databaseUrl: string;
  /** Distributed mode: each service's probe port (`/health`, `/ready`, `/metrics`), by app name. */
  probePorts?: Record<string, number>;
  stop(): Promise<void>;
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A random base port with `count` free consecutive ports after it. */
export async function freePortRange(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 40_000);
    const checks = await Promise.all(Array.from({ length: count }, (_, i) => portIsFree(base + i)));
    if (checks.every(Boolean)) return base;
  }
  throw new Error('no free port range found');
}

export interface LaunchOptions {
  /** The data dir to use; a platform started again on the same one finds its data (restart tests). */
  dataDir?: string;
}

/**
 * Starts the whole platform with the same launcher as `npm start`, on free ports and a fresh data dir, for
 * tests and benchmarks. NATS_URL in `env` selects the distributed mode (one process per app), DATABASE_URL a PostgreSQL of your own.
 */
export async function launchPlatform(
  env: NodeJS.ProcessEnv = process.env,
  options: LaunchOptions = {},
): Promise<LaunchedPlatform> {
  const base = await freePortRange(16);
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'commerce-platform-')));
  const projectKey = 'e2e';
  const otherProjectKey = 'e2e-other';
  const clientId = 'e2e-admin-client';
  const clientSecret = 'e2e-admin-secret-0123456789abcdefghijklmnop';
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(REPO_ROOT, 'tools/platform/dist/start.js')],
    {
      cwd: REPO_ROOT,
      env: {
        ...env,
        PORT: String(base),
        EMBEDDED_DB_PORT: String(base + 1),
        HEALTH_BASE_PORT: String(base + 9),
        DATA_DIR: dataDir,
        COMMERCE_PROJECT_KEY: projectKey,
        COMMERCE_ADMIN_CLIENT_ID: clientId,
        COMMERCE_ADMIN_CLIENT_SECRET: clientSecret,
        COMMERCE_EXTRA_PROJECT_KEYS: otherProjectKey,
        LOG_LEVEL: env.E2E_LOG_LEVEL ?? 'error',
        // Tests reach local stand-ins of outside services; the security suite sets it to false.
        OUTBOUND_ALLOW_PRIVATE: env.OUTBOUND_ALLOW_PRIVATE ?? 'true',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (output.includes('is ready')) {
        // After start-up only the apps' log lines (LOG_LEVEL, errors by default) come here: show them, or,
        // with E2E_LOG_FILE, keep them all there (tests read them) and show only errors.
        if (env.E2E_LOG_FILE) {
          appendFileSync(env.E2E_LOG_FILE, chunk);
          const errors = chunk
            .toString()
            .split('\n')
            .filter((line) => /"level":(50|60)/.test(line));
          if (errors.length > 0) process.stderr.write(`${errors.join('\n')}\n`);
          return;
        }
        process.stderr.write(chunk);
        return;
      }
      output += chunk.toString();
      if (output.includes('is ready')) resolve();
    });
    child.once('exit', (code) =>
      reject(new Error(`platform exited (${code}) before it was ready:\n${output}`)),
    );
  });
  const databaseUrl = env.DATABASE_URL ?? (await readEmbeddedDatabaseUrl(dataDir, base + 1));
  return {
    apiUrl: `http://127.0.0.1:${base}`,
    databaseUrl,
    projectKey,
    otherProjectKey,
    clientId,
    clientSecret,
    mode: env.NATS_URL ? 'distributed' : 'all-in-one',
    // The supervisor's layout (supervisor.ts): service i listens on HEALTH_BASE_PORT + i.
    ...(env.NATS_URL
      ? {
          probePorts: Object.fromEntries(
            SERVICE_NAMES.filter((name) => name !== 'api-gateway').map((name) => [name, base + 9 + SERVICE_NAMES.indexOf(name)]),
          ),
        }
      : {}),
    pid: child.pid!,
    dataDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
      // A data dir this function made is its to remove; one it was given (a restart test's) is the caller's.
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
