import { appendFile } from 'node:fs/promises';

export { CATEGORIES, type CaseResult, type Category } from './global-teardown.js';
import type { CaseResult, Category } from './global-teardown.js';

/**
 * Records the cases of one category: each runs to its end (a failure does not hide the others), then
 * `finish` writes them for the table and fails the test with every case that did not hold.
 */
export class Ledger {
  private readonly results: CaseResult[] = [];

  constructor(private readonly category: Category) {}

  async case(name: string, run: () => Promise<void> | void): Promise<void> {
    try {
      await run();
      this.results.push({ category: this.category, name, held: true });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      this.results.push({ category: this.category, name, held: false, detail: detail.slice(0, 2000) });
    }
  }

  async finish(): Promise<void> {
    const file = process.env.SECURITY_RESULTS_FILE;
    if (!file) throw new Error('SECURITY_RESULTS_FILE is not set: run through `npm run test:security`');
    await appendFile(file, this.results.map((result) => `${JSON.stringify(result)}\n`).join(''));
    const failed = this.results.filter((result) => !result.held);
    if (failed.length > 0) {
      throw new Error(
        `${failed.length} of ${this.results.length} cases did not hold:\n` +
          failed.map((result) => `- ${result.name}: ${result.detail}`).join('\n'),
      );
    }
    if (this.results.length === 0) throw new Error(`no case of ${this.category} ran`);
  }
}

/** Throws with a message unless `condition` holds (a case's assertions; jest's `expect` would work too). */
export function holds(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
