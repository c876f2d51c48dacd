// Collects check results, and the small object helpers every check uses.
import { relative } from 'node:path';

export class Report {
  constructor(repoRoot) {
    this.repoRoot = repoRoot;
    this.problems = [];
    this.warnings = [];
    this.checks = 0;
  }

  /** Path relative to the repository root, for messages. */
  rel = (path) => relative(this.repoRoot, path) || '.';

  problem = (where, message) => {
    this.problems.push(`${where}: ${message}`);
  };

  warn = (message) => {
    this.warnings.push(message);
  };

  /** Records one check; reports `message` at `where` when `ok` is falsy. Returns `ok`. */
  expect = (ok, where, message) => {
    this.checks++;
    if (!ok) this.problem(where, message);
    return ok;
  };

  /** Prints warnings and problems; returns the process exit code. */
  print(summary) {
    for (const w of this.warnings) console.warn(`warning: ${w}`);
    if (this.problems.length > 0) {
      console.error(`deploy/ validation failed: ${this.problems.length} problem(s)`);
      for (const p of this.problems) console.error(`  - ${p}`);
      return 1;
    }
    console.log(`deploy/ is valid: ${this.checks} checks passed (${summary})`);
    return 0;
  }
}

export const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
export const list = (v) => (Array.isArray(v) ? v : []);
/** get(obj, 'spec.template.spec') without throwing on missing levels. */
export const get = (obj, path) => path.split('.').reduce((o, k) => (isObject(o) ? o[k] : undefined), obj);
export const objName = (o) => `${o.kind}/${get(o, 'metadata.name')}`;
/** Whether a non-empty matchLabels selector selects these labels. */
export const matches = (selector, labels) =>
  isObject(selector) &&
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([k, v]) => isObject(labels) && labels[k] === v);
