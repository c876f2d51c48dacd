import { DataSource } from 'typeorm';
import { preparedQuery } from './prepared.js';
import { startTestServer, type TestServer } from './testing.js';

// Against a real PostgreSQL (the embedded one).
let server: TestServer;
let db: DataSource;
beforeAll(async () => {
  server = await startTestServer();
  db = new DataSource({ type: 'postgres', url: server.url, poolSize: 2 });
  await db.initialize();
}, 60_000);
afterAll(async () => {
  await db.destroy();
  await server.stop();
});

describe(preparedQuery.name, () => {
  it('runs a named statement on a connection of the pool', async () => {
    const rows = await preparedQuery<{ n: number }>(db, 'prepared_spec_add', 'SELECT $1::int + 1 AS n', [41]);
    expect(rows).toEqual([{ n: 42 }]);
  });

  it('fails the statement, not the process, when its connection breaks while it holds it', async () => {
    // The backend ends under the statement (as in a database restart): the connection breaks while checked out.
    for (let i = 0; i < 5; i++) {
      await expect(
        preparedQuery(db, 'prepared_spec_kill', 'SELECT pg_terminate_backend(pg_backend_pid())', []),
      ).rejects.toThrow(/terminat/);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rows = await preparedQuery<{ n: number }>(db, 'prepared_spec_add', 'SELECT $1::int + 1 AS n', [1]);
    expect(rows).toEqual([{ n: 2 }]);
  });
});
