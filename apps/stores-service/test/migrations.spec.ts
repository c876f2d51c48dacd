import { describeSchema } from '@commerce/persistence';
import { heapOnlyUpdates, testDatabase, withTestServer } from '@commerce/persistence/testing';
import { storesMigrations } from '../src/database/migrations/index.js';

it('stores-service migrations create the stores schema and its tables, and are idempotent on restart', async () => {
  const schema = await withTestServer((url) =>
    describeSchema({ url, schema: 'stores', migrations: storesMigrations }),
  );
  expect(schema.tables).toEqual(expect.arrayContaining(['stores', 'messages']));
  expect(schema.pendingAfterRestart).toBe(false);
}, 60_000);

it('keeps on the Store and Message tables only indexes some statement uses (no (project_key, id) beside the primary key)', async () => {
  const { db, close } = await testDatabase({ schema: 'stores', migrations: storesMigrations, poolSize: 1 });
  try {
    const rows = await db.query<Array<{ indexname: string }>>(
      `SELECT indexname FROM pg_indexes WHERE schemaname = 'stores' AND tablename IN ('stores', 'messages')
       ORDER BY indexname`,
    );
    expect(rows.map((row) => row.indexname)).toEqual([
      'messages_expires_idx',
      'messages_pkey',
      'messages_project_created_idx',
      'messages_resource_sequence_uq',
      'messages_tx_idx',
      'stores_key_uq',
      'stores_pkey',
      'stores_project_created_idx',
    ]);
  } finally {
    await close();
  }
}, 60_000);

it('updates a Store heap-only (HOT): no index covers a column that an update changes', async () => {
  const { db, close } = await testDatabase({ schema: 'stores', migrations: storesMigrations, poolSize: 1 });
  try {
    const counts = await heapOnlyUpdates(db, 'stores', 'stores', (tx) =>
      tx.query(
        `INSERT INTO "stores"."stores" (id, project_key, key, version, created_at, last_modified_at, doc)
         VALUES ('s1', 'p', 'k', 1, now(), now(), '{"key": "k", "version": 1}')`,
      ),
    );
    expect(counts).toEqual({ updates: 5, hot: 5 });
  } finally {
    await close();
  }
}, 60_000);
