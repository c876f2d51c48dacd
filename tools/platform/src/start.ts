import { ConfigError } from '@commerce/config';
import { adminCredentials } from './admin-credentials.js';
import { insightsEncryptionKeys } from './insights-key.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '@commerce/embedded-postgres';
import { loadLauncherConfig, type LauncherConfig } from './launcher-config.js';
import { startApps, stopApps, waitUntilReady, type RunningApp } from './supervisor.js';

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function main(config: LauncherConfig): Promise<void> {
  let database: EmbeddedDatabase | undefined;
  let apps: RunningApp[] = [];
  let stopping = false;
  const admin = await adminCredentials(config.DATA_DIR, {
    clientId: config.COMMERCE_ADMIN_CLIENT_ID,
    clientSecret: config.COMMERCE_ADMIN_CLIENT_SECRET,
  });

  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await stopApps(apps);
    await database?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    const databaseUrl =
      config.DATABASE_URL ??
      (database = await startEmbeddedDatabase(
        config.DATA_DIR,
        config.EMBEDDED_DB_PORT,
        config.EMBEDDED_ANALYZE_INTERVAL_MS,
      )).url;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      MESSAGING_TCP_BASE_PORT: String(config.MESSAGING_TCP_BASE_PORT),
      LOG_LEVEL: config.LOG_LEVEL,
      COMMERCE_PROJECT_KEY: config.COMMERCE_PROJECT_KEY,
      COMMERCE_ADMIN_CLIENT_ID: admin.clientId,
      COMMERCE_ADMIN_CLIENT_SECRET: admin.clientSecret,
      INSIGHTS_ENCRYPTION_KEYS: await insightsEncryptionKeys(
        config.DATA_DIR,
        process.env.INSIGHTS_ENCRYPTION_KEYS,
      ),
    };
    apps = startApps(env, { gateway: config.PORT, healthBase: config.HEALTH_BASE_PORT, host: config.HOST });
    for (const app of apps) {
      app.process.on('exit', (code, signal) => {
        if (stopping) return;
        process.stderr.write(`${app.name} stopped (${signal ?? `exit ${code}`}); stopping the platform.\n`);
        void shutdown(1);
      });
    }
    await waitUntilReady(apps, config.READY_TIMEOUT_MS);
  } catch (error) {
    process.stderr.write(
      `The platform did not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    await shutdown(1);
    return;
  }

  const base = `http://${config.HOST}:${config.PORT}`;
  say('');
  say(
    `Commerce platform is ready (${config.NATS_URL ? 'NATS' : 'embedded TCP'} messaging, ${config.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}).`,
  );
  say(`  API, auth and import host: ${base}`);
  say(`  Project key:               ${config.COMMERCE_PROJECT_KEY}`);
  say(`  Admin client id:           ${admin.clientId}`);
  if (admin.generated)
    say(
      `  Admin client secret:       ${admin.clientSecret}   (kept in ${config.DATA_DIR}/admin-client.json)`,
    );
  say(`  Scope:                     manage_project:${config.COMMERCE_PROJECT_KEY}`);
  say('Press Ctrl-C to stop.');
}

try {
  await main(loadLauncherConfig());
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
