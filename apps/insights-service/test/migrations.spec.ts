import { freePort, startEmbeddedDatabase } from '@commerce/embedded-postgres';
import { describeSchema } from '@commerce/persistence';
import { insightsMigrations } from '../src/database/migrations/index.js';

it('insights-service migrations create the insights schema and its tables, and are idempotent on restart', async () => {
  const embedded = await startEmbeddedDatabase({ port: await freePort() });
  try {
    const schema = await describeSchema({
      url: embedded.url,
      schema: 'insights',
      migrations: insightsMigrations,
    });
    expect(schema.tables).toEqual(
      expect.arrayContaining(['configurations', 'telemetry', 'export_schedule', 'provider_status']),
    );
    expect(schema.pendingAfterRestart).toBe(false);
  } finally {
    await embedded.stop();
  }
}, 60_000);
