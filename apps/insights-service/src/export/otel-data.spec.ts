import { SVC_TIME_BUCKETS, type ProjectTelemetry, type TelemetrySeries } from '@commerce/contracts';
import { SeverityNumber } from '@opentelemetry/api-logs';
import { AggregationTemporality, DataPointType } from '@opentelemetry/sdk-metrics';
import { backoffMs } from './export.service.js';
import { toLogRecords, toResourceMetrics } from './otel-data.js';
import { mergeTelemetry } from './telemetry-merge.js';

const series = (overrides: Partial<TelemetrySeries> = {}): TelemetrySeries => ({
  endpoint: '/:projectKey/stores',
  httpMethod: 'GET',
  httpStatus: 200,
  count: 2,
  sentBytes: 100,
  receivedBytes: 0,
  timeSum: 0.03,
  timeMin: 0.01,
  timeMax: 0.02,
  timeBuckets: [0, 1, 1, ...new Array<number>(SVC_TIME_BUCKETS.length - 2).fill(0)],
  ...overrides,
});

const batch = (overrides: Partial<ProjectTelemetry> = {}): ProjectTelemetry => ({
  projectKey: 'p',
  startTime: 1_000,
  endTime: 2_000,
  series: [series()],
  logs: [],
  ...overrides,
});

describe(mergeTelemetry.name, () => {
  it('adds up series of several batches and spans their windows', () => {
    const merged = mergeTelemetry([
      batch(),
      batch({
        startTime: 2_000,
        endTime: 3_000,
        series: [series({ timeMax: 0.5 }), series({ httpStatus: 404 })],
      }),
    ])!;
    expect(merged.startTime).toBe(1_000);
    expect(merged.endTime).toBe(3_000);
    expect(merged.series).toHaveLength(2);
    expect(merged.series[0]).toMatchObject({ count: 4, sentBytes: 200, timeMin: 0.01, timeMax: 0.5 });
    expect(merged.series[0].timeBuckets.slice(0, 3)).toEqual([0, 2, 2]);
    expect(mergeTelemetry([])).toBeUndefined();
  });
});

describe(toResourceMetrics.name, () => {
  it('builds delta svc_* metrics with the four attributes plus the Metrics attributes', () => {
    const merged = mergeTelemetry([batch({ series: [series(), series({ httpStatus: 500, count: 1 })] })])!;
    const data = toResourceMetrics('p', merged, [
      { eventType: 'Metrics', type: 'String', name: 'env', value: 'prod' },
      { eventType: 'Logs', type: 'String', name: 'team', value: 'x' },
    ]);
    const metrics = data.scopeMetrics[0].metrics;
    expect(metrics.map((metric) => metric.descriptor.name)).toEqual([
      'svc_time_sec',
      'svc_response_count',
      'svc_sent_bytes',
      'svc_received_bytes',
      'svc_error_count',
    ]);
    expect(metrics.every((metric) => metric.aggregationTemporality === AggregationTemporality.DELTA)).toBe(
      true,
    );
    expect(metrics[0].dataPointType).toBe(DataPointType.HISTOGRAM);
    expect(metrics[0].dataPoints[0].attributes).toEqual({
      env: 'prod',
      http_status: 200,
      endpoint: '/:projectKey/stores',
      http_method: 'GET',
      project_key: 'p',
    });
    const errors = metrics[4].dataPoints;
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ value: 1, attributes: { http_status: 500 } });
  });

  it('leaves svc_error_count out of a window without errors', () => {
    const data = toResourceMetrics('p', mergeTelemetry([batch()])!, []);
    expect(data.scopeMetrics[0].metrics.map((metric) => metric.descriptor.name)).not.toContain(
      'svc_error_count',
    );
  });
});

describe(toLogRecords.name, () => {
  it('keeps the entry as JSON body and as attributes, with the Logs attributes', () => {
    const entry = {
      correlation_id: 'c-12345678',
      duration: 0.01,
      http_method: 'GET',
      http_status: 503,
      http_uri: '/p/stores',
      http_received_bytes: 0,
      http_sent_bytes: 10,
      http_useragent: 'ua',
      timestamp: 1_700_000_000_123,
    };
    const [record] = toLogRecords(
      'p',
      [entry],
      [{ eventType: 'Logs', type: 'String', name: 'team', value: 'x' }],
    );
    expect(record.attributes).toEqual({ ...entry, team: 'x', project_key: 'p' });
    expect(JSON.parse(record.body as string)).toEqual(record.attributes);
    expect(record.severityNumber).toBe(SeverityNumber.ERROR);
    expect(record.hrTime).toEqual([1_700_000_000, 123_000_000]);
  });
});

describe(backoffMs.name, () => {
  it('waits one interval after the first failure, doubling up to the maximum', () => {
    expect([1, 2, 3, 4, 10].map((failures) => backoffMs(failures, 1_000, 5_000))).toEqual([
      1_000, 2_000, 4_000, 5_000, 5_000,
    ]);
  });
});
