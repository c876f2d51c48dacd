import { openDatabase } from '@commerce/persistence';
import type { ServiceConfig } from './config.js';
import type { ServiceDefinition } from './service-kit.module.js';

/**
 * MIGRATE_ONLY=true (the deployment's `migrate` initContainer): applies the service's committed migrations under the
 * schema's advisory lock and returns, without messaging or HTTP. Throws when the service has no database.
 */
export async function migrateOnly(app: ServiceDefinition, config: ServiceConfig): Promise<void> {
  if (!app.database) throw new Error(`${app.name} has no database to migrate.`);
  if (!config.DATABASE_URL) throw new Error(`${app.name} needs DATABASE_URL.`);
  const dataSource = await openDatabase({ ...app.database, url: config.DATABASE_URL, poolSize: 1 });
  await dataSource.destroy();
}
