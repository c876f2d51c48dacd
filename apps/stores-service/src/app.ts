import { ResourcesModule } from '@commerce/resources';
import type { ServiceApp } from '@commerce/service-kit';
import { storesMigrations } from './database/migrations/index.js';
import { StoresModule } from './stores/stores.module.js';

/** stores-service owns Stores and their Messages (schema `stores`). */
export const storesServiceApp: ServiceApp = {
  name: 'stores-service',
  subjectPrefix: 'stores',
  database: { schema: 'stores', migrations: storesMigrations },
  imports: [ResourcesModule.forService({ prefix: 'stores', schema: 'stores' }), StoresModule],
};
