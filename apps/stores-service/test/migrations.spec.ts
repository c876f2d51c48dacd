import { freePort, startEmbeddedDatabase } from '@commerce/embedded-postgres';
import { describeSchema } from '@commerce/persistence';
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
