import { SVC_TIME_BUCKETS } from '@commerce/contracts';
import { TelemetryBuffer, chunkTelemetry, type RequestSample } from './telemetry-buffer.js';

const sample = (overrides: Partial<RequestSample> = {}): RequestSample => ({
  projectKey: 'p1',
  endpoint: '/:projectKey/stores/:idOrKey',
  httpMethod: 'GET',
  httpStatus: 200,
  durationSec: 0.03,
  timeToFirstByteSec: 0.02,
  sentBytes: 100,
  receivedBytes: 10,
  correlationId: 'corr-0001',
  uri: '/p1/stores/key=a',
  userAgent: 'jest',
  timestamp: 1_700_000_000_000,
  ...overrides,
});

describe(TelemetryBuffer.name, () => {
  it('aggregates requests per project, endpoint, method and status, with histogram buckets', () => {
    const buffer = new TelemetryBuffer({ maxSeries: 100, maxLogs: 100 });
    buffer.record(sample());
    buffer.record(sample({ timeToFirstByteSec: 3, durationSec: 3.1, sentBytes: 50 }));
    buffer.record(sample({ httpStatus: 404 }));
    buffer.record(sample({ projectKey: 'p2' }));
    const projects = buffer.drain(1_700_000_001_000);
    expect(projects.map((project) => project.projectKey).sort()).toEqual(['p1', 'p2']);
    const p1 = projects.find((project) => project.projectKey === 'p1')!;
    expect(p1.logs).toHaveLength(3);
    const ok = p1.series.find((series) => series.httpStatus === 200)!;
    expect(ok).toMatchObject({ count: 2, sentBytes: 150, receivedBytes: 20, timeMin: 0.02, timeMax: 3 });
    expect(ok.timeSum).toBeCloseTo(3.02);
    expect(ok.timeBuckets).toHaveLength(SVC_TIME_BUCKETS.length + 1);
    expect(ok.timeBuckets[SVC_TIME_BUCKETS.indexOf(0.025)]).toBe(1);
    expect(ok.timeBuckets[SVC_TIME_BUCKETS.indexOf(5)]).toBe(1);
    expect(buffer.isEmpty).toBe(true);
    expect(buffer.drain()).toEqual([]);
  });

  it('is bounded: beyond the limits samples are dropped and counted', () => {
    const buffer = new TelemetryBuffer({ maxSeries: 2, maxLogs: 3 });
    const dropped = [200, 201, 202, 203].map((status) => buffer.record(sample({ httpStatus: status })));
    expect(dropped.map((d) => d.series)).toEqual([0, 0, 1, 1]);
    expect(dropped.map((d) => d.logs)).toEqual([0, 0, 0, 1]);
    // An existing series still counts when the series table is full.
    expect(buffer.record(sample({ httpStatus: 200 })).series).toBe(0);
  });
});

describe(chunkTelemetry.name, () => {
  it('cuts large windows into messages under the size limit without losing entries', () => {
    const buffer = new TelemetryBuffer({ maxSeries: 100, maxLogs: 1_000 });
    for (let i = 0; i < 500; i++) buffer.record(sample({ correlationId: `corr-${i}`.padEnd(40, 'x') }));
    const projects = buffer.drain();
    const chunks = chunkTelemetry(projects, 10_000);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(JSON.stringify(chunk).length).toBeLessThan(11_000);
    expect(chunks.flat().flatMap((project) => project.logs)).toHaveLength(500);
    expect(chunks.flat().flatMap((project) => project.series)).toHaveLength(1);
  });
});
