import { env, loadConfig, type ConfigOf } from '@commerce/config';
import { serviceEnv } from '@commerce/service-kit';

export const gatewayEnv = {
  ...serviceEnv,
  PORT: env.int(0, 65_535, 8080),
  /** How long a validated token is trusted without asking auth-service again (revocation drops it at once). */
  TOKEN_CACHE_TTL_MS: env.int(0, 300_000, 30_000),
  TOKEN_CACHE_MAX: env.int(1, 10_000_000, 100_000),
};

export type GatewayConfig = ConfigOf<typeof gatewayEnv>;

export const loadGatewayConfig = (source: Record<string, string | undefined> = process.env) =>
  loadConfig(gatewayEnv, source);

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
