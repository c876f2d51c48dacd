import { DataSource, type MigrationInterface } from 'typeorm';

export interface DatabaseOptions {
  url: string;
  /** The service's own schema: every table it owns lives there, and only there. */
  schema: string;
  migrations: Array<new () => MigrationInterface>;
  entities?: Array<new () => object>;
  poolSize?: number;
}

/**
 * A DataSource for one service's schema. Table names are always schema-qualified in SQL, so
 * `search_path` is never relied on.
 */
export function createDataSource(options: DatabaseOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities ?? [],
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    uuidExtension: 'pgcrypto',
    synchronize: false,
    logging: false,
    extra: { max: options.poolSize ?? 10, connectionTimeoutMillis: 10_000 },
  });
}

/** Connects, creates the schema if needed and runs the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DataSource> {
  const dataSource = createDataSource(options);
  await dataSource.initialize();
  await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
  await dataSource.runMigrations({ transaction: 'each' });
  return dataSource;
}

/** The tables of a schema and whether migrations are pending: what a service's migration test checks. */
export async function describeSchema(
  options: DatabaseOptions,
): Promise<{ tables: string[]; pendingAfterRestart: boolean }> {
  const first = await openDatabase({ ...options, poolSize: 1 });
  const rows = await first.query<Array<{ table_name: string }>>(
    'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name',
    [options.schema],
  );
  await first.destroy();
  const second = await openDatabase({ ...options, poolSize: 1 });
  const pendingAfterRestart = await second.showMigrations();
  await second.destroy();
  return { tables: rows.map((row) => row.table_name), pendingAfterRestart };
}
