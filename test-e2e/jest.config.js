import path from 'node:path';
import { jestConfig } from '../jest.base.js';

const base = jestConfig(import.meta.dirname);

export default jestConfig(import.meta.dirname, {
  globalSetup: '<rootDir>/src/support/global-setup.ts',
  globalTeardown: '<rootDir>/src/support/global-teardown.ts',
  testTimeout: 30_000,
  // The launcher is a tool, not a lib: tests that start a platform of their own (restart tests) import it.
  moduleNameMapper: {
    '^@commerce/platform$': path.join(import.meta.dirname, '../tools/platform/src/index.ts'),
    ...base.moduleNameMapper,
  },
});
