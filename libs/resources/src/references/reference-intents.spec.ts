import type { RequestContext } from '@commerce/contracts';
import { freePort, startEmbeddedDatabase, type EmbeddedDatabase } from '@commerce/embedded-postgres';
import { createDataSource } from '@commerce/persistence';
import type { DataSource } from 'typeorm';
import { ReferenceIntents } from './reference-intents.js';
import { referenceTablesUp } from './reference-tables.js';

const ctx = { projectKey: 'p' } as RequestContext;
const channel = { typeId: 'channel', id: 'c1' };

describe(ReferenceIntents.name, () => {
  let embedded: EmbeddedDatabase;
  let db: DataSource;
  let intents: ReferenceIntents;

  beforeAll(async () => {
    embedded = await startEmbeddedDatabase({ port: await freePort() });
    db = createDataSource({ url: embedded.url, schema: 'r', migrations: [], poolSize: 4 });
    await db.initialize();
    await db.query('CREATE SCHEMA r');
    for (const sql of referenceTablesUp('r')) await db.query(sql);
    intents = new ReferenceIntents(db, 'r');
  }, 60_000);

  afterAll(async () => {
    await db.destroy();
    await embedded.stop();
  });

  it("reserves only a write's cross-service references, and only within its scope", async () => {
    const refs = [channel, { typeId: 'product', id: 'x' }];
    expect(intents.toReserve(refs)).toEqual([]);
    await intents.scope('store', async () => {
      expect(intents.toReserve(refs)).toEqual([channel]);
      expect(new ReferenceIntents(db, 'r').toReserve(refs)).toEqual([]);
    });
  });

  it('shows a write under way until it commits; its intent is gone after the write', async () => {
    await intents.scope('store', async () => {
      await intents.begin(ctx, [channel]);
      expect(await intents.pendingFor(ctx, channel)).toBe(true);
      expect(await intents.pendingFor(ctx, { typeId: 'channel', id: 'other' })).toBe(false);
      await db.transaction((tx) => ReferenceIntents.consume(tx));
    });
    expect(await intents.pendingFor(ctx, channel)).toBe(false);
  });

  it('a write whose intent expired and was swept by a deletion does not commit', async () => {
    const written = intents.scope('store', async () => {
      await intents.begin(ctx, [channel]);
      await db.query(`UPDATE "r"."reference_intents" SET expires_at = now() - interval '1 second'`);
      // The deletion asks: the expired intent is swept and not counted.
      expect(await intents.pendingFor(ctx, channel)).toBe(false);
      await db.transaction((tx) => ReferenceIntents.consume(tx));
    });
    await expect(written).rejects.toMatchObject({ code: 'ServiceUnavailable' });
  });

  it('leaves no intent behind when the write fails before it committed', async () => {
    await expect(
      intents.scope('store', async () => {
        await intents.begin(ctx, [{ typeId: 'type', key: 'k' }]);
        throw new Error('validation failed later');
      }),
    ).rejects.toThrow('validation failed later');
    expect(await intents.pendingFor(ctx, { typeId: 'type', id: 'unknown', key: 'k' })).toBe(false);
  });
});
