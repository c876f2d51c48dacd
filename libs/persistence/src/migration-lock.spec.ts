import { Client } from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationLockKey, openDatabase } from './database.js';

// Against a real PostgreSQL (the machine's, or TEST_DATABASE_URL): a temporary database per run, dropped after.
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `migration_lock_${process.pid}_${Date.now()}`;
const url = (() => {
  const parsed = new URL(serverUrl);
  parsed.pathname = `/${database}`;
  return parsed.toString();
})();

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

const options = { url, schema: 'lock_test', migrations: [Widgets1700000000000], poolSize: 1 };

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
    const [first, second] = await Promise.all([openDatabase(options), openDatabase(options)]);
    const rows = await first.query<Array<{ name: string }>>('SELECT name FROM "lock_test"."migrations"');
    expect(rows.map((r) => r.name)).toEqual(['Widgets1700000000000']);
    expect(await second.showMigrations()).toBe(false);
    await Promise.all([first.destroy(), second.destroy()]);
  });

  it('waits while another session holds the lock of the schema', async () => {
    await withAdmin(url, async (holder) => {
      await holder.query('SELECT pg_advisory_lock(hashtext($1))', [migrationLockKey('lock_test')]);
      const opening = openDatabase(options);
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
