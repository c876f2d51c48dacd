import type { ServiceApp } from '@commerce/service-kit';
import { storesMigrations } from './database/migrations/index.js';
import { StoresModule } from './stores/stores.module.js';

/** stores-service owns Stores (schema `stores`). */
export const storesServiceApp: ServiceApp = {
  name: 'stores-service',
  subjectPrefix: 'stores',
  database: { schema: 'stores', migrations: storesMigrations },
  imports: [StoresModule],
};
