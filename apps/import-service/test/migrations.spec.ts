import { describeSchema } from '@commerce/persistence';
import { withTestServer } from '@commerce/persistence/testing';
import { importMigrations } from '../src/database/migrations/index.js';

it('import-service migrations create the import schema and its tables, and are idempotent on restart', async () => {
  const schema = await withTestServer((url) =>
    describeSchema({ url, schema: 'import', migrations: importMigrations }),
  );
  expect(schema.tables).toEqual(expect.arrayContaining(['import_containers', 'import_operations']));
  expect(schema.pendingAfterRestart).toBe(false);
}, 60_000);
