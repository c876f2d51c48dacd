import type { LaunchedPlatform } from '@commerce/platform';
import { rm } from 'node:fs/promises';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __PLATFORM__?: LaunchedPlatform }).__PLATFORM__?.stop();
  const logFile = (globalThis as { __E2E_LOG_FILE__?: string }).__E2E_LOG_FILE__;
  if (logFile) await rm(logFile, { force: true });
}
