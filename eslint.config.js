import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

const appNames = [
  'api-gateway',
  'auth-service',
  'stores-service',
  'catalog-service',
  'insights-service',
  'import-service',
  'checkout-service',
  'instore-callback',
];

export default tseslint.config(
  {
    ignores: [
      '**/contract-fixtures/**',
      // Compiled by their own tests (route-contracts.spec.ts), one of them meant not to compile.
      '**/test-fixtures/**',
      '**/dist/**',
      '**/node_modules/**',
      '**/.turbo/**',
      '**/coverage/**',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  prettier,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Dependencies point one way: apps -> libs. Libs never import apps, apps never import each other.
    files: ['libs/**/*.ts', 'apps/**/*.ts', 'tools/**/*.ts', 'test-e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/*', ...appNames.map((a) => `@commerce/${a}`)],
              message: 'Import libs, never an app.',
            },
            {
              group: ['@commerce/*/src/*', '**/libs/*/src/**'],
              message: 'Import a lib by its package name.',
            },
          ],
          paths: [
            {
              name: 'class-transformer',
              message:
                'Unmaintained: use Type/NestedType, toInstance and ClassConstructor of libs/contracts/src/dto-transform.ts.',
            },
            {
              name: 'class-validator',
              importNames: ['useContainer'],
              message:
                "The DTO fast path keeps each constraint's instance from class-validator's default container (libs/contracts/src/dto-fast-path.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    // libs/pricing is pure (docs/ARCHITECTURE.md): no framework, database, network, file system or clock source.
    files: ['libs/pricing/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/*', ...appNames.map((a) => `@commerce/${a}`)],
              message: 'Import libs, never an app.',
            },
            {
              group: ['@commerce/*/src/*', '**/libs/*/src/**'],
              message: 'Import a lib by its package name.',
            },
            {
              group: [
                '@nestjs/*',
                'typeorm',
                'pg',
                'nats',
                'node:*',
                'fs',
                'net',
                'http',
                'https',
                'child_process',
              ],
              message: 'libs/pricing is pure: no framework, database or I/O.',
            },
            {
              group: ['@commerce/*', '!@commerce/contracts', '!@commerce/errors'],
              message: 'libs/pricing depends on contracts and errors only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The one module that knows class-transformer (docs/DECISIONS.md).
    files: ['libs/contracts/src/dto-transform.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The all-in-one mode is the composition root: it alone puts every app's module in one process.
    files: ['tools/platform/src/all-in-one.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', 'test-e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Black-box tests read untyped JSON bodies: `any` is their honest type.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
