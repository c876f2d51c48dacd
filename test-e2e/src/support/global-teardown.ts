import type { ChildProcess } from 'node:child_process';
import { stopPlatform } from './platform.js';

export default async function globalTeardown(): Promise<void> {
  const child = (globalThis as { __PLATFORM__?: ChildProcess }).__PLATFORM__;
  if (child) await stopPlatform(child);
}
