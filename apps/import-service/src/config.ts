import { env, loadConfig, type ConfigOf } from '@commerce/config';

/** import-service's own settings (its workers). */
export const importEnv = {
  /** Operations one worker claims at a time. */
  IMPORT_BATCH_SIZE: env.int(1, 5_000, 400),
  /** Product writes one worker has in flight at once. */
  IMPORT_CONCURRENCY: env.int(1, 256, 16),
  /** How long a claim lasts: a dead worker's operations are taken over after it. */
  IMPORT_LEASE_MS: env.int(1_000, 3_600_000, 30_000),
  /** How often an idle worker looks for work (new work in this replica wakes it at once). */
  IMPORT_POLL_MS: env.int(10, 60_000, 500),
  /** How long an unresolved operation waits before it is tried again without an announcement. */
  IMPORT_UNRESOLVED_RETRY_MS: env.int(100, 86_400_000, 60_000),
  /** How often expired containers and operations are deleted. */
  IMPORT_CLEANUP_INTERVAL_MS: env.int(1_000, 86_400_000, 600_000),
};

export type ImportConfig = ConfigOf<typeof importEnv>;

export const IMPORT_CONFIG = Symbol('IMPORT_CONFIG');

export const loadImportConfig = (): ImportConfig => loadConfig(importEnv);
