import { freePort, startEmbeddedDatabase } from '@commerce/embedded-postgres';
import { describeSchema } from '@commerce/persistence';
import { importMigrations } from '../src/database/migrations/index.js';

it('import-service migrations create the import schema and its tables, and are idempotent on restart', async () => {
  const embedded = await startEmbeddedDatabase({ port: await freePort() });
  try {
    const schema = await describeSchema({
      url: embedded.url,
      schema: 'import',
      migrations: importMigrations,
    });
    expect(schema.tables).toEqual(expect.arrayContaining(['import_containers', 'import_operations']));
    expect(schema.pendingAfterRestart).toBe(false);
  } finally {
    await embedded.stop();
  }
}, 60_000);
