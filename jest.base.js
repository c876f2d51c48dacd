import path from 'node:path';

const root = import.meta.dirname;

// Every test run (unit, e2e in both topologies, security) checks the DTO fast path against class-validator on
// each request (libs/contracts/src/dto-fast-path.ts); the platforms the e2e setup starts inherit it.
process.env.COMMERCE_DTO_SHADOW ??= '1';
// ... and checks that no document object changes after its JSON text was remembered (libs/contracts json-text.ts).
process.env.COMMERCE_JSON_TEXT_CHECK ??= '1';

/**
 * ES-module-only packages that CommonJS dependencies `require` (light-my-request needs cookie, @fastify/static
 * content-disposition, @apidevtools/swagger-parser json-schema-ref-parser). Node runs that natively, but Jest only
 * from Node 24.9 on: below it (Node 22, the oldest in package.json's engines) they are compiled to CommonJS for the
 * tests, as Jest advises. A new one shows in CI's unit run on that Node as "Must use import to load ES Module:
 * .../node_modules/<name>/...".
 */
const ESM_REQUIRED_FROM_CJS = ['cookie', 'content-disposition', '@apidevtools/json-schema-ref-parser'];
const esmPackages = `/node_modules/(${ESM_REQUIRED_FROM_CJS.join('|')})/`;

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
    transform: {
      '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: path.join(dir, 'tsconfig.json') }],
      [`${esmPackages}.+\\.js$`]: [
        'ts-jest',
        // useESM: CommonJS when `require`d under Jest without require(esm), ES modules as they are above it.
        { useESM: true, tsconfig: { allowJs: true, isolatedModules: true, sourceMap: false } },
      ],
    },
    transformIgnorePatterns: [`/node_modules/(?!(${ESM_REQUIRED_FROM_CJS.join('|')})/)`],
    ...overrides,
  };
}
