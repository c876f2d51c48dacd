import { startPlatform } from './platform.js';

export default async function globalSetup(): Promise<void> {
  const { child } = await startPlatform();
  (globalThis as { __PLATFORM__?: unknown }).__PLATFORM__ = child;
}
