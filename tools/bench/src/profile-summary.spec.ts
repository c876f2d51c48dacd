import { frameLabel, processOf, summarise, type CpuProfile } from './profile-summary.js';

const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });

// root → a (apps/api-gateway) → b → a again (recursion); plus (idle).
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 5] },
    { id: 2, callFrame: frame('a', 'file:///w/apps/api-gateway/dist/x.js', 9), children: [3] },
    { id: 3, callFrame: frame('b', 'file:///w/node_modules/lib/y.js', 0), children: [4] },
    { id: 4, callFrame: frame('a', 'file:///w/apps/api-gateway/dist/x.js', 9) },
    { id: 5, callFrame: frame('(idle)') },
  ],
  samples: [2, 3, 4, 5],
  timeDeltas: [0, 1000, 2000, 3000],
  startTime: 0,
  endTime: 10_000,
};

describe('profile-summary', () => {
  it('labels frames by function, package or app path and 1-based line', () => {
    expect(frameLabel(frame('b', 'file:///w/node_modules/lib/y.js', 0))).toBe('b lib/y.js:1');
    expect(frameLabel(frame('', 'file:///w/apps/api-gateway/dist/x.js', 9))).toBe(
      '(anonymous) apps/api-gateway/dist/x.js:10',
    );
  });

  it('names the process after the app its frames come from', () => {
    expect(processOf(profile)).toBe('apps/api-gateway');
  });

  it('sums self and inclusive time, a recursive function once per sample, idle apart', () => {
    const summary = summarise(profile);
    const a = summary.functions.find((f) => f.name.startsWith('a '))!;
    const b = summary.functions.find((f) => f.name.startsWith('b '))!;
    // sample 0 (a) stands for 1 ms, sample 1 (b) 2 ms, sample 2 (a under b) 3 ms, sample 3 (idle) 0 ms.
    expect(a).toEqual({ name: a.name, selfMs: 4, totalMs: 6 });
    expect(b).toEqual({ name: b.name, selfMs: 2, totalMs: 5 });
    expect(summary.durationMs).toBe(6);
    expect(summary.idleMs).toBe(0);
  });

  it('leaves out the samples before --after', () => {
    expect(summarise(profile, 2.5).durationMs).toBe(3);
  });
});
