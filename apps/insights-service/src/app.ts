import type { ServiceApp } from '@commerce/service-kit';
import { insightsMigrations } from './database/migrations/index.js';

/** insights-service (schema `insights`). */
export const insightsServiceApp: ServiceApp = {
  name: 'insights-service',
  subjectPrefix: 'insights',
  database: { schema: 'insights', migrations: insightsMigrations },
  imports: [],
};
