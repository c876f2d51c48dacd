import { commonEnv, env, loadConfig, type ConfigOf } from '@commerce/config';
import type { MessagingConfig } from '@commerce/messaging';

export const serviceEnv = {
  ...commonEnv,
  HOST: env.string('0.0.0.0'),
  /** Connections per pod in the service's PostgreSQL pool (docs/SCALING.md: replicas x pool <= budget). */
  DATABASE_POOL_SIZE: env.int(1, 1000, 10),
  /** PostgreSQL limits of every pooled session (0 disables one): a statement, a lock wait, an idle transaction. */
  DATABASE_STATEMENT_TIMEOUT_MS: env.int(0, 3_600_000, 30_000),
  DATABASE_LOCK_TIMEOUT_MS: env.int(0, 3_600_000, 10_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: env.int(0, 3_600_000, 60_000),
  /** The deployment's `migrate` initContainer: run the migrations, exit 0. */
  MIGRATE_ONLY: env.bool(false),
};

export type ServiceConfig = ConfigOf<typeof serviceEnv>;

export function loadServiceConfig(source: Record<string, string | undefined> = process.env): ServiceConfig {
  return loadConfig(serviceEnv, source);
}

export function messagingConfigOf(config: ServiceConfig): MessagingConfig {
  return {
    natsUrl: config.NATS_URL,
    rpcTimeoutMs: config.RPC_TIMEOUT_MS,
  };
}

export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
