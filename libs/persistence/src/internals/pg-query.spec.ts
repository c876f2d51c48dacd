import pg from 'pg';
import { startTestServer, type TestServer } from '../testing.js';
import { runQuery } from './pg-query.js';

// Against a real PostgreSQL (the embedded one): what `runQuery` relies on in `pg` (its private `Query.name`).
let server: TestServer;
let client: pg.Client;
beforeAll(async () => {
  server = await startTestServer();
  client = new pg.Client({ connectionString: server.url });
  await client.connect();
}, 60_000);
afterAll(async () => {
  await client.end();
  await server.stop();
});

const prepared = async () =>
  (await client.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements'))
    .rows;

it('prepares a named statement once on the connection and runs it with its values', async () => {
  const names: string[] = [];
  for (const n of [1, 2, 3]) {
    const rows = await runQuery<{ n: number }>(client, 'pg_query_spec_add', 'SELECT $1::int + 1 AS n', [n]);
    expect(rows).toEqual([{ n: n + 1 }]);
    names.push(...(await prepared()).map((row) => row.name));
  }
  expect(names).toEqual(['pg_query_spec_add', 'pg_query_spec_add', 'pg_query_spec_add']);
});

it('runs an unnamed statement unprepared, and fails with the database error', async () => {
  expect(await runQuery(client, undefined, 'SELECT $1::text AS t', ['x'])).toEqual([{ t: 'x' }]);
  expect((await prepared()).map((row) => row.name)).toEqual(['pg_query_spec_add']);
  await expect(runQuery(client, 'pg_query_spec_fail', 'SELECT 1/$1::int', [0])).rejects.toMatchObject({
    code: '22012',
  });
});

it('takes the text and values as they are: the Query makes no copy of a config object', () => {
  const values = [1];
  const query = new pg.Query('SELECT $1::int', values) as unknown as { text: string; values: unknown[]; name?: string };
  expect(query.text).toBe('SELECT $1::int');
  expect(query.values).toBe(values);
  expect(query.name).toBeUndefined();
});
