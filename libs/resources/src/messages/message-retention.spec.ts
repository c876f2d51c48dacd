import { freePort, startEmbeddedDatabase, type EmbeddedDatabase } from '@commerce/embedded-postgres';
import { createDataSource } from '@commerce/persistence';
import type { DataSource } from 'typeorm';
import { MessageRetention } from './message-retention.js';
import { messagesTableSqlV1 } from './messages-table.js';

describe(MessageRetention.name, () => {
  let embedded: EmbeddedDatabase;
  let db: DataSource;

  beforeAll(async () => {
    embedded = await startEmbeddedDatabase({ port: await freePort() });
    db = createDataSource({ url: embedded.url, schema: 'r', migrations: [], poolSize: 1 });
    await db.initialize();
    await db.query('CREATE SCHEMA r');
    for (const sql of messagesTableSqlV1('r')) await db.query(sql);
  }, 60_000);

  afterAll(async () => {
    await db.destroy();
    await embedded.stop();
  });

  const insert = (id: string, expiresAt: string) =>
    db.query(
      `INSERT INTO "r"."messages" (id, project_key, key, version, created_at, last_modified_at, doc, resource_id,
         sequence_number, type, expires_at) VALUES ($1, 'p', NULL, 1, now(), now(), '{}', $1, 1, 'T', $2)`,
      [id, expiresAt],
    );

  it('deletes the Messages past their retention and keeps the others', async () => {
    await insert('old', '2026-01-01T00:00:00.000Z');
    await insert('young', '2026-12-31T00:00:00.000Z');
    const retention = new MessageRetention(db, 'r');
    expect(await retention.sweep(new Date('2026-06-01T00:00:00.000Z'))).toBe(1);
    const left = await db.query<Array<{ id: string }>>('SELECT id FROM "r"."messages"');
    expect(left.map((row) => row.id)).toEqual(['young']);
  });
});
