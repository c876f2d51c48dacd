import type { LaunchedPlatform } from '@commerce/platform';
import { rm } from 'node:fs/promises';
import type { TestStorage } from './storage-env.js';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __PLATFORM__?: LaunchedPlatform }).__PLATFORM__?.stop();
  await (globalThis as { __STORAGE__?: TestStorage }).__STORAGE__?.stop();
  const logFile = (globalThis as { __E2E_LOG_FILE__?: string }).__E2E_LOG_FILE__;
  if (logFile) await rm(logFile, { force: true });
  // Where the platform listened (global setup wrote it): nothing is left in the temporary folder.
  if (process.env.COMMERCE_E2E_INFO) await rm(process.env.COMMERCE_E2E_INFO, { force: true });
}
