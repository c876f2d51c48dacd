// A load of concurrent parameterized queries and transactions from many connections on one PGlite behind
// pglite-socket. Prints the outcome as JSON; run with `fix` to install the protocol-aware queue.
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
const { serializeExtendedProtocol } = await import(
  new URL('../dist/protocol-aware-queue.js', import.meta.url).href
);
const fix = process.argv[2] === 'fix';
const db = await PGlite.create();
const port = 45000 + Math.floor(Math.random() * 1000);
const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 100 });
if (fix) serializeExtendedProtocol(server);
await server.start();
await db.exec('create table t (id int primary key, v text)');
const pools = Array.from(
  { length: 6 },
  () => new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`, max: 4 }),
);
let wrong = 0,
  failed = 0,
  sample;
await Promise.all(
  Array.from({ length: 1000 }, async (_, i) => {
    const pool = pools[i % 6];
    try {
      if (i % 3 === 0) {
        await pool.query('insert into t (id, v) values ($1, $2)', [i, `v${i}`]);
        const r = await pool.query('select v from t where id = $1', [i]);
        if (r.rows[0]?.v !== `v${i}`) wrong++;
      } else if (i % 3 === 1) {
        const c = await pool.connect();
        try {
          await c.query('BEGIN');
          await c.query('select $1::int as a', [i]);
          await c.query('COMMIT');
        } finally {
          c.release();
        }
      } else {
        const r = await pool.query(`select $1::text as t, ${i} as n`, [`x${i}`]);
        if (r.rows[0]?.t !== `x${i}` || r.rows[0]?.n !== i) wrong++;
      }
    } catch (e) {
      failed++;
      sample ??= e.message;
    }
  }),
);
console.log(JSON.stringify({ wrong, failed, sample }));
await Promise.all(pools.map((p) => p.end()));
await server.stop();
await db.close();
