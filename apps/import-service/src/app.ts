import type { ServiceApp } from '@commerce/service-kit';
import { importMigrations } from './database/migrations/index.js';

/** import-service (schema `import`). */
export const importServiceApp: ServiceApp = {
  name: 'import-service',
  subjectPrefix: 'import',
  database: { schema: 'import', migrations: importMigrations },
  imports: [],
};
