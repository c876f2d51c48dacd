import { launchPlatform, type LaunchedPlatform } from '@commerce/platform';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Boots the real platform once for the whole suite; tests read where it listens from COMMERCE_E2E_INFO. */
export default async function globalSetup(): Promise<void> {
  const platform = await launchPlatform();
  const { stop: _stop, ...info } = platform;
  const file = path.join(os.tmpdir(), `commerce-e2e-${process.pid}.json`);
  await writeFile(file, JSON.stringify(info));
  process.env.COMMERCE_E2E_INFO = file;
  (globalThis as { __PLATFORM__?: LaunchedPlatform }).__PLATFORM__ = platform;
}
