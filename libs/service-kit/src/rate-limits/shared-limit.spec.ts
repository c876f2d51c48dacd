import { freePort, startEmbeddedDatabase, type EmbeddedDatabase } from '@commerce/embedded-postgres';
import pg from 'pg';
import { BatchedLimit } from './batched-limit.js';
import { SharedLimit, counterTableSql, type CounterTable } from './shared-limit.js';

// Two "replicas": two pools of their own to one real PostgreSQL, as two gateway or auth-service pods have.
let embedded: EmbeddedDatabase;
const pools: pg.Pool[] = [];
let replicaA: CounterTable;
let replicaB: CounterTable;

const tableOf = (pool: pg.Pool): CounterTable => ({
  client: pool,
  storeType: 'pool',
  schema: 'limits_test',
  table: 'counters',
});

beforeAll(async () => {
  embedded = await startEmbeddedDatabase({ port: await freePort() });
  for (let i = 0; i < 2; i++) {
    const pool = new pg.Pool({ connectionString: embedded.url, max: 2 });
    // A connection the server ends while the pool closes at the end is not a failure of the test.
    pool.on('error', () => undefined);
    pools.push(pool);
  }
  for (const statement of counterTableSql('limits_test', 'counters')) await pools[0].query(statement);
  [replicaA, replicaB] = pools.map(tableOf);
}, 60_000);

afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await embedded.stop();
});

const rule = { points: 3, durationSeconds: 60 };
let n = 0;
const uniqueKey = () => `client-${process.pid}-${++n}`;

describe(SharedLimit.name, () => {
  it('counts the points of two replicas together: the fourth is refused on either', async () => {
    const a = new SharedLimit('test-shared', rule, replicaA);
    const b = new SharedLimit('test-shared', rule, replicaB);
    const key = uniqueKey();
    expect(await a.take(key)).toBeUndefined();
    expect(await b.take(key)).toBeUndefined();
    expect(await a.take(key)).toBeUndefined();
    const waitA = await a.take(key);
    const waitB = await b.take(key);
    expect(waitA).toBeGreaterThan(0);
    expect(waitA).toBeLessThanOrEqual(60_000);
    expect(waitB).toBeGreaterThan(0);
    // Other keys and other rules have counters of their own.
    expect(await b.take(uniqueKey())).toBeUndefined();
    expect(await new SharedLimit('test-other-rule', rule, replicaB).take(key)).toBeUndefined();
  });

  it('gives points back: an attempt that does not count frees its slot for every replica', async () => {
    const a = new SharedLimit('test-give-back', rule, replicaA);
    const b = new SharedLimit('test-give-back', rule, replicaB);
    const key = uniqueKey();
    for (let i = 0; i < 3; i++) expect(await a.take(key)).toBeUndefined();
    await a.giveBack(key);
    expect(await b.take(key)).toBeUndefined();
    expect(await b.take(key)).toBeGreaterThan(0);
  });

  it('stores keys hashed, never as given', async () => {
    const key = `jane.doe-${process.pid}@example.com`;
    await new SharedLimit('test-hashed', rule, replicaA).take(key);
    const rows = await pools[0].query<{ key: string }>(
      "SELECT key FROM limits_test.counters WHERE key LIKE 'test-hashed:%'",
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0].key).toMatch(/^test-hashed:[0-9a-f]{64}$/);
  });

  it('keeps limiting in memory when the database cannot be reached', async () => {
    const unreachable = new pg.Pool({
      connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/postgres`,
      connectionTimeoutMillis: 1_000,
    });
    try {
      const limit = new SharedLimit('test-insured', rule, tableOf(unreachable));
      const key = uniqueKey();
      for (let i = 0; i < 3; i++) expect(await limit.take(key)).toBeUndefined();
      expect(await limit.take(key)).toBeGreaterThan(0);
    } finally {
      await unreachable.end();
    }
  });
});

describe(BatchedLimit.name, () => {
  it('shares counts between replicas at each sync: what one took, the other refuses', async () => {
    const a = new BatchedLimit(new SharedLimit('test-batched', rule, replicaA), 60_000);
    const b = new BatchedLimit(new SharedLimit('test-batched', rule, replicaB), 60_000);
    const key = uniqueKey();
    for (let i = 0; i < 3; i++) expect(await a.take(key)).toBeUndefined();
    expect(await a.take(key)).toBeGreaterThan(0);
    await a.sync();
    // B has not taken anything for this key yet: its first point goes through, its sync learns the total.
    expect(await b.take(key)).toBeUndefined();
    await b.sync();
    expect(await b.take(key)).toBeGreaterThan(0);
    await Promise.all([a.close(), b.close()]);
  });

  it('with syncMs 0 counts every point in the shared counter before answering', async () => {
    const a = new BatchedLimit(new SharedLimit('test-exact', rule, replicaA), 0);
    const b = new BatchedLimit(new SharedLimit('test-exact', rule, replicaB), 0);
    const key = uniqueKey();
    expect(await a.take(key)).toBeUndefined();
    expect(await b.take(key)).toBeUndefined();
    expect(await a.take(key)).toBeUndefined();
    expect(await b.take(key)).toBeGreaterThan(0);
  });
});
