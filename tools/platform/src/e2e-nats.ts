import { spawn } from 'node:child_process';
import { once } from 'node:events';
import pg from 'pg';
import { REPO_ROOT } from './paths.js';

/**
 * Runs the end-to-end suite against real NATS and PostgreSQL: a fresh database per run on the local
 * server (`E2E_PG_ADMIN_URL`), dropped afterwards.
 */
const adminUrl = process.env.E2E_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const database = `commerce_e2e_${Date.now()}_${process.pid}`;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// Collation C: text sorts case-sensitively by code point, as the API promises (docs/DECISIONS.md).
await admin(`CREATE DATABASE "${database}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
let code = 1;
try {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const child = spawn('npm', ['test', '-w', 'test-e2e', '--', ...process.argv.slice(2)], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NATS_URL: natsUrl, DATABASE_URL: url.toString(), E2E_MODE: 'nats' },
  });
  [code] = (await once(child, 'exit')) as [number];
} finally {
  await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
}
process.exit(code);
