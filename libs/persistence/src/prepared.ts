import { createHash } from 'node:crypto';
import type { Queryable } from './queryable.js';

/** The part of a `pg` client (a pool's or a transaction's connection) a named statement needs. */
interface PgClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

interface PgPool {
  connect(): Promise<PgClient & { release(error?: Error | boolean): void }>;
}

/**
 * The `pg` connection behind a TypeORM transaction's EntityManager: named statements run on it inside the
 * transaction.
 */
function transactionClient(db: Queryable): PgClient | undefined {
  const runner = (db as { queryRunner?: { databaseConnection?: unknown; isReleased?: boolean } }).queryRunner;
  const client = runner && !runner.isReleased ? runner.databaseConnection : undefined;
  return typeof (client as PgClient | undefined)?.query === 'function' ? (client as PgClient) : undefined;
}

/** The `pg` pool a TypeORM DataSource on PostgreSQL keeps (`driver.master`): same URL, same size. */
function dataSourcePool(db: Queryable): PgPool | undefined {
  const pool = (db as { driver?: { master?: unknown } }).driver?.master;
  return typeof (pool as PgPool | undefined)?.connect === 'function' ? (pool as PgPool) : undefined;
}

/**
 * The name PostgreSQL keeps the statement under (per connection; node-postgres prepares a name once on each
 * connection). PostgreSQL cuts names at 63 bytes: a long one is shortened to a hash, never cut.
 */
function statementName(name: string): string {
  return name.length > 63 ? `s${createHash('sha1').update(name).digest('hex').slice(0, 20)}` : name;
}

/** A statement name from a schema-qualified table name and a purpose: `"stores"."stores"`, `by_key` → `stores_stores_by_key`. */
export function statementNameFor(table: string, purpose: string): string {
  return `${table.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '')}_${purpose}`;
}

/**
 * Runs a hot statement as a named (prepared) statement: PostgreSQL parses and plans it once per connection
 * instead of on every call. On a DataSource it takes a connection of the DataSource's own `pg` pool; in a
 * transaction it runs on the transaction's connection. Any other Queryable runs it unnamed. Returns the rows.
 */
export async function preparedQuery<R>(
  db: Queryable,
  name: string,
  text: string,
  values: unknown[],
): Promise<R[]> {
  const inTransaction = transactionClient(db);
  if (inTransaction) {
    return (await inTransaction.query({ name: statementName(name), text, values })).rows as R[];
  }
  const pool = dataSourcePool(db);
  if (!pool) return db.query<R[]>(text, values);
  const client = await pool.connect();
  try {
    return (await client.query({ name: statementName(name), text, values })).rows as R[];
  } finally {
    client.release();
  }
}
