import { growth, markdownTable, type Measurement } from './report.js';

const m = (scenario: string, stores: number, p50Ms: number): Measurement => ({
  scenario,
  stores,
  requestsPerSecond: 100,
  p50Ms,
  p99Ms: p50Ms * 2,
  errors: 0,
});

describe(growth.name, () => {
  it('is the p50 ratio from the small to the large set', () => {
    expect(growth(m('get', 100, 2), m('get', 10_000, 3))).toBe(1.5);
    expect(growth(m('get', 100, 0), m('get', 10_000, 1))).toBe(100);
  });
});

describe(markdownTable.name, () => {
  it('compares each scenario with its own smallest set', () => {
    const table = markdownTable([
      m('get', 100, 2),
      m('query', 100, 4),
      m('get', 10_000, 2),
      m('query', 10_000, 8),
    ]);
    expect(table).toContain('| get | 10000 | 100 | 2 | 4 | 0 | 1x |');
    expect(table).toContain('| query | 10000 | 100 | 8 | 16 | 0 | 2x |');
  });
});
