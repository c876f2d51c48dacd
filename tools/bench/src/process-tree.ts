import { readFile, readdir } from 'node:fs/promises';
import type { MemoryReport, ProcessMemory } from './report.js';

/**
 * The parent pid from the text of `/proc/<pid>/stat`. The command name (field 2) is in parentheses and may
 * itself contain spaces and parentheses, so the fields are counted from the last `)`.
 */
export function parentPid(stat: string): number {
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(rest[1]);
}

/** A `kB` field of `/proc/<pid>/status` or `/proc/<pid>/smaps_rollup` (e.g. `VmRSS`, `Pss`), if present. */
export function kbField(text: string, field: string): number | undefined {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(text);
  return match ? Number(match[1]) : undefined;
}

/** A short name for a process from its NUL-separated command line: the app or script, not `node`. */
export function processName(cmdline: string): string {
  const args = cmdline.split('\0').filter(Boolean);
  if (args.length === 0) return '?';
  // PostgreSQL backends rename themselves: "postgres: 15/main: user db 127.0.0.1(port) idle".
  if (/^(\S*\/)?postgres\b/.test(args[0])) return 'postgres';
  const program = args[0].split('/').pop()!;
  if (program === 'node' || program.startsWith('node')) {
    const script = args.slice(1).find((arg) => !arg.startsWith('-'));
    if (!script) return 'node';
    const app = /apps\/([^/]+)\//.exec(script)?.[1];
    return app ?? script.split('/').slice(-2).join('/');
  }
  return program;
}

/** Every descendant of `root` (root included) given each live pid's parent; none if `root` is gone. */
export function descendants(root: number, parents: Map<number, number>): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, parent] of parents) {
    const list = children.get(parent) ?? [];
    list.push(pid);
    children.set(parent, list);
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    if (!parents.has(pid)) continue;
    found.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

const readOr = (file: string) => readFile(file, 'utf8').catch(() => undefined);

async function allParents(): Promise<Map<number, number>> {
  const parents = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readOr(`/proc/${entry}/stat`);
    if (stat) parents.set(Number(entry), parentPid(stat));
  }
  return parents;
}

/** RSS and PSS of one live process, or undefined if it is gone. */
export async function processMemory(pid: number): Promise<ProcessMemory | undefined> {
  const [status, cmdline, rollup] = await Promise.all([
    readOr(`/proc/${pid}/status`),
    readOr(`/proc/${pid}/cmdline`),
    readOr(`/proc/${pid}/smaps_rollup`),
  ]);
  const rssKb = status ? kbField(status, 'VmRSS') : undefined;
  if (rssKb === undefined) return undefined;
  return { pid, name: processName(cmdline ?? ''), rssKb, pssKb: rollup ? kbField(rollup, 'Pss') : undefined };
}

/** The memory of a process tree walked from `root` through /proc, plus any `extra` pids (an outside database's backends). */
export async function treeMemory(root: number, extra: number[] = []): Promise<MemoryReport> {
  const pids = [...new Set([...descendants(root, await allParents()), ...extra])];
  const processes = (await Promise.all(pids.map(processMemory))).filter(
    (p): p is ProcessMemory => p !== undefined,
  );
  return { processes };
}

/** The pids of `root`'s tree, for a last check that nothing outlives the launcher. */
export async function treePids(root: number): Promise<number[]> {
  return descendants(root, await allParents());
}
