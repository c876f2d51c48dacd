import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { RESULTS_ROOT, writeRunResult } from './results.js';
import { REPO_ROOT } from './paths.js';

describe('writeRunResult', () => {
  it('writes the report under its run, timestamped and as latest.md', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'results-'));
    try {
      const file = await writeRunResult('bench', '| a |\n', new Date('2026-11-28T06:00:00.000Z'), root);
      expect(path.relative(root, file)).toBe(path.join('bench', '2026-11-28T06-00-00-000Z.md'));
      expect(await readFile(file, 'utf8')).toBe('| a |\n');
      expect(await readFile(path.join(root, 'bench', 'latest.md'), 'utf8')).toBe('| a |\n');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('puts results in a folder git ignores', () => {
    const probe = path.relative(REPO_ROOT, path.join(RESULTS_ROOT, 'bench', 'latest.md'));
    // `git check-ignore` exits 0 and names the path when it is ignored, 1 when it is not.
    expect(execFileSync('git', ['check-ignore', probe], { cwd: REPO_ROOT, encoding: 'utf8' }).trim()).toBe(
      probe,
    );
  });
});
