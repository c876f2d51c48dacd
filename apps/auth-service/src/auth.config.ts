import { env, loadConfig, type ConfigOf } from '@commerce/config';
import { encryptionKeysSpec } from '@commerce/service-kit';

export const authEnv = {
  /** Refresh tokens kept per project; beyond it the least recently used are deleted (spec: 10 million). */
  REFRESH_TOKENS_MAX_PER_PROJECT: env.int(1, 10_000_000, 10_000_000),
  /** Failed sign-ins allowed per customer e-mail and source (API client and address) within the window. */
  PASSWORD_GRANT_MAX_FAILURES_PER_ACCOUNT_SOURCE: env.int(1, 1_000_000, 10),
  /** Failed sign-ins allowed per source (API client and address), whatever the e-mail, within the window. */
  PASSWORD_GRANT_MAX_FAILURES_PER_CLIENT_IP: env.int(1, 1_000_000, 100),
  PASSWORD_GRANT_WINDOW_SECONDS: env.int(1, 86_400, 300),
  /** How often expired tokens are deleted. */
  TOKEN_SWEEP_INTERVAL_MS: env.int(1_000, 86_400_000, 600_000),
  /**
   * Keys that seal write-only secrets at rest (`<id>:<base64 of 32 bytes>`, the first seals; the same variable
   * as insights-service's, one Secret for both).
   */
  SECRETS_ENCRYPTION_KEYS: encryptionKeysSpec,
};

export type AuthConfig = ConfigOf<typeof authEnv>;

export const AUTH_CONFIG = Symbol('AUTH_CONFIG');

export const loadAuthConfig = (source?: Record<string, string | undefined>) => loadConfig(authEnv, source);
