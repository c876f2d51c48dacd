import {
  extensionTable,
  switchExtension,
  type ExtensionServer,
  type ExtensionSwitch,
} from './extension-bench.js';
import { perRoundRatio } from './report.js';

const figures = (scenario: string, samples: number[], cpuMs?: number) => ({
  scenario,
  connections: 16,
  requestsPerSecond: samples[1],
  p50Ms: 10,
  p99Ms: 30,
  errors: 0,
  samples,
  ...(cpuMs === undefined ? {} : { cpuMs }),
});

describe(extensionTable.name, () => {
  it('sets the turns without and with the extension side by side, with the ratio, its spread and the calls', () => {
    const plain = figures('cart addLineItem, no extension', [400, 420, 440], 2.5);
    const withIt = figures('cart addLineItem, 1 extension on cart Update', [300, 280, 330], 3.1);
    const table = extensionTable({
      updates: [plain, withIt],
      ratio: perRoundRatio(withIt.samples, plain.samples),
      calls: 9_000,
      loads: [1.25, 0.5],
    });
    expect(table).toContain(
      '| cart addLineItem, no extension | 16 | 420 | 10 | 30 | 0 | 2.500 | 400, 420, 440 |',
    );
    expect(table).toContain(
      '| cart addLineItem, 1 extension on cart Update | 16 | 280 | 10 | 30 | 0 | 3.100 | 300, 280, 330 |',
    );
    expect(table).toContain(
      'addLineItem with / without the extension: **0.75x** (per round 0.67-0.75; target at least 0.5x).',
    );
    expect(table).toContain('The extension answered 9000 calls during the measured turns with it');
    expect(table).toContain('Load average (1 min) before each round: 1.3, 0.5.');
  });

  it('leaves the ratio out when it was not measured', () => {
    expect(extensionTable({ updates: [], calls: 0, loads: [] })).not.toContain('with / without');
  });
});

describe(perRoundRatio.name, () => {
  it('is the median of the per-round ratios with their spread, a round without the other side counting 0', () => {
    expect(perRoundRatio([300, 280, 330], [400, 420, 440])).toEqual({ median: 0.75, low: 0.67, high: 0.75 });
    expect(perRoundRatio([100, 100], [0, 200])).toEqual({ median: 0.25, low: 0, high: 0.5 });
  });

  it('refuses sides of different rounds', () => {
    expect(() => perRoundRatio([1, 2], [1])).toThrow('needs rounds on both sides (2 and 1)');
    expect(() => perRoundRatio([], [])).toThrow();
  });
});

describe(switchExtension.name, () => {
  /** The API and the extension server in memory: the probe's update is "called" while an extension exists. */
  function fakes(delayedChanges = 0) {
    const requests: string[] = [];
    let extensions = 0;
    let served = 0;
    let calls = 0;
    let cartVersion = 1;
    const server: ExtensionServer = { url: 'http://127.0.0.1:1', calls: async () => calls };
    const fetchMock = async (url: string | URL, init?: RequestInit) => {
      const path = String(url).replace('http://api/p/', '');
      requests.push(`${init?.method} ${path}`);
      if (init?.method === 'POST' && path === 'extensions') {
        extensions += 1;
        return new Response(JSON.stringify({ id: 'e1', version: 1 }), { status: 201 });
      }
      if (init?.method === 'DELETE') {
        extensions -= 1;
        return new Response('{}', { status: 200 });
      }
      served += 1;
      // The services see the change after `delayedChanges` probes.
      if (extensions > 0 && served > delayedChanges) calls += 1;
      return new Response(JSON.stringify({ id: 'probe', version: ++cartVersion }), { status: 200 });
    };
    return { requests, server, fetchMock };
  }

  const target = { url: 'http://api', projectKey: 'p', bearer: 't' };

  it('creates the extension on cart Update, waits until a probe update calls it, and deletes it again', async () => {
    const { requests, server, fetchMock } = fakes(2);
    const original = globalThis.fetch;
    globalThis.fetch = fetchMock as typeof fetch;
    try {
      const state: ExtensionSwitch = { probe: { id: 'probe', version: 1 } };
      await switchExtension(target, server, state, true);
      expect(state.active).toEqual({ id: 'e1', version: 1 });
      expect(requests).toEqual([
        'POST extensions',
        'POST carts/probe',
        'POST carts/probe',
        'POST carts/probe',
      ]);
      expect(state.probe.version).toBe(4);
      requests.length = 0;
      await switchExtension(target, server, state, false);
      expect(state.active).toBeUndefined();
      expect(requests).toEqual(['DELETE extensions/e1?version=1', 'POST carts/probe']);
    } finally {
      globalThis.fetch = original;
    }
  });
});
