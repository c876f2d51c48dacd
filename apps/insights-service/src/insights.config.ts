import { env, loadConfig, type ConfigOf } from '@commerce/config';
import { encryptionKeysSpec, legacyEncryptionKeysSpec } from '@commerce/service-kit';

export const insightsEnv = {
  /**
   * Keys that seal provider secrets (`<id>:<base64 of 32 bytes>`, the first seals, every one opens; the same
   * variable as auth-service's). Stored secrets are re-sealed with the first key at start, after which old keys
   * can go.
   */
  SECRETS_ENCRYPTION_KEYS: encryptionKeysSpec,
  /**
   * Deprecated alias: insights-service's former comma-separated base64 keys (no ids). When set, its keys open
   * (and, without `SECRETS_ENCRYPTION_KEYS`, the first seals), so deployments keep reading their secrets.
   */
  INSIGHTS_ENCRYPTION_KEYS: legacyEncryptionKeysSpec,
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
