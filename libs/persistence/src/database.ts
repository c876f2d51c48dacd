import { DataSource, MigrationExecutor, type MigrationInterface } from 'typeorm';

export interface DatabaseOptions {
  url: string;
  /** The service's own schema: every table it owns lives there, and only there. */
  schema: string;
  migrations: Array<new () => MigrationInterface>;
  entities?: Array<new () => object>;
  poolSize?: number;
  /** Server-side limits of every pooled session (0 disables one); migrations run without them. */
  timeouts?: SessionTimeouts;
}

/** PostgreSQL's per-session limits: a stuck statement, lock wait or open transaction ends on its own. */
export interface SessionTimeouts {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
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
    extra: {
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 10_000,
      // No JIT compilation: the planner's estimates of statements over jsonb (a set-returning function is
      // 100 rows to it) pass its cost thresholds by far, and compiling a search statement of 100 ms took 0.8 s
      // (docs/PERFORMANCE.md, "Product Search beside Product Projection Search"). A server without JIT ignores it.
      options: '-c jit=off',
      // Sent as start-up parameters of each connection (node-postgres), so they hold for every session.
      ...(options.timeouts && {
        statement_timeout: options.timeouts.statementMs,
        lock_timeout: options.timeouts.lockMs,
        idle_in_transaction_session_timeout: options.timeouts.idleInTransactionMs,
      }),
    },
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
 * the schema, all on one connection: replicas (and their `migrate` initContainers) starting together run them one after
 * the other, and the later ones find nothing pending.
 */
export async function migrate(dataSource: DataSource, schema: string): Promise<void> {
  const runner = dataSource.createQueryRunner();
  const key = migrationLockKey(schema);
  try {
    // Migrations may wait for another replica's lock and build indexes: no session limits on this one.
    await runner.query('SET statement_timeout = 0');
    await runner.query('SET lock_timeout = 0');
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
    await runner.query('RESET statement_timeout; RESET lock_timeout').catch(() => undefined);
    await runner.release();
  }
}

/** What the server allows and what is in use: a pool larger than the free slots will fail under load. */
export interface ConnectionBudget {
  maxConnections: number;
  reserved: number;
  inUse: number;
  /** Slots left for ordinary sessions after the ones in use. */
  free: number;
}

export async function connectionBudget(dataSource: DataSource): Promise<ConnectionBudget> {
  const [row] = await dataSource.query<Array<{ max: number; reserved: number; used: number }>>(
    `SELECT current_setting('max_connections')::int AS max,
            current_setting('superuser_reserved_connections')::int AS reserved,
            (SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend')::int AS used`,
  );
  return {
    maxConnections: row.max,
    reserved: row.reserved,
    inUse: row.used,
    free: row.max - row.reserved - row.used,
  };
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
