import { freePort, startEmbeddedDatabase, type EmbeddedDatabase } from '@commerce/embedded-postgres';
import { openDatabase } from '@commerce/persistence';
import { importMigrations } from '../src/database/migrations/index.js';

describe('import-service migrations', () => {
  let embedded: EmbeddedDatabase;

  beforeAll(async () => {
    embedded = await startEmbeddedDatabase(undefined, await freePort());
  }, 60_000);

  afterAll(async () => {
    await embedded.stop();
  });

  it('create the import schema and its tables, and are idempotent on restart', async () => {
    const first = await openDatabase({
      url: embedded.url,
      schema: 'import',
      migrations: importMigrations,
      poolSize: 1,
    });
    const rows = await first.query<Array<{ table_name: string }>>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'import' ORDER BY table_name",
    );
    expect(rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(['import_containers', 'import_operations']),
    );
    await first.destroy();
    const second = await openDatabase({
      url: embedded.url,
      schema: 'import',
      migrations: importMigrations,
      poolSize: 1,
    });
    expect(await second.showMigrations()).toBe(false);
    await second.destroy();
  });
});
