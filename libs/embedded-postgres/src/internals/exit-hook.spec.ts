import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../free-port.js';

const dist = (file: string) => JSON.stringify(path.resolve(import.meta.dirname, '../../dist', file));

/**
 * A launcher that starts a server, optionally takes the signals back, and on SIGTERM waits a moment (work in
 * flight), queries the database, then stops it: what it prints says whether the database was still there.
 */
const launcher = (dataDir: string, port: number, own: boolean) => `
  const { startEmbeddedDatabase } = await import(${dist('index.js')});
  const { ownShutdownSignals } = await import(${dist('internals/exit-hook.js')});
  const { default: pg } = await import('pg');
  const db = await startEmbeddedDatabase({ dataDir: ${JSON.stringify(dataDir)}, port: ${port} });
  if (${own}) process.stdout.write('owned ' + ownShutdownSignals() + '\\n');
  process.on('SIGTERM', async () => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const client = new pg.Client({ connectionString: db.url });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const { rows } = await client.query('SELECT 1 AS v');
      process.stdout.write('query ' + rows[0].v + '\\n');
      await client.end();
    } catch (error) {
      process.stdout.write('query failed\\n');
    }
    await db.stop();
    process.exit(0);
  });
  process.stdout.write('up\\n');
  setInterval(() => {}, 1000);`;

async function runUntilSigterm(own: boolean): Promise<{ output: string; code: number | null }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'exit-hook-'));
  try {
    const child = spawn(
      process.execPath,
      ['--input-type=module', '-e', launcher(dataDir, await freePort(), own)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        cwd: path.resolve(import.meta.dirname, '../..'),
      },
    );
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (output += chunk));
    const exited = once(child, 'exit');
    while (!output.includes('up\n')) {
      if (child.exitCode !== null) throw new Error(`the launcher exited early: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    child.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    return { output, code };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe('ownShutdownSignals', () => {
  it("keeps the database up for a launcher's own graceful shutdown (without it the package stops it at once)", async () => {
    const owned = await runUntilSigterm(true);
    expect(owned.output).toContain('owned true');
    expect(owned.output).toContain('query 1');
    expect(owned.code).toBe(0);

    // The package's own behaviour, which the function exists for: if an upgrade stops hooking SIGTERM, this
    // fails and the module can go.
    const hooked = await runUntilSigterm(false);
    expect(hooked.output).not.toContain('query 1');
  }, 180_000);
});
