import { freePort, startEmbeddedDatabase, type EmbeddedDatabase } from '@commerce/embedded-postgres';
import { Client } from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { describeSchema, migrationLockKey, openDatabase, pendingMigrations } from './database.js';

// Against a real PostgreSQL (the embedded one): a temporary database per test, dropped after.
const database = `migration_lock_${process.pid}_${Date.now()}`;
let embedded: EmbeddedDatabase;
let serverUrl: string;
let url: string;
beforeAll(async () => {
  embedded = await startEmbeddedDatabase({ port: await freePort() });
  serverUrl = embedded.url;
  url = Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();
}, 60_000);
afterAll(() => embedded.stop());

/** Not idempotent on purpose: run twice at once, the second CREATE TABLE fails. */
class Widgets1700000000000 implements MigrationInterface {
  name = 'Widgets1700000000000';
  async up(db: QueryRunner) {
    await db.query('CREATE TABLE "lock_test"."widgets" (id text PRIMARY KEY)');
    await db.query('SELECT pg_sleep(0.2)');
  }
  async down(db: QueryRunner) {
    await db.query('DROP TABLE "lock_test"."widgets"');
  }
}

/** A later migration: a database migrated to Widgets only has it pending. */
class Gadgets1700000000001 implements MigrationInterface {
  name = 'Gadgets1700000000001';
  async up(db: QueryRunner) {
    await db.query('CREATE TABLE "lock_test"."gadgets" (id text PRIMARY KEY)');
  }
  async down(db: QueryRunner) {
    await db.query('DROP TABLE "lock_test"."gadgets"');
  }
}

const options = () => ({ url, schema: 'lock_test', migrations: [Widgets1700000000000], poolSize: 1 });

async function withAdmin<T>(target: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: target });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function until(check: () => Promise<boolean>, what: string, deadlineMs = 10_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('migrations under the advisory lock', () => {
  beforeEach(() => withAdmin(serverUrl, (c) => c.query(`CREATE DATABASE "${database}"`)));
  afterEach(() => withAdmin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)));

  it('runs once when two migrators start together', async () => {
    const [first, second] = await Promise.all([openDatabase(options()), openDatabase(options())]);
    const rows = await first.query<Array<{ name: string }>>('SELECT name FROM "lock_test"."migrations"');
    expect(rows.map((r) => r.name)).toEqual(['Widgets1700000000000']);
    expect(await second.showMigrations()).toBe(false);
    await Promise.all([first.destroy(), second.destroy()]);
  });

  it('waits while another session holds the lock of the schema', async () => {
    await withAdmin(url, async (holder) => {
      await holder.query('SELECT pg_advisory_lock(hashtext($1))', [migrationLockKey('lock_test')]);
      const opening = openDatabase(options());
      await until(
        () =>
          holder
            .query<{ waiting: number }>(
              "SELECT count(*)::int AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
            )
            .then((r) => r.rows[0].waiting === 1),
        'the migrator to wait for the lock',
      );
      const before = await holder.query("SELECT to_regclass('lock_test.widgets') AS t");
      expect(before.rows[0].t).toBeNull();
      await holder.query('SELECT pg_advisory_unlock(hashtext($1))', [migrationLockKey('lock_test')]);
      const db = await opening;
      const after = await db.query<Array<{ t: string }>>(
        "SELECT to_regclass('lock_test.widgets')::text AS t",
      );
      expect(after[0].t).toBe('lock_test.widgets');
      await db.destroy();
    });
  });
});

describe('pending migrations after a start', () => {
  beforeEach(() => withAdmin(serverUrl, (c) => c.query(`CREATE DATABASE "${database}"`)));
  afterEach(() => withAdmin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)));

  it('are seen without running them: a database that lacks a newer migration has one pending', async () => {
    await (await openDatabase(options())).destroy();
    const newer = { ...options(), migrations: [Widgets1700000000000, Gadgets1700000000001] };
    expect(await pendingMigrations(newer)).toBe(true);
    expect(await pendingMigrations(options())).toBe(false);
    const gadgets = await withAdmin(url, (c) => c.query("SELECT to_regclass('lock_test.gadgets') AS t"));
    expect(gadgets.rows[0].t).toBeNull();
  });

  it('describeSchema reports none after a complete first start', async () => {
    const schema = await describeSchema(options());
    expect(schema).toEqual({ tables: ['migrations', 'widgets'], pendingAfterRestart: false });
  });
});

describe('session limits of the pool', () => {
  beforeEach(() => withAdmin(serverUrl, (c) => c.query(`CREATE DATABASE "${database}"`)));
  afterEach(() => withAdmin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)));
  const timeouts = { statementMs: 300, lockMs: 200, idleInTransactionMs: 5_000 };

  it('ends a statement that runs past statement_timeout, and sets the lock and idle-transaction limits', async () => {
    const db = await openDatabase({ ...options(), timeouts });
    try {
      const [settings] = await db.query<Array<{ statement: string; lock: string; idle: string }>>(
        `SELECT current_setting('statement_timeout') AS statement, current_setting('lock_timeout') AS lock,
                current_setting('idle_in_transaction_session_timeout') AS idle`,
      );
      expect(settings).toEqual({ statement: '300ms', lock: '200ms', idle: '5s' });
      await expect(db.query('SELECT pg_sleep(2)')).rejects.toThrow(/statement timeout/);
    } finally {
      await db.destroy();
    }
  });

  it('lets migrations wait for the lock of another replica longer than lock_timeout', async () => {
    await withAdmin(url, async (holder) => {
      await holder.query('SELECT pg_advisory_lock(hashtext($1))', [migrationLockKey('lock_test')]);
      const opening = openDatabase({ ...options(), timeouts });
      await until(
        () =>
          holder
            .query<{ waited: boolean }>(
              `SELECT coalesce(bool_or(now() - query_start > interval '500 ms'), false) AS waited
                 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%pg_advisory_lock%'`,
            )
            .then((r) => r.rows[0].waited),
        'the migrator to wait longer than lock_timeout',
      );
      await holder.query('SELECT pg_advisory_unlock(hashtext($1))', [migrationLockKey('lock_test')]);
      const db = await opening;
      const [limit] = await db.query<Array<{ value: string }>>(
        "SELECT current_setting('statement_timeout') AS value",
      );
      expect(limit.value).toBe('300ms');
      await db.destroy();
    });
  });
});
