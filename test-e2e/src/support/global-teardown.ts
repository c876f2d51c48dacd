import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export default async function globalTeardown(): Promise<void> {
  const child = (globalThis as { __PLATFORM__?: ChildProcess }).__PLATFORM__;
  if (!child || child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}
