import type { LaunchedPlatform } from '@commerce/platform';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __PLATFORM__?: LaunchedPlatform }).__PLATFORM__?.stop();
}
