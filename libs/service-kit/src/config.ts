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
  /**
   * How long a Subscription's destination may refuse with a configuration error before delivery stops
   * (ConfigurationErrorDeliveryStopped). The live API's production projects: 24 hours.
   */
  SUBSCRIPTION_CONFIGURATION_ERROR_STOP_MS: env.int(1_000, 30 * 86_400_000, 86_400_000),
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
