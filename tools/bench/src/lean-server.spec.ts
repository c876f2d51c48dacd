import pg from 'pg';
import { LEAN_SCHEMA, leanSchemaSql, leanServer, seedLean } from './lean-server.js';

// The lean baseline on the machine's PostgreSQL, as the bench runs it: its answers must be the platform's
// (the same load drives both), its checks real (a wrong token or scope, a stale version).
const server = process.env.BENCH_LEAN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `bench_lean_spec_${process.pid}`;
let pool: pg.Pool;
const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  await client.query(sql).finally(() => client.end());
};
const app = () => leanServer(pool);
const template = {
  id: 't',
  key: 'bench-0',
  version: 1,
  name: { en: 'Store 0' },
  countries: [{ code: 'DE' }],
};

beforeAll(async () => {
  await admin(`DROP DATABASE IF EXISTS "${name}"`);
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // An idle connection ended by the server (the database dropped at the end) is not the test's failure.
  pool.on('error', () => undefined);
  for (const statement of leanSchemaSql) await pool.query(statement);
  await seedLean(
    pool,
    { projectKey: 'p', bearer: 'writer', clientId: 'c', scopes: ['manage_project:p'] },
    template,
    3,
  );
  await seedLean(
    pool,
    { projectKey: 'q', bearer: 'reader', clientId: 'r', scopes: ['view_stores:q'] },
    template,
    1,
  );
});

afterAll(async () => {
  await pool.end();
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

const auth = (bearer: string) => ({ authorization: `Bearer ${bearer}` });

describe('leanServer', () => {
  it('answers a Store by key with its document', async () => {
    const response = await app().inject({ url: '/p/stores/key=bench-2', headers: auth('writer') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ key: 'bench-2', version: 1, name: { en: 'Store 2' } });
  });

  it('refuses an unknown token, another project and a read-only scope for a write', async () => {
    expect((await app().inject({ url: '/p/stores/key=bench-1', headers: auth('nope') })).statusCode).toBe(
      401,
    );
    expect((await app().inject({ url: '/p/stores/key=bench-1', headers: auth('reader') })).statusCode).toBe(
      401,
    );
    expect((await app().inject({ url: '/q/stores/key=bench-0', headers: auth('reader') })).statusCode).toBe(
      200,
    );
    const write = await app().inject({
      method: 'POST',
      url: '/q/stores/key=bench-0',
      headers: auth('reader'),
      payload: { version: 1, actions: [{ action: 'setName', name: { en: 'x' } }] },
    });
    expect(write.statusCode).toBe(401);
  });

  it('sets the name at the expected version with its Message in the same statement, and answers 409 after', async () => {
    const update = (version: number) =>
      app().inject({
        method: 'POST',
        url: '/p/stores/key=bench-1',
        headers: auth('writer'),
        payload: { version, actions: [{ action: 'setName', name: { en: 'Renamed' } }] },
      });
    const done = await update(1);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ key: 'bench-1', version: 2, name: { en: 'Renamed' } });
    const { rows } = await pool.query<{ seq: number; doc: { type: string; resourceVersion: number } }>(
      `SELECT seq, doc FROM "${LEAN_SCHEMA}"."messages" WHERE project_key = 'p'`,
    );
    expect(rows).toEqual([
      {
        seq: 2,
        doc: expect.objectContaining({ type: 'StoreNameSet', resourceVersion: 2, sequenceNumber: 2 }),
      },
    ]);
    const stale = await update(1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ errors: [{ code: 'ConcurrentModification', currentVersion: 2 }] });
  });
});
