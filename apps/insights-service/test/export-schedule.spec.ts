import { freePort, startEmbeddedDatabase, type EmbeddedDatabase } from '@commerce/embedded-postgres';
import { openDatabase } from '@commerce/persistence';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { insightsMigrations } from '../src/database/migrations/index.js';
import { ExportRepository } from '../src/export/export.repository.js';

/**
 * Two insights-service replicas sharing one PostgreSQL: each project is claimed by exactly one of them per
 * export interval. Runs against the embedded PostgreSQL, in a database of its own.
 */
const database = `insights_test_${randomUUID().replaceAll('-', '')}`;
let embedded: EmbeddedDatabase;
let adminUrl: string;
let url: string;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const telemetry = (projectKey: string) => ({
  projectKey,
  startTime: 1,
  endTime: 2,
  series: [],
  logs: [
    {
      correlation_id: 'c-00000001',
      duration: 0.1,
      http_method: 'GET',
      http_status: 200,
      http_uri: '/x',
      http_received_bytes: 0,
      http_sent_bytes: 1,
      http_useragent: 'ua',
      timestamp: 3,
    },
  ],
});

let replicas: DataSource[] = [];

beforeAll(async () => {
  embedded = await startEmbeddedDatabase({ port: await freePort() });
  adminUrl = embedded.url;
  url = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
  await admin(`CREATE DATABASE "${database}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
  const options = { url, schema: 'insights', migrations: insightsMigrations, poolSize: 4 };
  replicas.push(await openDatabase(options));
  replicas.push(await openDatabase(options));
}, 60_000);

afterAll(async () => {
  await Promise.all(replicas.map((replica) => replica.destroy()));
  replicas = [];
  await admin(`DROP DATABASE IF EXISTS "${database}"`);
  await embedded.stop();
});

async function configure(projectKey: string, active: boolean): Promise<void> {
  await replicas[0].query(
    `INSERT INTO "insights"."configurations" (project_key, last_modified_at, doc) VALUES ($1, now(), $2)`,
    [projectKey, { active, projectKey, providers: [], additionalAttributes: [] }],
  );
}

it('each project is claimed by exactly one replica per interval', async () => {
  await configure('p-active', true);
  await configure('p-inactive', false);
  const [a, b] = replicas.map((replica) => new ExportRepository(replica));
  const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).claimDue(60_000)));
  expect(claims.flat()).toEqual(['p-active']);
  expect(await a.claimDue(60_000)).toEqual([]);
  // Once the interval has passed, one replica claims it again.
  await replicas[0].query(
    `UPDATE "insights"."export_schedule" SET next_export_at = now() - interval '1 second'`,
  );
  const again = await Promise.all([a.claimDue(60_000), b.claimDue(60_000), a.claimDue(60_000)]);
  expect(again.flat()).toEqual(['p-active']);
});

it('keeps telemetry of active configurations only, and hands each batch out once', async () => {
  const repository = new ExportRepository(replicas[1]);
  const exporting = await repository.exportingProjects();
  expect(exporting).toEqual(['p-active']);
  expect(
    await repository.store(
      [telemetry('p-active'), telemetry('p-inactive'), telemetry('p-unknown')],
      new Set(exporting),
    ),
  ).toBe(1);
  expect(await repository.store([telemetry('p-active')], new Set(exporting))).toBe(1);
  const [first, second] = await Promise.all([
    repository.take('p-active'),
    new ExportRepository(replicas[0]).take('p-active'),
  ]);
  expect(first.length + second.length).toBe(2);
  expect(await repository.take('p-inactive')).toEqual([]);
});

it('records provider health with backoff', async () => {
  const repository = new ExportRepository(replicas[0]);
  await repository.recordFailure('p-active', 'Otlp', 'ECONNREFUSED', 60_000);
  await repository.recordFailure('p-active', 'Otlp', 'ECONNREFUSED', 60_000);
  expect((await repository.health('p-active')).get('Otlp')).toEqual({
    type: 'Otlp',
    failures: 2,
    due: false,
  });
  await repository.recordSuccess('p-active', 'Otlp');
  expect((await repository.health('p-active')).get('Otlp')).toEqual({ type: 'Otlp', failures: 0, due: true });
});
