export * from './launch.js';
export { readEmbeddedDatabaseUrl } from '@commerce/embedded-postgres';
