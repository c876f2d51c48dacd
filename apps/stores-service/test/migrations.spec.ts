import { freePort, startEmbeddedDatabase } from '@commerce/embedded-postgres';
import { describeSchema, openDatabase } from '@commerce/persistence';
import { storesMigrations } from '../src/database/migrations/index.js';

it('stores-service migrations create the stores schema and its tables, and are idempotent on restart', async () => {
  const embedded = await startEmbeddedDatabase({ port: await freePort() });
  try {
    const schema = await describeSchema({
      url: embedded.url,
      schema: 'stores',
      migrations: storesMigrations,
    });
    expect(schema.tables).toEqual(expect.arrayContaining(['stores', 'messages']));
    expect(schema.pendingAfterRestart).toBe(false);
  } finally {
    await embedded.stop();
  }
}, 60_000);

it('keeps on the Store and Message tables only indexes some statement uses (no (project_key, id) beside the primary key)', async () => {
  const embedded = await startEmbeddedDatabase({ port: await freePort() });
  try {
    const db = await openDatabase({
      url: embedded.url,
      schema: 'stores',
      migrations: storesMigrations,
      poolSize: 1,
    });
    const rows = await db.query<Array<{ indexname: string }>>(
      `SELECT indexname FROM pg_indexes WHERE schemaname = 'stores' AND tablename IN ('stores', 'messages')
       ORDER BY indexname`,
    );
    await db.destroy();
    expect(rows.map((row) => row.indexname)).toEqual([
      'messages_expires_idx',
      'messages_pkey',
      'messages_project_created_idx',
      'messages_resource_sequence_uq',
      'messages_tx_idx',
      'stores_doc_idx',
      'stores_key_uq',
      'stores_pkey',
      'stores_project_created_idx',
      'stores_project_modified_idx',
    ]);
  } finally {
    await embedded.stop();
  }
}, 60_000);
