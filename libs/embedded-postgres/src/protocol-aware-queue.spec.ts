import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { serializeExtendedProtocol } from './protocol-aware-queue.js';

const LOAD = path.join(import.meta.dirname, '..', 'test', 'cross-talk-load.mjs');

/** Runs the load in a child process with a deadline: it hangs without the fix, which must not hang Jest. */
function runLoad(fix: boolean, timeout: number): { wrong: number; failed: number } | 'hung' {
  const child = spawnSync(process.execPath, [LOAD, fix ? 'fix' : 'nofix'], { timeout, encoding: 'utf8' });
  if (child.error || child.status !== 0) return 'hung';
  const { wrong, failed } = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as {
    wrong: number;
    failed: number;
  };
  return { wrong, failed };
}

describe(serializeExtendedProtocol.name, () => {
  it('keeps concurrent connections and transactions from answering each other', () => {
    expect(runLoad(true, 45_000)).toEqual({ wrong: 0, failed: 0 });
  }, 60_000);

  it('is needed: without it the same load mixes up answers, fails or hangs', () => {
    const outcome = runLoad(false, 15_000);
    expect(outcome === 'hung' || outcome.wrong + outcome.failed > 0).toBe(true);
  }, 60_000);

  it('refuses a server without the internals it replaces', () => {
    expect(() => serializeExtendedProtocol({} as PGLiteSocketServer)).toThrow('internals changed');
  });
});
