import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EmbeddedDatabaseError } from './embedded-database.js';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The parent of a process and whether that parent is a Node.js process (a launcher), from /proc. */
async function parentOf(pid: number): Promise<{ ppid: number; isNode: boolean } | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const cmdline = await readFile(`/proc/${ppid}/cmdline`, 'utf8').catch(() => '');
    return { ppid, isNode: /(^|\/)node(\0|$)/.test(cmdline.split('\0')[0] ?? '') };
  } catch {
    return undefined;
  }
}

/**
 * A launcher killed with SIGKILL leaves its PostgreSQL running. On the next start such an orphan (its
 * parent gone, or no longer a Node.js launcher) is shut down; a server whose launcher still runs means the
 * data folder is in use, which is an error.
 */
export async function stopOrphanServer(clusterDir: string): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  const parent = await parentOf(pid);
  if (parent && parent.ppid > 1 && parent.isNode && alive(parent.ppid)) {
    throw new EmbeddedDatabaseError(
      `The data folder ${path.dirname(clusterDir)} is in use by another running platform ` +
        `(PostgreSQL pid ${pid}, launcher pid ${parent.ppid}). Stop it first, or use another DATA_DIR.`,
    );
  }
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 15_000;
  while (alive(pid)) {
    if (Date.now() > deadline) {
      throw new EmbeddedDatabaseError(`A leftover PostgreSQL (pid ${pid}) did not stop; stop it by hand.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
