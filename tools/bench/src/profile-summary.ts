import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * `node tools/bench/dist/profile-summary.js <dir> [--top 25] [--filter <text>] [--after <s>]`: summarises the `.cpuprofile`
 * files `node --cpu-prof --cpu-prof-dir=<dir>` wrote (one per process), per process: its name (the app whose
 * code it ran), busy time (every sample but `(idle)`), and the functions with the most self
 * and inclusive time. Inclusive time counts a function once per sample however often it recurs in the stack.
 */

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface FunctionTime {
  name: string;
  selfMs: number;
  totalMs: number;
}

export interface ProfileSummary {
  process: string;
  durationMs: number;
  idleMs: number;
  functions: FunctionTime[];
}

const IDLE = '(idle)';

/** A short, stable label for a frame: `name file:line` with the path cut to the package or app. */
export function frameLabel(frame: CallFrame): string {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  const file = frame.url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '')
    .replace(/^.*\/(apps|libs|tools)\//, '$1/');
  return `${name} ${file}:${frame.lineNumber + 1}`;
}

/** The app a profile belongs to: the `apps/<name>` (or `tools/<name>/...` script) most of its frames come from. */
export function processOf(profile: CpuProfile): string {
  const counts = new Map<string, number>();
  for (const node of profile.nodes) {
    const match = /\/(apps\/[^/]+|tools\/[^/]+\/dist\/[^/]+)/.exec(node.callFrame.url);
    if (match) counts.set(match[1], (counts.get(match[1]) ?? 0) + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best?.[0] ?? '?';
}

/** `afterMs`: only the samples taken that long after the profile began (leaves start-up out). */
export function summarise(profile: CpuProfile, afterMs = 0): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let idleUs = 0;
  let durationUs = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index];
    if (at - profile.startTime < afterMs * 1000) return;
    // The delta before sample i+1 is the time sample i stood for.
    const us = profile.timeDeltas[index + 1] ?? 0;
    durationUs += us;
    const leaf = byId.get(id)!;
    const leafLabel = frameLabel(leaf.callFrame);
    if (leaf.callFrame.functionName === IDLE) idleUs += us;
    self.set(leafLabel, (self.get(leafLabel) ?? 0) + us);
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const label = frameLabel(byId.get(node)!.callFrame);
      if (seen.has(label)) continue;
      seen.add(label);
      total.set(label, (total.get(label) ?? 0) + us);
    }
  });
  const functions = [...total].map(([name, us]) => ({
    name,
    selfMs: (self.get(name) ?? 0) / 1000,
    totalMs: us / 1000,
  }));
  return { process: processOf(profile), durationMs: durationUs / 1000, idleMs: idleUs / 1000, functions };
}

function table(rows: FunctionTime[], busyMs: number, key: 'selfMs' | 'totalMs', top: number): string {
  return [...rows]
    .sort((a, b) => b[key] - a[key])
    .slice(0, top)
    .map(
      (row) =>
        `  ${((row[key] / busyMs) * 100).toFixed(1).padStart(5)} %  self ${row.selfMs.toFixed(0).padStart(6)} ms` +
        `  total ${row.totalMs.toFixed(0).padStart(6)} ms  ${row.name}`,
    )
    .join('\n');
}

async function main(): Promise<void> {
  const [dir, ...rest] = process.argv.slice(2);
  if (!dir) throw new Error('usage: profile-summary <dir> [--top N] [--filter text] [--after seconds]');
  const option = (name: string) => (rest.includes(name) ? rest[rest.indexOf(name) + 1] : undefined);
  const top = Number(option('--top')) || 25;
  const filter = option('--filter');
  const afterMs = Number(option('--after') ?? 0) * 1000;
  const files = (await readdir(dir)).filter((file) => file.endsWith('.cpuprofile'));
  for (const file of files) {
    const profile = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as CpuProfile;
    const summary = summarise(profile, afterMs);
    if (filter && !summary.process.includes(filter)) continue;
    const busyMs = summary.durationMs - summary.idleMs;
    process.stdout.write(
      `\n== ${summary.process} (${file}): ${(summary.durationMs / 1000).toFixed(1)} s profiled, ` +
        `busy ${(busyMs / 1000).toFixed(2)} s\n-- self (share of busy time)\n${table(summary.functions, busyMs, 'selfMs', top)}\n` +
        `-- inclusive\n${table(summary.functions, busyMs, 'totalMs', top)}\n`,
    );
  }
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) await main();
