import { parseOptions } from './options.js';

describe(parseOptions.name, () => {
  it('defaults to the embedded mode, 3 rounds of 5 s, c=16 and 64, 100 and 10,000 Stores, 10,000 products', () => {
    expect(parseOptions([], {})).toEqual({
      modes: ['embedded'],
      seconds: 5,
      rounds: 3,
      warmupSeconds: 5,
      connections: [16, 64],
      sizes: [100, 10_000],
      scenarios: undefined,
      products: 10_000,
      productSizes: [10_000],
      quick: false,
      record: true,
      leanDatabaseUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
    });
  });

  it('puts the lean baseline on BENCH_LEAN_DATABASE_URL when set', () => {
    expect(parseOptions([], { BENCH_LEAN_DATABASE_URL: 'postgres://x@h:1/d' }).leanDatabaseUrl).toBe(
      'postgres://x@h:1/d',
    );
  });

  it('picks the distributed mode when NATS_URL and DATABASE_URL are both set', () => {
    expect(parseOptions([], { NATS_URL: 'nats://x', DATABASE_URL: 'postgres://y' }).modes).toEqual([
      'distributed',
    ]);
    expect(parseOptions([], { NATS_URL: 'nats://x' }).modes).toEqual(['embedded']);
  });

  it('runs several modes in one invocation; all-in-one names the embedded mode', () => {
    expect(parseOptions(['--modes', 'all-in-one,distributed'], {}).modes).toEqual([
      'embedded',
      'distributed',
    ]);
    expect(() => parseOptions(['--modes', 'cloud'], {})).toThrow(/unknown mode 'cloud'/);
  });

  it('--quick shortens every measurement; --seconds and BENCH_SECONDS set it', () => {
    expect(parseOptions(['--quick'], {})).toMatchObject({
      quick: true,
      seconds: 3,
      rounds: 1,
      warmupSeconds: 2,
    });
    expect(parseOptions(['--rounds', '5'], {}).rounds).toBe(5);
    expect(() => parseOptions(['--rounds', 'x'], {})).toThrow(/--rounds takes positive numbers/);
    expect(parseOptions(['--seconds', '20'], {}).seconds).toBe(20);
    expect(parseOptions([], { BENCH_SECONDS: '7' }).seconds).toBe(7);
    expect(() => parseOptions(['--seconds', '0'], {})).toThrow(/positive numbers/);
  });

  it('takes sizes (sorted), connections, scenarios and --no-record', () => {
    const options = parseOptions(
      [
        '--sizes',
        '1000,10',
        '--connections',
        '8',
        '--scenarios',
        'token,health',
        '--no-record',
        '--products',
        '500',
      ],
      {},
    );
    expect(options).toMatchObject({
      products: 500,
      productSizes: [500],
      sizes: [10, 1000],
      connections: [8],
      scenarios: ['token', 'health'],
      record: false,
    });
  });
});
