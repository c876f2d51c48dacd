import path from 'node:path';

const root = import.meta.dirname;

/** Jest config shared by every package: ESM TypeScript through ts-jest, libs resolved to their sources. */
export function jestConfig(dir, overrides = {}) {
  return {
    rootDir: dir,
    testEnvironment: 'node',
    // Tests and hooks that start the embedded PostgreSQL (initdb, then start) need seconds on a busy machine.
    testTimeout: 60_000,
    extensionsToTreatAsEsm: ['.ts'],
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
    moduleNameMapper: {
      '^@commerce/([a-z-]+)$': path.join(root, 'libs/$1/src/index.ts'),
      '^@commerce/([a-z-]+)/testing$': path.join(root, 'libs/$1/src/testing.ts'),
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: path.join(dir, 'tsconfig.json') }] },
    ...overrides,
  };
}
