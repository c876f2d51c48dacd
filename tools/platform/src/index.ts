export * from './launch.js';
export { readEmbeddedDatabaseUrl } from '@commerce/embedded-postgres';
export { RESULTS_ROOT, writeRunResult } from './results.js';
