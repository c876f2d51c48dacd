import { loadConfig } from '@commerce/config';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { launcherEnv } from './launcher-config.js';

/** `npm run reset`: deletes the embedded platform's data folder (database and admin credentials). */
const { DATA_DIR } = loadConfig({ DATA_DIR: launcherEnv.DATA_DIR });
const dir = path.resolve(DATA_DIR);
const pidFile = path.join(dir, 'postgres', 'postmaster.pid');
if (existsSync(pidFile)) {
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  let running = false;
  try {
    process.kill(pid, 0);
    running = true;
  } catch {
    running = false;
  }
  if (running) {
    process.stderr.write(`The platform still uses ${dir} (PostgreSQL pid ${pid}): stop it first (Ctrl-C).\n`);
    process.exit(1);
  }
}
await rm(dir, { recursive: true, force: true });
process.stdout.write(
  `Deleted ${dir}: the next npm start begins with an empty platform and new admin credentials.\n`,
);
