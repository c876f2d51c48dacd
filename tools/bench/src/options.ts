import { parseArgs } from 'node:util';

export type ModeName = 'embedded' | 'distributed';

export interface BenchOptions {
  modes: ModeName[];
  /** Per run; a cell is measured `rounds` times, its sizes and targets taking turns within each round. */
  seconds: number;
  rounds: number;
  warmupSeconds: number;
  connections: number[];
  sizes: number[];
  scenarios?: string[];
  /** Products seeded through the API for the product search measurements. */
  products: number;
  /** Catalog sizes measured: the first seeded through the API, each further one copied to that size in SQL. */
  productSizes: number[];
  quick: boolean;
  /** Write the results to `.results/bench/` (git-ignored). */
  record: boolean;
  /** The machine's PostgreSQL, where the lean baseline gets a fresh database (`BENCH_LEAN_DATABASE_URL`). */
  leanDatabaseUrl: string;
}

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function positiveNumbers(text: string, what: string): number[] {
  const numbers = list(text).map(Number);
  if (numbers.length === 0 || numbers.some((n) => !Number.isFinite(n) || n <= 0)) {
    throw new Error(`--${what} takes positive numbers separated by commas, not '${text}'`);
  }
  return numbers;
}

/** `all-in-one` and `embedded` both name the mode `npm start` gives without NATS_URL and DATABASE_URL. */
function modeName(text: string): ModeName {
  if (text === 'embedded' || text === 'all-in-one') return 'embedded';
  if (text === 'distributed' || text === 'nats') return 'distributed';
  throw new Error(`unknown mode '${text}': all-in-one (or embedded), distributed`);
}

/**
 * The command line of `npm run bench -- ...`. Without --modes: the distributed mode when NATS_URL and
 * DATABASE_URL are both set, the embedded one otherwise. Each cell is measured in --rounds rounds (3) of
 * --seconds (5) each, after a warm-up of 5 s (the platform's JIT is still speeding up after 2 s); --quick: one
 * round of 3 s after 2 s.
 */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      modes: { type: 'string' },
      seconds: { type: 'string' },
      rounds: { type: 'string' },
      connections: { type: 'string' },
      sizes: { type: 'string' },
      scenarios: { type: 'string' },
      products: { type: 'string' },
      quick: { type: 'boolean', default: false },
      'no-record': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const quick = values.quick ?? false;
  const seconds = values.seconds ?? env.BENCH_SECONDS;
  const modes = values.modes
    ? list(values.modes).map(modeName)
    : [env.NATS_URL && env.DATABASE_URL ? ('distributed' as const) : ('embedded' as const)];
  return {
    modes: [...new Set(modes)],
    seconds: seconds ? positiveNumbers(seconds, 'seconds')[0] : quick ? 3 : 5,
    rounds: values.rounds ? Math.ceil(positiveNumbers(values.rounds, 'rounds')[0]) : quick ? 1 : 3,
    warmupSeconds: quick ? 2 : 5,
    connections: positiveNumbers(values.connections ?? '16,64', 'connections'),
    sizes: positiveNumbers(values.sizes ?? '100,10000', 'sizes').sort((a, b) => a - b),
    scenarios: values.scenarios ? list(values.scenarios) : undefined,
    products: positiveNumbers(values.products ?? '10000', 'products')[0],
    productSizes: positiveNumbers(values.products ?? '10000', 'products'),
    quick,
    record: !values['no-record'],
    leanDatabaseUrl: env.BENCH_LEAN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  };
}
