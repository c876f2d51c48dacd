import { env, loadConfig, type ConfigOf } from '@commerce/config';

export const insightsEnv = {
  /**
   * Comma-separated base64 keys of 32 bytes for AES-256-GCM. The first encrypts; every one decrypts (put a new
   * key first to rotate; stored secrets are re-encrypted with it at start, after which old keys can go).
   */
  INSIGHTS_ENCRYPTION_KEYS: env.optionalString(),
  /** How often each project's metrics and logs are exported (once per interval across all replicas). */
  INSIGHTS_EXPORT_INTERVAL_MS: env.int(200, 86_400_000, 60_000),
  /** The deadline of one export call to one provider. */
  INSIGHTS_EXPORT_TIMEOUT_MS: env.int(100, 120_000, 10_000),
  /** The longest wait before a failing provider is tried again (the wait doubles per failure). */
  INSIGHTS_EXPORT_MAX_BACKOFF_MS: env.int(1_000, 86_400_000, 3_600_000),
  /**
   * Base URL templates of the vendors' OTLP ingest, replacing their own hosts (tests against local receivers):
   * metrics go to `<base>/v1/metrics`, logs to `<base>/v1/logs`; `{region}`, `{environmentId}`,
   * `{activeGateDomain}`, `{activeGatePort}` and `{site}` are filled in.
   */
  INSIGHTS_VENDOR_A_URL: env.optionalString(),
  INSIGHTS_VENDOR_B_SAAS_URL: env.optionalString(),
  INSIGHTS_VENDOR_B_ACTIVEGATE_URL: env.optionalString(),
  INSIGHTS_VENDOR_C_URL: env.optionalString(),
};

export type InsightsConfig = ConfigOf<typeof insightsEnv>;

export const INSIGHTS_CONFIG = Symbol('INSIGHTS_CONFIG');

export const loadInsightsConfig = (source?: Record<string, string | undefined>) =>
  loadConfig(insightsEnv, source);
