import { env, loadConfig, type ConfigOf } from '@commerce/config';

/** What `npm start` reads. Every other variable is passed through to the apps. */
export const launcherEnv = {
  PORT: env.int(1, 65_535, 8080),
  HOST: env.string('127.0.0.1'),
  /** Set: the distributed mode (one process per app over NATS). Unset: the all-in-one mode. */
  NATS_URL: env.url(['nats:', 'tls:']),
  /** Unset: the launcher starts the embedded PostgreSQL under DATA_DIR. */
  DATABASE_URL: env.url(['postgres:', 'postgresql:']),
  DATA_DIR: env.string('.data'),
  EMBEDDED_DB_PORT: env.int(1, 65_535, 54329),
  /** Distributed mode: each service's health port is this base plus its index. */
  HEALTH_BASE_PORT: env.int(1024, 65_000, 7500),
  LOG_LEVEL: env.oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'warn'),
  COMMERCE_PROJECT_KEY: env.pattern(/^[a-z0-9][a-z0-9-]{0,254}[a-z0-9]$/, 'a lower-case project key', 'demo'),
  COMMERCE_ADMIN_CLIENT_ID: env.optionalPattern(/^[A-Za-z0-9_-]{8,64}$/, '8 to 64 letters, digits, _ or -'),
  COMMERCE_ADMIN_CLIENT_SECRET: env.optionalPattern(/^.{32,256}$/, '32 to 256 characters'),
  READY_TIMEOUT_MS: env.int(1_000, 600_000, 90_000),
};

export type LauncherConfig = ConfigOf<typeof launcherEnv>;

export const loadLauncherConfig = () => loadConfig(launcherEnv);
