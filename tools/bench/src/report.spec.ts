import {
  combineRounds,
  comparisonTable,
  leanTable,
  roundRatios,
  memoryBreakdown,
  modeSummary,
  pairs,
  searchTable,
  ratio,
  runReport,
  sizeScaling,
  totalPssMb,
  totalRssMb,
  type Measurement,
} from './report.js';

const m = (
  target: Measurement['target'],
  scenario: string,
  stores: number,
  requestsPerSecond: number,
  connections = 16,
  mode = 'embedded',
): Measurement => ({
  mode,
  target,
  scenario,
  stores,
  connections,
  requestsPerSecond,
  p50Ms: 1000 / requestsPerSecond,
  p99Ms: 4000 / requestsPerSecond,
  errors: 0,
});

describe(ratio.name, () => {
  it('is the platform share of the baseline, to two decimals', () => {
    expect(ratio(410, 1000)).toBe(0.41);
    expect(ratio(1, 3)).toBe(0.33);
    expect(ratio(5, 0)).toBe(0);
  });
});

describe(pairs.name, () => {
  it('pairs each platform measurement with the baseline of the same mode, scenario, size and concurrency', () => {
    const baseline16 = m('baseline', 'get', 100, 1000);
    const baseline64 = m('baseline', 'get', 100, 1200, 64);
    const platform64 = m('platform', 'get', 100, 600, 64);
    const otherMode = m('platform', 'get', 100, 300, 64, 'distributed');
    expect(pairs([baseline16, baseline64, platform64, otherMode])).toEqual([
      { platform: platform64, baseline: baseline64 },
      { platform: otherMode, baseline: undefined },
    ]);
  });
});

describe(sizeScaling.name, () => {
  it('compares throughput with the same scenario at the smallest size', () => {
    const small = m('platform', 'get', 100, 1000);
    const large = m('platform', 'get', 10_000, 950);
    expect(sizeScaling([small, large], large)).toBe(0.95);
    expect(sizeScaling([small, large], small)).toBeUndefined();
  });

  it('takes the median of the ratios of each round when both sizes were measured in the same rounds', () => {
    // The machine slowed down in round 2 for both sizes: per round the large set is 0.9x, 1.0x, 0.95x.
    const rounds = (...rps: number[]) =>
      rps.map((r) => ({ requestsPerSecond: r, p50Ms: 1, p99Ms: 2, errors: 0 }));
    const cell = { mode: 'embedded', target: 'platform' as const, scenario: 'get', connections: 16 };
    const small = combineRounds({ ...cell, stores: 100 }, rounds(1000, 500, 1000));
    const large = combineRounds({ ...cell, stores: 10_000 }, rounds(900, 500, 950));
    expect(small.requestsPerSecond).toBe(1000);
    expect(large.requestsPerSecond).toBe(900);
    expect(sizeScaling([small, large], large)).toBe(0.95);
  });
});

describe(combineRounds.name, () => {
  it('keeps the median of each figure over the rounds, every error, and the rounds themselves', () => {
    const cell = {
      mode: 'embedded',
      target: 'platform' as const,
      scenario: 'get',
      stores: 100,
      connections: 16,
    };
    const combined = combineRounds(cell, [
      { requestsPerSecond: 900, p50Ms: 2, p99Ms: 9, errors: 1 },
      { requestsPerSecond: 1100, p50Ms: 1, p99Ms: 5, errors: 0 },
      { requestsPerSecond: 1000, p50Ms: 1.5, p99Ms: 7, errors: 2 },
    ]);
    expect(combined).toEqual({
      ...cell,
      requestsPerSecond: 1000,
      p50Ms: 1.5,
      p99Ms: 7,
      errors: 3,
      samples: [900, 1100, 1000],
    });
  });

  it('keeps the median CPU per request when every round measured it', () => {
    const cell = { mode: 'embedded', target: 'lean' as const, scenario: 'get', stores: 100, connections: 16 };
    const round = (cpuMs?: number) => ({ requestsPerSecond: 1, p50Ms: 1, p99Ms: 1, errors: 0, cpuMs });
    expect(combineRounds(cell, [round(0.3), round(0.1), round(0.2)]).cpuMs).toBe(0.2);
    expect(combineRounds(cell, [round(0.3), round()]).cpuMs).toBeUndefined();
  });
});

describe(comparisonTable.name, () => {
  it('puts baseline and platform side by side with the ratios', () => {
    const table = comparisonTable(
      [
        m('baseline', 'get', 100, 1000),
        m('platform', 'get', 100, 500),
        m('baseline', 'get', 10_000, 1000),
        m('platform', 'get', 10_000, 450),
      ],
      'embedded',
    );
    expect(table).toContain('| get | 100 | 16 | 1000 | 1 | 4 | 0 | 500 | 2 | 8 | 0 | 0.5x | 2x |  |');
    expect(table).toContain(
      '| get | 10000 | 16 | 1000 | 1 | 4 | 0 | 450 | 2.2 | 8.9 | 0 | 0.45x | 2.22x | 0.9x |',
    );
  });
});

describe('memory', () => {
  const memory = {
    processes: [
      { pid: 1, name: 'start.js', rssKb: 102_400, pssKb: 100_000 },
      { pid: 2, name: 'postgres', rssKb: 20_480, pssKb: 5_000 },
      { pid: 3, name: 'postgres', rssKb: 30_720, pssKb: 7_400 },
    ],
  };

  it('sums RSS and PSS over the tree', () => {
    expect(totalRssMb(memory)).toBe(150);
    expect(totalPssMb(memory)).toBe(110);
    expect(totalPssMb({ processes: [{ pid: 1, name: 'x', rssKb: 1 }] })).toBeUndefined();
  });

  it('groups processes of one name, largest first', () => {
    expect(memoryBreakdown(memory)).toBe('start.js 100, postgres x2 50');
  });

  it('summarizes a mode with its time to ready', () => {
    const summary = modeSummary({ mode: 'embedded', description: 'ready', readyMs: 4_321, idle: memory });
    expect(summary).toContain('to ready: 4.3 s');
    expect(summary).toContain('idle after start: 150 MB RSS (110 MB PSS) in 3 processes');
  });

  it('states what an authenticated read costs over /health at p50, one connection', () => {
    const latency = (label: string, p50Ms: number) => ({ label, requests: 2000, p50Ms, p99Ms: p50Ms * 2 });
    const summary = modeSummary({
      mode: 'embedded',
      description: 'ready',
      readyMs: 1000,
      idle: memory,
      latency: [{ target: 'platform', stores: 100, health: latency('h', 0.25), read: latency('r', 0.6) }],
    });
    expect(summary).toContain(
      '- c=1, 100 Stores, platform: p50 `/health` 0.250 ms, get Store by key 0.600 ms (p99 1.200 ms): ' +
        'an authenticated read costs 0.350 ms more at p50',
    );
  });
});

describe(runReport.name, () => {
  it('names the commit, the machine and the settings, then one section per mode', () => {
    const report = runReport(
      new Date('2026-11-24T21:00:00Z'),
      { cpus: 2, memoryMb: 24_105, node: 'v20.20.2', commit: 'abc1234' },
      { seconds: 3, rounds: 1, connections: [16, 64], sizes: [100, 10_000], quick: true },
      [{ mode: 'embedded', description: 'ready', readyMs: 1000, idle: { processes: [] } }],
      [m('baseline', 'get', 100, 1000), m('platform', 'get', 100, 500)],
    );
    expect(report).toContain('### 2026-11-24 21:00 UTC, commit abc1234');
    expect(report).toContain('2 CPUs, 24 GB memory, Node v20.20.2. 1 round of 3 s per cell (--quick)');
    expect(report).toContain('#### embedded');
    expect(report).toContain('| get | 100 | 16 | 1000 |');
  });
});

describe(searchTable.name, () => {
  it('puts search and the plain query side by side per concurrency, with req/s against the query', () => {
    const row = (scenario: string, connections: number, requestsPerSecond: number, products = 10_000) => ({
      scenario,
      products,
      connections,
      requestsPerSecond,
      p50Ms: 10,
      p99Ms: 25.5,
      errors: 0,
    });
    const table = searchTable({
      products: 10_000,
      seedSeconds: 80.4,
      measurements: [
        row('GET /product-projections/search text+filter+facet', 16, 300),
        row('GET /product-projections?where=sku in (10)', 16, 600),
        row('POST /products/search two facets', 16, 100, 100_000),
        row('GET /product-projections?where=sku in (10)', 16, 400, 100_000),
      ],
    });
    expect(table).toContain('Product search on 10,000 products');
    expect(table).toContain('seeded through the API in 80.4 s');
    expect(table).toContain(
      '| GET /product-projections/search text+filter+facet | 10000 | 16 | 300 | 10 | 25.5 | 0 | 0.5x |',
    );
    expect(table).toContain(
      '| GET /product-projections?where=sku in (10) | 10000 | 16 | 600 | 10 | 25.5 | 0 |  |',
    );
    // Each size against the query of the same size.
    expect(table).toContain(
      '| POST /products/search two facets | 100000 | 16 | 100 | 10 | 25.5 | 0 | 0.25x |',
    );
  });
});

describe(roundRatios.name, () => {
  it('is the median of the per-round ratios with their spread', () => {
    const platform = { ...m('platform', 'get', 100, 500), samples: [400, 500, 900] };
    const lean = { ...m('lean', 'get', 100, 1000), samples: [1000, 1000, 1000] };
    expect(roundRatios(platform, lean)).toEqual({ median: 0.5, low: 0.4, high: 0.9 });
  });

  it('falls back to the ratio of the medians without rounds', () => {
    expect(roundRatios(m('platform', 'get', 100, 500), m('lean', 'get', 100, 1000))).toEqual({
      median: 0.5,
      low: 0.5,
      high: 0.5,
    });
  });
});

describe(leanTable.name, () => {
  it('sets the platform beside the lean baseline on both databases, with the spread of the rounds', () => {
    const rows = [
      { ...m('lean', 'get', 100, 1000), samples: [1000, 1000, 1000], cpuMs: 0.2 },
      { ...m('lean-own', 'get', 100, 800), samples: [800, 800, 800] },
      { ...m('baseline', 'get', 100, 700), samples: [700, 700, 700] },
      { ...m('platform', 'get', 100, 600), samples: [600, 500, 700], cpuMs: 0.25 },
      m('platform', 'where', 100, 600),
    ];
    const table = leanTable(rows, 'embedded');
    expect(table).toContain(
      '| get | 100 | 16 | 1000 | 800 | 600 | 0.6x (0.5-0.7) | 0.75x (0.63-0.88) | 0.200, -, 0.250 | 0.8x, - | 0, 0, 0 |',
    );
    expect(table).not.toContain('| where |');
    expect(leanTable(rows, 'distributed')).toBe('');
  });
});
