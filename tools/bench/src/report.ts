import type { SequentialLatency } from './latency.js';
import type { SearchBenchFacts } from './search-bench.js';
import { checkoutTable, type CheckoutBenchFacts } from './checkout-bench.js';
import { discountTable, type DiscountBenchFacts } from './discount-bench.js';
import { extensionTable, type ExtensionBenchFacts } from './extension-bench.js';

/**
 * Who served a measurement: the project's single-process baseline, the platform in the mode under test, or
 * the lean baseline (`lean-server.ts`) on the machine's PostgreSQL (`lean`) or on the platform's own
 * (`lean-own`, the embedded one in the all-in-one mode).
 */
export type LeanTarget = 'lean' | 'lean-own';
export type Target = 'baseline' | 'platform' | LeanTarget;

export interface Measurement {
  /** The platform mode of the run (the baseline is measured once per mode, on that mode's database). */
  mode: string;
  target: Target;
  scenario: string;
  stores: number;
  connections: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Transport errors, timeouts and non-2xx answers. */
  errors: number;
  /** req/s of each round, in order (the figures above are their medians, the errors their sum). */
  samples?: number[];
  /** CPU ms per request of every serving process together (`cpu-time.ts`), the median over the rounds. */
  cpuMs?: number;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** One cell measured in rounds: the median req/s, p50 and p99 over the rounds, the errors of all of them. */
export function combineRounds(
  cell: Omit<Measurement, 'requestsPerSecond' | 'p50Ms' | 'p99Ms' | 'errors' | 'samples' | 'cpuMs'>,
  rounds: Array<Pick<Measurement, 'requestsPerSecond' | 'p50Ms' | 'p99Ms' | 'errors' | 'cpuMs'>>,
): Measurement {
  const cpu = rounds.map((r) => r.cpuMs).filter((ms): ms is number => ms !== undefined);
  return {
    ...(cpu.length === rounds.length && cpu.length > 0 ? { cpuMs: median(cpu) } : {}),
    ...cell,
    requestsPerSecond: Math.round(median(rounds.map((r) => r.requestsPerSecond))),
    p50Ms: median(rounds.map((r) => r.p50Ms)),
    p99Ms: median(rounds.map((r) => r.p99Ms)),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    samples: rounds.map((r) => r.requestsPerSecond),
  };
}

/** What a platform cost at rest and how long it took to come up. */
export interface ModeFacts {
  mode: string;
  /** The launcher's own words for the mode, e.g. "all-in-one, embedded PostgreSQL in …". */
  description: string;
  readyMs: number;
  idle: MemoryReport;
  afterLoad?: MemoryReport;
  /** The embedded price import end to end (`benchImport`). */
  importPricesPerSecond?: number;
  /** Product search and the plain projection query on a seeded catalog (`search-bench.ts`). */
  search?: SearchBenchFacts;
  /** The checkout path and addLineItem beside setName (`checkout-bench.ts`). */
  checkout?: CheckoutBenchFacts;
  /** addLineItem with five cart and two product discounts active beside none (`discount-bench.ts`). */
  discounts?: DiscountBenchFacts;
  /** addLineItem with one API Extension on cart Update beside none (`extension-bench.ts`). */
  extensions?: ExtensionBenchFacts;
  /** The 1-minute load average of the machine before each round, in order. */
  loads?: number[];
  /** One connection, sequential requests: `/health` and an authenticated read, per target and size. */
  latency?: Array<{ target: Target; stores: number; health: SequentialLatency; read: SequentialLatency }>;
}

export interface ProcessMemory {
  pid: number;
  name: string;
  rssKb: number;
  /** Proportional set size: shared pages (PostgreSQL's shared buffers) split among the processes sharing them. */
  pssKb?: number;
}

export interface MemoryReport {
  processes: ProcessMemory[];
}

export interface Machine {
  cpus: number;
  memoryMb: number;
  node: string;
  commit: string;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Platform throughput as a share of the baseline's (1 = as fast). */
export function ratio(platform: number, baseline: number): number {
  return baseline > 0 ? round2(platform / baseline) : 0;
}

const sameCell = (a: Measurement, b: Measurement) =>
  a.mode === b.mode && a.scenario === b.scenario && a.stores === b.stores && a.connections === b.connections;

/** Pairs every platform measurement with the baseline measured in the same cell (mode, scenario, size, c). */
export function pairs(measurements: Measurement[]): Array<{ platform: Measurement; baseline?: Measurement }> {
  return measurements
    .filter((m) => m.target === 'platform')
    .map((platform) => ({
      platform,
      baseline: measurements.find((m) => m.target === 'baseline' && sameCell(m, platform)),
    }));
}

/** req/s of the platform at the largest size against its own at the smallest: 1 = flat cost. */
export function sizeScaling(measurements: Measurement[], m: Measurement): number | undefined {
  const same = measurements.filter(
    (other) =>
      other.target === m.target &&
      other.mode === m.mode &&
      other.scenario === m.scenario &&
      other.connections === m.connections,
  );
  const smallest = same.reduce<Measurement | undefined>(
    (min, other) => (!min || other.stores < min.stores ? other : min),
    undefined,
  );
  if (!smallest || smallest === m) return undefined;
  // Measured in the same rounds, the sizes taking turns: the median of the ratios of each round, so a
  // machine that drifts between rounds moves both sides of each ratio alike.
  if (m.samples && smallest.samples?.length === m.samples.length) {
    const own = m.samples;
    return round2(median(smallest.samples.map((small, i) => (small > 0 ? own[i] / small : 0))));
  }
  return ratio(m.requestsPerSecond, smallest.requestsPerSecond);
}

const ms = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/**
 * platform / other per round (both measured in the same rounds, taking turns): the median and the spread
 * (lowest-highest), or the ratio of the medians when the rounds are not known.
 */
export function roundRatios(platform: Measurement, other: Measurement): RoundRatio {
  const own = platform.samples;
  const theirs = other.samples;
  if (!own || !theirs || own.length !== theirs.length || own.length === 0) {
    const only = ratio(platform.requestsPerSecond, other.requestsPerSecond);
    return { median: only, low: only, high: only };
  }
  return perRoundRatio(own, theirs);
}

/** A ratio measured in rounds: the median of the per-round ratios and their spread, to two decimals. */
export interface RoundRatio {
  median: number;
  low: number;
  high: number;
}

/** req/s of `a` over `b` measured in the same rounds (a round where `b` is 0 counts as 0). */
export function perRoundRatio(a: readonly number[], b: readonly number[]): RoundRatio {
  if (a.length === 0 || a.length !== b.length)
    throw new Error(`a ratio per round needs rounds on both sides (${a.length} and ${b.length})`);
  const ratios = a.map((value, i) => (b[i] > 0 ? value / b[i] : 0));
  return {
    median: round2(median(ratios)),
    low: round2(Math.min(...ratios)),
    high: round2(Math.max(...ratios)),
  };
}

const spread = (r: { median: number; low: number; high: number }) =>
  r.low === r.high ? `${r.median}x` : `${r.median}x (${r.low}-${r.high})`;

/**
 * The platform against the lean baseline, per cell measured against it: req/s of each, and the median of the
 * per-round ratios with their spread.
 */
export function leanTable(measurements: Measurement[], mode: string): string {
  const inMode = measurements.filter((m) => m.mode === mode);
  const find = (target: Target, p: Measurement) => inMode.find((m) => m.target === target && sameCell(m, p));
  const rows = inMode
    .filter((m) => m.target === 'platform')
    .map((p) => ({ p, lean: find('lean', p), own: find('lean-own', p) }))
    .filter((row) => row.lean || row.own);
  if (rows.length === 0) return '';
  const lines = [
    '| scenario | stores | c | lean, machine PG req/s | lean, platform PG req/s | platform req/s | platform / lean (machine PG) | platform / lean (platform PG) | CPU ms/request (lean, lean own, platform) | CPU lean / platform | errors (lean, lean own, platform) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const cpu = (m?: Measurement) => (m?.cpuMs === undefined ? '-' : m.cpuMs.toFixed(3));
  // What the CPU predicts on a machine that runs only this: the platform's throughput as a share of the other's.
  const cpuRatio = (m: Measurement | undefined, p: Measurement) =>
    m?.cpuMs !== undefined && p.cpuMs ? `${round2(m.cpuMs / p.cpuMs)}x` : '-';
  for (const { p, lean, own } of rows) {
    lines.push(
      `| ${p.scenario} | ${p.stores} | ${p.connections} | ${lean?.requestsPerSecond ?? '-'} | ` +
        `${own?.requestsPerSecond ?? '-'} | ${p.requestsPerSecond} | ${lean ? spread(roundRatios(p, lean)) : '-'} | ` +
        `${own ? spread(roundRatios(p, own)) : '-'} | ${cpu(lean)}, ${cpu(own)}, ${cpu(p)} | ` +
        `${cpuRatio(lean, p)}${own ? `, ${cpuRatio(own, p)}` : ''} | ${lean?.errors ?? '-'}, ${own?.errors ?? '-'}, ${p.errors} |`,
    );
  }
  return lines.join('\n');
}

/** One Markdown table per mode: baseline and platform side by side, with the ratios the targets name. */
export function comparisonTable(measurements: Measurement[], mode: string): string {
  const lines = [
    '| scenario | stores | c | baseline req/s | p50 | p99 | err | platform req/s | p50 | p99 | err | req/s ratio (rounds) | p99 ratio | req/s vs smallest set |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { platform: p, baseline: b } of pairs(measurements.filter((m) => m.mode === mode))) {
    const scaling = sizeScaling(measurements, p);
    lines.push(
      [
        '',
        p.scenario,
        p.stores,
        p.connections,
        b ? b.requestsPerSecond : '-',
        b ? ms(b.p50Ms) : '-',
        b ? ms(b.p99Ms) : '-',
        b ? b.errors : '-',
        p.requestsPerSecond,
        ms(p.p50Ms),
        ms(p.p99Ms),
        p.errors,
        b ? spread(roundRatios(p, b)) : '-',
        b ? `${ratio(p.p99Ms, b.p99Ms)}x` : '-',
        scaling === undefined ? '' : `${scaling}x`,
        '',
      ]
        .join(' | ')
        .trim(),
    );
  }
  return lines.join('\n');
}

/** Search and the plain query side by side per concurrency, with search's cost as a share of the query's. */
export function searchTable(search: SearchBenchFacts): string {
  const lines = [
    `Product search on ${search.products.toLocaleString('en-US')} products (2 variants each, seeded through the API ` +
      `in ${search.seedSeconds.toFixed(1)} s):`,
    '',
    '| endpoint | products | c | req/s | p50 | p99 | err | req/s vs query |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const m of search.measurements) {
    const query = search.measurements.find(
      (other) =>
        other.connections === m.connections &&
        other.products === m.products &&
        other.scenario.includes('?where='),
    );
    lines.push(
      `| ${m.scenario} | ${m.products} | ${m.connections} | ${m.requestsPerSecond} | ${ms(m.p50Ms)} | ${ms(m.p99Ms)} | ${m.errors} | ` +
        `${query && query !== m ? `${ratio(m.requestsPerSecond, query.requestsPerSecond)}x` : ''} |`,
    );
  }
  return lines.join('\n');
}

export const totalRssMb = (memory: MemoryReport) =>
  Math.round(memory.processes.reduce((sum, p) => sum + p.rssKb, 0) / 1024);

export function totalPssMb(memory: MemoryReport): number | undefined {
  if (memory.processes.some((p) => p.pssKb === undefined)) return undefined;
  return Math.round(memory.processes.reduce((sum, p) => sum + (p.pssKb ?? 0), 0) / 1024);
}

/** Process names grouped (PostgreSQL's backends are many processes of one name) with their RSS in MB. */
export function memoryBreakdown(memory: MemoryReport): string {
  const groups = new Map<string, { count: number; rssKb: number }>();
  for (const p of memory.processes) {
    const group = groups.get(p.name) ?? { count: 0, rssKb: 0 };
    group.count += 1;
    group.rssKb += p.rssKb;
    groups.set(p.name, group);
  }
  return [...groups.entries()]
    .sort((a, b) => b[1].rssKb - a[1].rssKb)
    .map(([name, g]) => `${name}${g.count > 1 ? ` x${g.count}` : ''} ${Math.round(g.rssKb / 1024)}`)
    .join(', ');
}

function memoryLine(label: string, memory: MemoryReport): string {
  const pss = totalPssMb(memory);
  return (
    `- ${label}: ${totalRssMb(memory)} MB RSS${pss === undefined ? '' : ` (${pss} MB PSS)`} in ` +
    `${memory.processes.length} processes (MB: ${memoryBreakdown(memory)})`
  );
}

/** The facts of one mode as Markdown bullet points. */
export function modeSummary(facts: ModeFacts): string {
  const lines = [
    `- launcher: ${facts.description}`,
    `- from \`node tools/platform/dist/start.js\` to ready: ${(facts.readyMs / 1000).toFixed(1)} s`,
    memoryLine('idle after start', facts.idle),
  ];
  if (facts.afterLoad) lines.push(memoryLine('idle after the load', facts.afterLoad));
  for (const { target, stores, health, read } of facts.latency ?? []) {
    lines.push(
      `- c=1, ${stores} Stores, ${target}: p50 \`/health\` ${health.p50Ms.toFixed(3)} ms, get Store by key ` +
        `${read.p50Ms.toFixed(3)} ms (p99 ${read.p99Ms.toFixed(3)} ms): an authenticated read costs ` +
        `${(read.p50Ms - health.p50Ms).toFixed(3)} ms more at p50`,
    );
  }
  if (facts.importPricesPerSecond !== undefined) {
    lines.push(
      `- embedded price import: ${facts.importPricesPerSecond} prices/s (10,000 prices, first POST to last \`imported\`)`,
    );
  }
  return lines.join('\n');
}

export interface RunSettings {
  seconds: number;
  rounds: number;
  connections: number[];
  sizes: number[];
  quick: boolean;
}

/** The report of one `npm run bench`, printed and written to `.results/bench/`. */
export function runReport(
  date: Date,
  machine: Machine,
  settings: RunSettings,
  modes: ModeFacts[],
  measurements: Measurement[],
): string {
  const parts = [
    `### ${date.toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${machine.commit}`,
    '',
    `Machine: ${machine.cpus} CPUs, ${Math.round(machine.memoryMb / 1024)} GB memory, Node ${machine.node}. ` +
      `${settings.rounds} round${settings.rounds > 1 ? 's' : ''} of ${settings.seconds} s per cell` +
      `${settings.quick ? ' (--quick)' : ''}, the sizes and the targets taking turns within each round ` +
      `(figures: medians over the rounds), autocannon at c=${settings.connections.join(', ')}, ` +
      `${settings.sizes.join(' and ')} Stores, each size a project of its own in the same database. p50/p99 ` +
      'in ms; a ratio is platform / baseline from the same run; "vs smallest set" is the median over the ' +
      'rounds of req/s against the smallest size in the same round.',
  ];
  for (const facts of modes) {
    parts.push(
      '',
      `#### ${facts.mode}`,
      '',
      modeSummary(facts),
      '',
      comparisonTable(measurements, facts.mode),
    );
    const lean = leanTable(measurements, facts.mode);
    if (lean) {
      parts.push(
        '',
        "Against the lean baseline (`lean-server.ts`: own minimal tables, pool of 10), on the machine's " +
          "PostgreSQL and on the platform's own (in the distributed mode they are the same server); a ratio " +
          'is the median of the per-round ratios, the spread in brackets:',
        '',
        lean,
      );
    }
    if (facts.loads?.length) {
      parts.push(
        '',
        `Load average (1 min) before each round: ${facts.loads.map((n) => n.toFixed(1)).join(', ')}.`,
      );
    }
    if (facts.search) parts.push('', searchTable(facts.search));
    if (facts.checkout) parts.push('', checkoutTable(facts.checkout));
    if (facts.discounts) parts.push('', discountTable(facts.discounts));
    if (facts.extensions) parts.push('', extensionTable(facts.extensions));
  }
  return `${parts.join('\n')}\n`;
}
