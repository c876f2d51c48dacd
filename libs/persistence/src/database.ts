import { DataSource, MigrationExecutor, type MigrationInterface } from 'typeorm';

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
  try {
    await migrate(dataSource, options.schema);
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}

/**
 * Creates the schema and runs the pending migrations under a session-level PostgreSQL advisory lock keyed by
 * the schema, all on one connection: replicas (or a migrations Job) starting together run them one after
 * the other, and the later ones find nothing pending.
 */
export async function migrate(dataSource: DataSource, schema: string): Promise<void> {
  const runner = dataSource.createQueryRunner();
  const key = migrationLockKey(schema);
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
    try {
      await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      const executor = new MigrationExecutor(dataSource, runner);
      executor.transaction = 'each';
      await executor.executePendingMigrations();
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
    }
  } finally {
    await runner.release();
  }
}

/** The advisory lock's key text (hashed by PostgreSQL's hashtext): one lock per schema. */
export const migrationLockKey = (schema: string): string => `commerce.migrations.${schema}`;

/**
 * Whether a start with these migrations would have any to run: asked on a DataSource that does not migrate,
 * so the answer reflects what the database recorded, not what opening it just did.
 */
export async function pendingMigrations(options: DatabaseOptions): Promise<boolean> {
  const dataSource = createDataSource({ ...options, poolSize: 1 });
  await dataSource.initialize();
  try {
    return await dataSource.showMigrations();
  } finally {
    await dataSource.destroy();
  }
}

/**
 * The tables of a schema after a first start, and whether a restart would find migrations pending (every
 * migration the first start ran must be recorded): what a service's migration test checks.
 */
export async function describeSchema(
  options: DatabaseOptions,
): Promise<{ tables: string[]; pendingAfterRestart: boolean }> {
  const first = await openDatabase({ ...options, poolSize: 1 });
  const rows = await first.query<Array<{ table_name: string }>>(
    'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name',
    [options.schema],
  );
  await first.destroy();
  const pendingAfterRestart = await pendingMigrations(options);
  // The restart itself: it runs nothing (a migration run twice would fail here).
  await (await openDatabase({ ...options, poolSize: 1 })).destroy();
  return { tables: rows.map((row) => row.table_name), pendingAfterRestart };
}
