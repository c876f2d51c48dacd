import { env } from './env.js';

/** Variables every process of the platform reads. */
export const commonEnv = {
  NATS_URL: env.url(['nats:', 'tls:']),
  DATABASE_URL: env.url(['postgres:', 'postgresql:']),
  LOG_LEVEL: env.oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
  RPC_TIMEOUT_MS: env.int(100, 120_000, 5_000),
  HEALTH_PORT: env.int(0, 65_535, 0),
  EXIT_WITH_PARENT: env.bool(false),
};

/** The bootstrap project: key and the languages, countries and currencies it starts with. */
export const PROJECT_KEY_PATTERN = /^[a-z0-9][a-z0-9-]{1,254}[a-z0-9]$/;
