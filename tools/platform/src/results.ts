import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from './paths.js';

/**
 * Where `npm run bench`, `npm run test:faults` and `npm run test:security` leave their tables: `.results/<run>/`
 * at the repository root, git-ignored. No run rewrites a tracked file; docs/ states the figures a person chose
 * to keep, with their reasons.
 */
export const RESULTS_ROOT = path.join(REPO_ROOT, '.results');

/**
 * Writes one run's report as `<run>/<timestamp>.md` and as `<run>/latest.md`, and answers the timestamped path.
 * `root` is for tests.
 */
export async function writeRunResult(
  run: string,
  report: string,
  at = new Date(),
  root = RESULTS_ROOT,
): Promise<string> {
  const dir = path.join(root, run);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${at.toISOString().replace(/[:.]/g, '-')}.md`);
  await writeFile(file, report);
  await writeFile(path.join(dir, 'latest.md'), report);
  return file;
}
