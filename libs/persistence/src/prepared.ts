import { createHash } from 'node:crypto';
import { runQuery, type PgQueryClient as PgClient } from './internals/pg-query.js';
import type { Queryable } from './queryable.js';

interface PgPool {
  connect(): Promise<
    PgClient & {
      release(error?: Error | boolean): void;
      on(event: 'error', listener: (error: Error) => void): unknown;
      off(event: 'error', listener: (error: Error) => void): unknown;
    }
  >;
}

/**
 * While a client is checked out, `pg-pool` leaves its `error` event to the borrower: a connection that breaks
 * under a statement (the database restarting, the backend terminated) fails the statement and then emits
 * `error`, which without a listener ends the process. The statement's own failure is what the caller gets.
 */
const brokenWhileHeld = () => undefined;

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
 * Most statements built from requests (a query's page with its predicate and sort) that one connection keeps
 * prepared. Each costs PostgreSQL memory for the connection's life, and a client chooses the shapes, so they
 * are bounded: beyond this many, a connection runs new shapes unnamed (parsed and planned on every call).
 */
export const MAX_BUILT_STATEMENTS_PER_CONNECTION = 200;

/** The built statements' names prepared on each connection (a `pg` client is one connection). */
const builtOnConnection = new WeakMap<PgClient, Set<string>>();

/**
 * Names of short texts seen last, so a shape seen before is not hashed again. Bounded in count and in text
 * length (a client chooses the texts): cleared when full; longer texts are hashed every time.
 */
const builtNames = new Map<string, string>();
const MAX_REMEMBERED_NAMES = 500;
const MAX_REMEMBERED_TEXT = 4_096;

/** The name of a built statement: its text's hash, so one name always means one text. */
function builtStatementName(text: string): string {
  const known = builtNames.get(text);
  if (known !== undefined) return known;
  const name = `b_${createHash('sha1').update(text).digest('hex').slice(0, 32)}`;
  if (text.length <= MAX_REMEMBERED_TEXT) {
    if (builtNames.size >= MAX_REMEMBERED_NAMES) builtNames.clear();
    builtNames.set(text, name);
  }
  return name;
}

/** The name to run a built statement under on `client`, or undefined (unnamed) once the bound is reached. */
function builtNameOn(client: PgClient, name: string): string | undefined {
  let names = builtOnConnection.get(client);
  if (!names) builtOnConnection.set(client, (names = new Set()));
  if (names.has(name)) return name;
  if (names.size >= MAX_BUILT_STATEMENTS_PER_CONNECTION) return undefined;
  names.add(name);
  return name;
}

/**
 * Runs `text` on the connection `db` stands for: a transaction's own connection, or one of the DataSource's
 * `pg` pool (TypeORM's query path, with its runner and logging, is bypassed). `nameOn` names the statement on
 * that connection (undefined: unnamed). Any other Queryable runs it unnamed.
 */
async function onConnection<R>(
  db: Queryable,
  text: string,
  values: unknown[],
  nameOn: (client: PgClient) => string | undefined,
): Promise<R[]> {
  const run = (client: PgClient) => runQuery<R>(client, nameOn(client), text, values);
  const inTransaction = transactionClient(db);
  if (inTransaction) return run(inTransaction);
  const pool = dataSourcePool(db);
  if (!pool) return db.query<R[]>(text, values);
  const client = await pool.connect();
  client.on('error', brokenWhileHeld);
  try {
    return await run(client);
  } finally {
    client.off('error', brokenWhileHeld);
    client.release();
  }
}

/**
 * Runs a hot statement as a named (prepared) statement: PostgreSQL parses and plans it once per connection
 * instead of on every call. On a DataSource it takes a connection of the DataSource's own `pg` pool; in a
 * transaction it runs on the transaction's connection. Any other Queryable runs it unnamed. Returns the rows.
 */
export function preparedQuery<R>(db: Queryable, name: string, text: string, values: unknown[]): Promise<R[]> {
  const named = statementName(name);
  return onConnection<R>(db, text, values, () => named);
}

/**
 * Runs a statement built for a request (e.g. a query's page from its `where` and `sort`). With `prepare`, it
 * is prepared under a name derived from its text, so the next request of the same shape (values are
 * parameters) skips parsing and planning, as `preparedQuery` does for fixed statements: at most
 * MAX_BUILT_STATEMENTS_PER_CONNECTION shapes per connection, others run unnamed. Only a shape whose plan
 * does not depend on its values should be prepared: after five runs PostgreSQL may settle on one generic
 * plan for it. Without `prepare` it runs unnamed, planned with its values each time.
 */
export function builtQuery<R>(db: Queryable, text: string, values: unknown[], prepare = true): Promise<R[]> {
  if (!prepare) return onConnection<R>(db, text, values, () => undefined);
  const name = builtStatementName(text);
  return onConnection<R>(db, text, values, (client) => builtNameOn(client, name));
}
