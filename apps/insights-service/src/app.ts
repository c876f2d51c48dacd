import type { ServiceApp } from '@commerce/service-kit';
import { InsightsConfigModule } from './config.module.js';
import { ConfigurationModule } from './configuration/configuration.module.js';
import { insightsMigrations } from './database/migrations/index.js';
import { ExportModule } from './export/export.module.js';

/** insights-service: insights configurations, collected API telemetry and its export (schema `insights`). */
export const insightsServiceApp: ServiceApp = {
  name: 'insights-service',
  subjectPrefix: 'insights',
  database: { schema: 'insights', migrations: insightsMigrations },
  imports: [InsightsConfigModule, ConfigurationModule, ExportModule],
};
