import type { ServiceApp } from '@commerce/service-kit';
import { catalogMigrations } from './database/migrations/index.js';

/** catalog-service (schema `catalog`). */
export const catalogServiceApp: ServiceApp = {
  name: 'catalog-service',
  subjectPrefix: 'catalog',
  database: { schema: 'catalog', migrations: catalogMigrations },
  imports: [],
};
