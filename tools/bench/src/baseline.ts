import pg from 'pg';
import { baselineServer } from './baseline-server.js';
import { leanServer } from './lean-server.js';

/**
 * A baseline as its own process: `DATABASE_URL`, `PORT`, `POOL_SIZE`, `BASELINE` (`lean` for the lean
 * baseline, else the project's). Prints "listening" when it is.
 */
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_SIZE ?? 16),
  idleTimeoutMillis: 0,
});
const app = process.env.BASELINE === 'lean' ? leanServer(pool) : baselineServer(pool);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.stdout.write('listening\n');
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
