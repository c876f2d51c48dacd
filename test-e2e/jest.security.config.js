import os from 'node:os';
import path from 'node:path';
import { jestConfig } from '../jest.base.js';
import e2e from './jest.config.js';

// Read by the e2e global setup (the platform) and by the test files: set here, before either runs. The
// platform gets the production outbound policy: user-configured URLs must be https and may not reach
// loopback, private, link-local or other special addresses.
process.env.OUTBOUND_ALLOW_PRIVATE = 'false';
process.env.SECURITY_RESULTS_FILE ??= path.join(os.tmpdir(), `commerce-security-${process.pid}.jsonl`);

/**
 * `npm run test:security`: the OWASP API Security Top 10 checks against one platform (all-in-one unless
 * NATS_URL is set). Each file records its cases; global teardown prints the table and writes it into
 * docs/SECURITY.md.
 */
export default jestConfig(import.meta.dirname, {
  ...e2e,
  globalTeardown: '<rootDir>/src/security/support/global-teardown.ts',
  testMatch: ['<rootDir>/src/security/**/*.security.ts'],
  testTimeout: 180_000,
});
