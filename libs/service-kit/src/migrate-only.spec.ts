import { freePort, startEmbeddedDatabase, type EmbeddedDatabase } from '@commerce/embedded-postgres';
import { Client } from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { loadServiceConfig } from './config.js';
import { migrateOnly } from './migrate-only.js';

// Against a real PostgreSQL (the embedded one): a temporary database, dropped after.
const database = `migrate_only_${process.pid}_${Date.now()}`;
let embedded: EmbeddedDatabase;
let serverUrl: string;
let url: string;
beforeAll(async () => {
  embedded = await startEmbeddedDatabase({ port: await freePort() });
  serverUrl = embedded.url;
  url = Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();
}, 60_000);
afterAll(() => embedded.stop());

class Gadgets1700000000000 implements MigrationInterface {
  name = 'Gadgets1700000000000';
  async up(db: QueryRunner) {
    await db.query('CREATE TABLE "mo_test"."gadgets" (id text PRIMARY KEY)');
  }
  async down(db: QueryRunner) {
    await db.query('DROP TABLE "mo_test"."gadgets"');
  }
}

async function admin<T>(target: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: target });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('configuration of the database', () => {
  it('defaults the pool to 10 and reads DATABASE_POOL_SIZE and MIGRATE_ONLY', () => {
    expect(loadServiceConfig({})).toMatchObject({ DATABASE_POOL_SIZE: 10, MIGRATE_ONLY: false });
    expect(loadServiceConfig({ DATABASE_POOL_SIZE: '4', MIGRATE_ONLY: 'true' })).toMatchObject({
      DATABASE_POOL_SIZE: 4,
      MIGRATE_ONLY: true,
    });
    expect(() => loadServiceConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });
});

describe(migrateOnly.name, () => {
  beforeAll(() => admin(serverUrl, (c) => c.query(`CREATE DATABASE "${database}"`)));
  afterAll(() => admin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)));

  const app = {
    name: 'stores-service' as const,
    database: { schema: 'mo_test', migrations: [Gadgets1700000000000] },
  };

  it('applies the migrations and returns, twice without harm', async () => {
    const config = loadServiceConfig({ DATABASE_URL: url, MIGRATE_ONLY: 'true' });
    await migrateOnly(app, config);
    await migrateOnly(app, config);
    const rows = await admin(url, (c) =>
      c.query<{ name: string }>('SELECT name FROM "mo_test"."migrations"'),
    );
    expect(rows.rows.map((r) => r.name)).toEqual(['Gadgets1700000000000']);
  });

  it('refuses a service without a database', async () => {
    await expect(
      migrateOnly({ name: 'api-gateway' }, loadServiceConfig({ DATABASE_URL: url })),
    ).rejects.toThrow('api-gateway has no database to migrate.');
  });
});
