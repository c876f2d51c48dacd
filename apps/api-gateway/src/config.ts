import { env, loadConfig, type ConfigOf } from '@commerce/config';
import { serviceEnv } from '@commerce/service-kit';
import { storageEnv } from '@commerce/storage';

export const gatewayEnv = {
  ...serviceEnv,
  /** Uploaded product images (docs/DEPLOY.md, "Object storage"). */
  ...storageEnv,
  PORT: env.int(0, 65_535, 8080),
  /** Browser origins allowed to call the API (CORS): `*` or comma-separated origins such as `https://shop.example`. */
  CORS_ORIGINS: env.pattern(
    /^(\*|https?:\/\/[^\s,/]+(,https?:\/\/[^\s,/]+)*)$/,
    '* or comma-separated origins (scheme://host[:port])',
    '*',
  ),
  /** How long a validated token is trusted without asking auth-service again (revocation drops it at once). */
  TOKEN_CACHE_TTL_MS: env.int(0, 300_000, 30_000),
  TOKEN_CACHE_MAX: env.int(1, 10_000_000, 100_000),
  /** The Prometheus scrape endpoint (OpenMetrics text at `/metrics`) for operators; 0 disables it. */
  METRICS_PORT: env.int(0, 65_535, 9464),
  /** How often the gateway ships its aggregated API metrics and access logs to insights-service. */
  INSIGHTS_FLUSH_INTERVAL_MS: env.int(50, 600_000, 5_000),
  /** Bounds of the gateway's telemetry buffer per flush window (beyond them samples are dropped and counted). */
  INSIGHTS_BUFFER_MAX_SERIES: env.int(1, 1_000_000, 10_000),
  INSIGHTS_BUFFER_MAX_LOGS: env.int(0, 1_000_000, 20_000),
};

export type GatewayConfig = ConfigOf<typeof gatewayEnv>;

export const loadGatewayConfig = (source: Record<string, string | undefined> = process.env) =>
  loadConfig(gatewayEnv, source);

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
