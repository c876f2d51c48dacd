import { jestConfig } from '../jest.base.js';

export default jestConfig(import.meta.dirname, {
  globalSetup: '<rootDir>/src/support/global-setup.ts',
  globalTeardown: '<rootDir>/src/support/global-teardown.ts',
  testTimeout: 30_000,
});
