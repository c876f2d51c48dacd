import { cpuPerRequest, cpuTicksOf, describeCpu } from './cpu-time.js';

describe('cpu-time', () => {
  it('reads utime + stime from a stat line whose name has spaces and parentheses', () => {
    const stat = '4242 (node (worker) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 31 0 0 20 0 11 0 7 0 0';
    expect(cpuTicksOf(stat)).toBe(281);
  });

  it('sums the CPU ms per request by process name, new processes counted from zero', () => {
    const before = {
      processes: new Map<number, [string, number]>([
        [1, ['api-gateway', 100]],
        [2, ['postgres', 50]],
        [3, ['postgres', 10]],
      ]),
    };
    const after = {
      processes: new Map<number, [string, number]>([
        [1, ['api-gateway', 300]],
        [2, ['postgres', 90]],
        [3, ['postgres', 10]],
        [4, ['postgres', 60]],
      ]),
    };
    const rows = cpuPerRequest(before, after, 1000);
    expect(rows).toEqual([
      ['api-gateway', 0.2],
      ['postgres', 0.1],
      ['total', expect.closeTo(0.3, 10)],
    ]);
    expect(describeCpu(rows)).toBe('api-gateway 0.200, postgres 0.100, total 0.300');
  });
});
