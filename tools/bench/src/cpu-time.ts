import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { processName } from './process-tree.js';

/**
 * CPU time per request: the user + system time each process spent during a measurement (from
 * `/proc/<pid>/stat`) divided by the requests it served. Unlike req/s on a shared machine, this hardly
 * depends on what else runs: it is the work a request costs, summed over every process on its path.
 */

/** utime + stime (fields 14 and 15, in clock ticks) from the text of `/proc/<pid>/stat`. */
export function cpuTicksOf(stat: string): number {
  // The command name (field 2) may contain spaces and parentheses: count from the last `)` (field 3 on).
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(rest[11]) + Number(rest[12]);
}

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

export interface CpuSnapshot {
  /** pid → [process name, CPU ms so far] */
  processes: Map<number, [string, number]>;
}

export async function cpuSnapshot(pids: number[]): Promise<CpuSnapshot> {
  const msPerTick = 1000 / clockTicks();
  const entries = await Promise.all(
    [...new Set(pids)].map(async (pid) => {
      const [stat, cmdline] = await Promise.all([
        readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined),
        readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => ''),
      ]);
      return stat ? ([pid, [processName(cmdline), cpuTicksOf(stat) * msPerTick]] as const) : undefined;
    }),
  );
  return {
    processes: new Map(entries.filter((entry) => entry !== undefined) as Array<[number, [string, number]]>),
  };
}

/**
 * CPU ms per request by process name between two snapshots, largest first, with `total`. A process that
 * appeared in between (a new database backend) counts from zero; one that ended is left out.
 */
export function cpuPerRequest(
  before: CpuSnapshot,
  after: CpuSnapshot,
  requests: number,
): Array<[string, number]> {
  const byName = new Map<string, number>();
  for (const [pid, [name, ms]] of after.processes) {
    const spent = ms - (before.processes.get(pid)?.[1] ?? 0);
    byName.set(name, (byName.get(name) ?? 0) + spent);
  }
  const rows = [...byName]
    .filter(([, ms]) => ms > 0)
    .map(([name, ms]): [string, number] => [name, ms / Math.max(requests, 1)])
    .sort((a, b) => b[1] - a[1]);
  return [...rows, ['total', rows.reduce((sum, [, ms]) => sum + ms, 0)]];
}

export function describeCpu(rows: Array<[string, number]>): string {
  return rows.map(([name, ms]) => `${name} ${ms.toFixed(3)}`).join(', ');
}
