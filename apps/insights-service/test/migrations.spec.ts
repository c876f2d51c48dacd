import { describeSchema } from '@commerce/persistence';
import { withTestServer } from '@commerce/persistence/testing';
import { insightsMigrations } from '../src/database/migrations/index.js';

it('insights-service migrations create the insights schema and its tables, and are idempotent on restart', async () => {
  const schema = await withTestServer((url) =>
    describeSchema({ url, schema: 'insights', migrations: insightsMigrations }),
  );
  expect(schema.tables).toEqual(
    expect.arrayContaining(['configurations', 'telemetry', 'export_schedule', 'provider_status']),
  );
  expect(schema.pendingAfterRestart).toBe(false);
}, 60_000);
