import { startEmbeddedDatabase, type EmbeddedDatabase } from '@commerce/embedded-postgres';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
export const SERVICES = [
  'auth-service',
  'stores-service',
  'catalog-service',
  'insights-service',
  'import-service',
  'checkout-service',
] as const;
export type AppName = (typeof SERVICES)[number] | 'api-gateway';

/** How long the apps wait for each other, and so the longest a request may take (`RPC_TIMEOUT_MS`). */
export const RPC_TIMEOUT_MS = 5_000;

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A random base port with `count` free consecutive ports after it, on loopback, below Linux's ephemeral range
 * (32768 and up): replicas and restarts listen on these ports minutes later, when an outgoing connection could
 * otherwise hold one of them.
 */
export async function freePorts(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * (12_000 - count));
    const checks = await Promise.all(Array.from({ length: count }, (_, i) => portIsFree(base + i)));
    if (checks.every(Boolean)) return base;
  }
  throw new Error('no free port range found');
}

async function stop(child: ChildProcess, signal: NodeJS.Signals, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** `max_payload` of the NATS server the Kubernetes manifests deploy (`deploy/k8s/base/nats/nats.conf`). */
export async function productionMaxPayload(
  file = path.join(REPO_ROOT, 'deploy/k8s/base/nats/nats.conf'),
): Promise<number> {
  const found = /"max_payload":\s*(\d+)/.exec(await readFile(file, 'utf8'));
  if (!found) throw new Error(`no max_payload in ${file}`);
  return Number(found[1]);
}

/** A private nats-server with JetStream on a loopback port; restartable on the same port and store. */
export class PrivateNats {
  private child?: ChildProcess;

  constructor(
    readonly port: number,
    private readonly storeDir: string,
  ) {}

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    // The production server's payload limit (deploy's nats.conf): a page of 500 Messages is larger than the
    // server's 1 MB default.
    const config = `${this.storeDir}.conf`;
    await writeFile(config, `max_payload: ${await productionMaxPayload()}\n`);
    this.child = spawn(
      'nats-server',
      ['-c', config, '-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 10_000;
    while (await portIsFree(this.port)) {
      if (this.child.exitCode !== null) throw new Error('nats-server exited at start');
      if (Date.now() > deadline) throw new Error('nats-server did not listen within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async stop(): Promise<void> {
    if (this.child) await stop(this.child, 'SIGTERM');
  }
}

/** A private embedded PostgreSQL whose data survives a stop, started again on the same port. */
export class PrivatePostgres {
  private database?: EmbeddedDatabase;

  constructor(
    readonly port: number,
    private readonly dataDir: string,
  ) {}

  get url(): string {
    if (!this.database) throw new Error('PostgreSQL is not running');
    return this.database.url;
  }

  async start(): Promise<void> {
    await mkdir(this.dataDir, { recursive: true });
    this.database = await startEmbeddedDatabase({ dataDir: this.dataDir, port: this.port });
  }

  async stop(): Promise<void> {
    await this.database?.stop();
  }
}

/** One process of one app, on fixed ports, restartable. */
export class AppProcess {
  child?: ChildProcess;
  /** Unexpected exits (not ours), restarted as an orchestrator would: reported with the scenario. */
  readonly crashes: string[] = [];
  private expectingExit = false;

  constructor(
    readonly app: AppName,
    readonly replica: number,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  get name(): string {
    return `${this.app}#${this.replica}`;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): void {
    const env: NodeJS.ProcessEnv = {
      ...this.env,
      HOST: '127.0.0.1',
      HEALTH_PORT: String(this.port),
      PORT: String(this.port),
      METRICS_PORT: '0',
      EXIT_WITH_PARENT: 'true',
    };
    this.expectingExit = false;
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'apps', this.app, 'dist', 'main.js')], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.child = child;
    child.once('exit', (code, signal) => {
      if (this.expectingExit || this.child !== child) return;
      this.crashes.push(`${this.name} exited (${signal ?? `code ${code}`})`);
      this.start();
    });
  }

  /** Waits until `/ready` answers 200; resolves with the milliseconds it took. */
  async ready(timeoutMs = Number(process.env.FAULTS_READY_TIMEOUT_MS ?? 180_000)): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      const ok = await fetch(`${this.baseUrl}/ready`, { signal: AbortSignal.timeout(2_000) })
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${this.name} not ready after ${timeoutMs} ms`);
  }

  async kill9(): Promise<void> {
    this.expectingExit = true;
    if (this.child) await stop(this.child, 'SIGKILL');
  }

  async terminate(): Promise<void> {
    this.expectingExit = true;
    if (this.child) await stop(this.child, 'SIGTERM');
  }
}

export interface ClusterCredentials {
  projectKey: string;
  clientId: string;
  clientSecret: string;
}

/** The environment every app of the cluster reads. */
export function clusterEnv(natsUrl: string, databaseUrl: string, credentials: ClusterCredentials) {
  return {
    PATH: process.env.PATH,
    NATS_URL: natsUrl,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? 'error',
    RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS),
    DATABASE_POOL_SIZE: '5',
    COMMERCE_PROJECT_KEY: credentials.projectKey,
    COMMERCE_ADMIN_CLIENT_ID: credentials.clientId,
    COMMERCE_ADMIN_CLIENT_SECRET: credentials.clientSecret,
    SECRETS_ENCRYPTION_KEYS: `faults:${randomBytes(32).toString('base64')}`,
    // The gateways hear of a revoked token by event; the cache bound is what a missed event could cost.
    TOKEN_CACHE_TTL_MS: '30000',
    // The subscription consumer is a webhook on loopback (http), as in the e2e tests.
    OUTBOUND_ALLOW_PRIVATE: 'true',
  };
}
