import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { writeRunResult, type LaunchedPlatform } from '@commerce/platform';

// Jest loads this file outside the test environment, without its module mapping: it imports no relative module.

/** The OWASP API Security Top 10 (2023) categories the suite covers, plus hostile input in general. */
export const CATEGORIES = {
  API1: 'API1 Broken object level authorization (cross-project, cross-store)',
  API2: 'API2 Broken authentication (tokens, secrets, brute force)',
  API3: 'API3 Broken object property level authorization (secrets in responses, mass assignment)',
  API4: 'API4 Unrestricted resource consumption (page, offset, expand, actions, body, predicates)',
  API5: 'API5 Broken function level authorization (view scopes, customer tokens)',
  API7: 'API7 Server-side request forgery (every configurable outbound URL)',
  API8: 'API8 Hostile input, property-based (never a 500, never a hang, the error body)',
} as const;
export type Category = keyof typeof CATEGORIES;

export interface CaseResult {
  category: Category;
  name: string;
  held: boolean;
  detail?: string;
}

/** The table: per category, the cases tried and how many held. */
export function resultTable(results: CaseResult[]): string {
  const rows = (Object.keys(CATEGORIES) as Category[]).map((category) => {
    const cases = results.filter((result) => result.category === category);
    return `| ${CATEGORIES[category]} | ${cases.length} | ${cases.filter((c) => c.held).length} |`;
  });
  return ['| category | cases tried | cases held |', '| --- | ---: | ---: |', ...rows].join('\n');
}

/**
 * Stops the platform, prints the table, writes it to `.results/security/` (git-ignored), fails if any case did not
 * hold.
 */
export default async function globalTeardown(): Promise<void> {
  // What the e2e teardown does: stop the platform, remove its log file and the info file.
  await (globalThis as { __PLATFORM__?: LaunchedPlatform }).__PLATFORM__?.stop();
  const logFile = (globalThis as { __E2E_LOG_FILE__?: string }).__E2E_LOG_FILE__;
  if (logFile) await rm(logFile, { force: true });
  if (process.env.COMMERCE_E2E_INFO) await rm(process.env.COMMERCE_E2E_INFO, { force: true });
  const file = process.env.SECURITY_RESULTS_FILE;
  if (!file) return;
  const text = await readFile(file, 'utf8').catch(() => '');
  await rm(file, { force: true });
  const results = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CaseResult);
  const table = resultTable(results);
  process.stdout.write(`\nOWASP API Security Top 10 checks\n\n${table}\n\n`);
  const written = await writeRunResult('security', `${table}\n`);
  process.stdout.write(`written to ${path.relative(process.cwd(), written)}\n`);
  const failed = results.filter((result) => !result.held);
  if (failed.length > 0) {
    process.stdout.write(
      `${failed.length} cases did not hold:\n${failed.map((r) => `- ${r.name}`).join('\n')}\n`,
    );
    process.exitCode = 1;
  }
}
