import { ConfigError } from '@commerce/config';
import { startTracing } from '@commerce/tracing';
import {
  EmbeddedDatabaseError,
  ownShutdownSignals,
  startEmbeddedDatabase,
  type EmbeddedDatabase,
} from '@commerce/embedded-postgres';
import path from 'node:path';
import { adminCredentials } from './admin-credentials.js';
import type { AllInOne } from './all-in-one.js';
import { legacyInsightsKeys, secretsEncryptionKeys } from './encryption-key.js';
import { loadLauncherConfig, type LauncherConfig } from './launcher-config.js';
import { localPlatformUrl } from './platform-url.js';
import { startApps, stopApps, waitUntilReady, type RunningApp } from './supervisor.js';

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** The apps in one of the two topologies; `stop` ends them. */
interface Topology {
  name: 'all-in-one' | 'distributed';
  stop(): Promise<void>;
}

async function startTopology(
  config: LauncherConfig,
  env: NodeJS.ProcessEnv,
  onExit: () => void,
): Promise<Topology> {
  if (!config.NATS_URL) {
    Object.assign(process.env, env);
    // Tracing before the apps' code (when OTEL_EXPORTER_OTLP_ENDPOINT asks for it): one process, one service.
    await startTracing('commerce-platform');
    // Every app's code loads only in the topology that runs it here: a distributed launcher only supervises.
    const { startAllInOne } = await import('./all-in-one.js');
    const platform: AllInOne = await startAllInOne(env);
    return { name: 'all-in-one', stop: () => platform.stop() };
  }
  const apps: RunningApp[] = startApps(env, {
    gateway: config.PORT,
    healthBase: config.HEALTH_BASE_PORT,
    host: config.HOST,
  });
  for (const app of apps) {
    app.process.on('exit', (code, signal) => {
      process.stderr.write(`${app.name} stopped (${signal ?? `exit ${code}`}); stopping the platform.\n`);
      onExit();
    });
  }
  await waitUntilReady(apps, config.READY_TIMEOUT_MS);
  return {
    name: 'distributed',
    stop: async () => {
      for (const app of apps) app.process.removeAllListeners('exit');
      await stopApps(apps);
    },
  };
}

async function main(config: LauncherConfig): Promise<void> {
  let database: EmbeddedDatabase | undefined;
  let topology: Topology | undefined;
  let stopping = false;
  const admin = await adminCredentials(config.DATA_DIR, {
    clientId: config.COMMERCE_ADMIN_CLIENT_ID,
    clientSecret: config.COMMERCE_ADMIN_CLIENT_SECRET,
  });
  const encryptionKeys = await secretsEncryptionKeys(config.DATA_DIR, process.env.SECRETS_ENCRYPTION_KEYS);
  const legacyKeys = await legacyInsightsKeys(config.DATA_DIR, process.env.INSIGHTS_ENCRYPTION_KEYS);

  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await topology?.stop().catch(() => undefined);
    await database?.stop().catch(() => undefined);
    process.exit(code);
  };
  // This launcher stops the database itself, after the apps drained their work (not at the signal).
  ownShutdownSignals();
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    database = config.DATABASE_URL
      ? undefined
      : await startEmbeddedDatabase({ dataDir: config.DATA_DIR, port: config.EMBEDDED_DB_PORT });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: config.DATABASE_URL ?? database!.url,
      LOG_LEVEL: config.LOG_LEVEL,
      HOST: config.HOST,
      PORT: String(config.PORT),
      COMMERCE_PROJECT_KEY: config.COMMERCE_PROJECT_KEY,
      COMMERCE_ADMIN_CLIENT_ID: admin.clientId,
      COMMERCE_ADMIN_CLIENT_SECRET: admin.clientSecret,
      SECRETS_ENCRYPTION_KEYS: encryptionKeys,
      // Uploaded files of the `local` storage backend live beside the database (docs/DEPLOY.md).
      STORAGE_DIR: process.env.STORAGE_DIR ?? path.join(path.resolve(config.DATA_DIR), 'files'),
      // A data directory of an older launcher keeps its insights key until its secrets are re-sealed.
      ...(legacyKeys ? { INSIGHTS_ENCRYPTION_KEYS: legacyKeys } : {}),
    };
    topology = await startTopology(config, env, () => void shutdown(1));
  } catch (error) {
    const expected = error instanceof EmbeddedDatabaseError || error instanceof ConfigError;
    const detail = error instanceof Error ? (expected ? error.message : error.stack) : String(error);
    process.stderr.write(`The platform did not start: ${detail}\n`);
    await shutdown(1);
    return;
  }

  const base = localPlatformUrl(process.env);
  const data = path.resolve(config.DATA_DIR);
  say(
    `Commerce platform is ready: ${topology.name}, ${database ? `embedded PostgreSQL in ${data}` : 'PostgreSQL at DATABASE_URL'}.`,
  );
  say(`  API, auth and import: ${base}  (project ${config.COMMERCE_PROJECT_KEY})`);
  say(`  API description:      ${base}/docs`);
  say(
    admin.generated
      ? `  Admin credentials:    ${path.join(data, 'admin-client.json')}`
      : `  Admin client:         ${admin.clientId} (COMMERCE_ADMIN_CLIENT_ID / _SECRET)`,
  );
  say(`  Stop with Ctrl-C; start from scratch with: npm run reset`);
}

try {
  await main(loadLauncherConfig());
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
