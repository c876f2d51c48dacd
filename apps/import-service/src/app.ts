import type { ServiceApp } from '@commerce/service-kit';
import { importMigrations } from './database/migrations/index.js';
import { ImportModule } from './import.module.js';

/** import-service owns import containers and operations (schema `import`) and writes prices through catalog-service. */
export const importServiceApp: ServiceApp = {
  name: 'import-service',
  subjectPrefix: 'import',
  database: { schema: 'import', migrations: importMigrations },
  imports: [ImportModule],
};
