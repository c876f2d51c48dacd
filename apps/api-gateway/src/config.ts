import { env, loadConfig, type ConfigOf } from '@commerce/config';
import { serviceEnv } from '@commerce/service-kit';
import { storageEnv } from '@commerce/storage';

export const gatewayEnv = {
  ...serviceEnv,
  /** Uploaded product images (docs/DEPLOY.md, "Object storage"). */
  ...storageEnv,
  PORT: env.int(0, 65_535, 8080),
  /**
   * The gateway terminates TLS itself when both are set (PEM files; TLS 1.2 and 1.3 only): HTTPS on PORT.
   * Unset, PORT speaks plain HTTP for a TLS-terminating ingress in front of it (docs/EDGE.md).
   */
  TLS_CERT_FILE: env.optionalString(),
  TLS_KEY_FILE: env.optionalString(),
  /** With TLS: a plain-HTTP port that answers every request 404 with an HTML body; 0 listens on none. */
  HTTP_PORT: env.int(0, 65_535, 0),
  /** Browser origins allowed to call the API (CORS): `*` or comma-separated origins such as `https://shop.example`. */
  CORS_ORIGINS: env.pattern(
    /^(\*|https?:\/\/[^\s,/]+(,https?:\/\/[^\s,/]+)*)$/,
    '* or comma-separated origins (scheme://host[:port])',
    '*',
  ),
  /**
   * How long a validated token is trusted without asking auth-service again; a revoked one is refused within
   * 1 s all the same (`REVOCATION_BOUND_MS`, docs/CONSISTENCY.md).
   */
  TOKEN_CACHE_TTL_MS: env.int(0, 300_000, 30_000),
  TOKEN_CACHE_MAX: env.int(1, 10_000_000, 100_000),
  /** The Prometheus scrape endpoint (OpenMetrics text at `/metrics`) for operators; 0 disables it. */
  METRICS_PORT: env.int(0, 65_535, 9464),
  /** How often the gateway ships its aggregated API metrics and access logs to insights-service. */
  INSIGHTS_FLUSH_INTERVAL_MS: env.int(50, 600_000, 5_000),
  /** Bounds of the gateway's telemetry buffer per flush window (beyond them samples are dropped and counted). */
  INSIGHTS_BUFFER_MAX_SERIES: env.int(1, 1_000_000, 10_000),
  INSIGHTS_BUFFER_MAX_LOGS: env.int(0, 1_000_000, 20_000),
  /**
   * Proxies whose `X-Forwarded-For` names the client (Fastify `trustProxy`): comma-separated addresses or
   * CIDR ranges of the ingress (or `loopback`, `uniquelocal`). Unset: the peer is the client (per-IP limits).
   */
  TRUST_PROXY: env.optionalPattern(
    /^[0-9A-Za-z.:/]+(,[0-9A-Za-z.:/]+)*$/,
    'comma-separated addresses or CIDRs',
  ),
  /** Where the rate-limit counters shared by all gateway replicas live (schema `gateway`); else DATABASE_URL. */
  RATE_LIMIT_DATABASE_URL: env.url(['postgres:', 'postgresql:']),
  RATE_LIMIT_DATABASE_POOL_SIZE: env.int(1, 100, 2),
  /** How often a replica adds its counts to the shared counters; 0 counts every request there first. */
  RATE_LIMIT_SYNC_MS: env.int(0, 60_000, 100),
  /** The window of every rate limit below: at most that many requests per window. */
  RATE_LIMIT_WINDOW_SECONDS: env.int(1, 3_600, 10),
  RATE_LIMIT_TOKEN_PER_CLIENT: env.int(1, 100_000_000, 100_000),
  RATE_LIMIT_TOKEN_PER_IP: env.int(1, 100_000_000, 100_000),
  RATE_LIMIT_PASSWORD_GRANT_PER_CLIENT: env.int(1, 100_000_000, 10_000),
  RATE_LIMIT_PASSWORD_GRANT_PER_IP: env.int(1, 100_000_000, 5_000),
  RATE_LIMIT_DATA_PER_CLIENT: env.int(1, 100_000_000, 500_000),
  /** How often uploaded image files no product shows any more are deleted from storage (docs/DECISIONS.md). */
  IMAGE_FILE_SWEEP_INTERVAL_MS: env.int(100, 86_400_000, 60_000),
};

export type GatewayConfig = ConfigOf<typeof gatewayEnv>;

export const loadGatewayConfig = (source: Record<string, string | undefined> = process.env) =>
  loadConfig(gatewayEnv, source);

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
