import { commonEnv, env, loadConfig, type ConfigOf } from '@commerce/config';
import type { MessagingConfig } from '@commerce/messaging';

export const serviceEnv = {
  ...commonEnv,
  HOST: env.string('0.0.0.0'),
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
