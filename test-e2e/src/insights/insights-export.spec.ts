import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { http } from '../support/http.js';
import { platform } from '../support/platform.js';
import { adminToken } from '../support/tokens.js';
import { freePort } from '../support/insights-env.js';
import { insights, putConfiguration, resetConfiguration, updateConfiguration } from './insights-helpers.js';
import {
  logRecords,
  metricPoints,
  startGrpcReceiver,
  startHttpReceiver,
  waitFor,
  type OtlpReceiver,
} from './otlp-receivers.js';

const SECRET_A = `nr-key-${randomUUID()}`;
const SECRET_B = `dt-token-${randomUUID()}`;
const SECRET_C = `dd-key-${randomUUID()}`;
const SECRET_HEADER = `header-${randomUUID()}`;
const SECRET_GRPC_HEADER = `grpc-header-${randomUUID()}`;

let grpcReceiver: OtlpReceiver;
let httpReceiver: OtlpReceiver;
let vendorReceiver: OtlpReceiver;

const correlationId = () => `insights-e2e-${randomUUID()}`;

/** A request through the gateway with a known correlation id. */
async function traffic(path: string, id: string) {
  const { projectKey } = await platform();
  return http('GET', `/${projectKey}/${path}`, {
    token: await adminToken(),
    headers: { 'x-correlation-id': id, 'user-agent': 'insights-e2e-agent' },
  });
}

/** How many telemetry batches the gateway has shipped (its Prometheus counter). */
async function sentBatches(): Promise<number> {
  const { insights: info } = await platform();
  const text = await (await fetch(`http://127.0.0.1:${info.metricsPort}/metrics`)).text();
  return Number(/insights_telemetry_batches_total\{result="sent"\} (\d+)/.exec(text)?.[1] ?? 0);
}

const logsWith = (receiver: OtlpReceiver, id: string) =>
  logRecords(receiver.received).filter((log) => log.attributes.correlation_id === id);

beforeAll(async () => {
  const { insights: info } = await platform();
  [grpcReceiver, httpReceiver, vendorReceiver] = await Promise.all([
    startGrpcReceiver(),
    startHttpReceiver(),
    startHttpReceiver(info.vendorReceiverPort),
  ]);
  await resetConfiguration();
  await putConfiguration({
    providers: [
      {
        type: 'Otlp',
        eventTypes: ['Metrics', 'Logs'],
        endpoint: grpcReceiver.url,
        headers: [{ name: 'x-grpc-token', value: SECRET_GRPC_HEADER }],
      },
      {
        type: 'OtlpHttp',
        eventTypes: ['Metrics', 'Logs'],
        endpoint: `${httpReceiver.url}/collector`,
        headers: [{ name: 'x-collector-token', value: SECRET_HEADER }],
      },
      { type: 'VendorA', eventTypes: ['Metrics', 'Logs'], region: 'eu', apiKey: SECRET_A },
      { type: 'VendorBSaaS', eventTypes: ['Metrics', 'Logs'], environmentId: 'abc12345', apiKey: SECRET_B },
      { type: 'VendorC', eventTypes: ['Metrics', 'Logs'], site: 'EU1', apiKey: SECRET_C },
    ],
    additionalAttributes: [
      { eventType: 'Logs', type: 'String', name: 'team', value: 'checkout' },
      { eventType: 'Metrics', type: 'String', name: 'deployment', value: 'e2e-metrics' },
    ],
  });
});

afterAll(async () => {
  await resetConfiguration();
  await Promise.all([grpcReceiver?.close(), httpReceiver?.close(), vendorReceiver?.close()]);
});

describe('insights export through OpenTelemetry', () => {
  it('exports metrics with the svc_* names and attributes, and access logs with the correlation id, over gRPC and HTTP', async () => {
    const id = correlationId();
    const missing = correlationId();
    const anonymous = correlationId();
    // Unauthenticated: it belongs to no project, so it is never exported (recorded before `id`, so its
    // batch would have been exported no later than the one holding `id`).
    const refused = await http('GET', '/e2e/stores', { headers: { 'x-correlation-id': anonymous } });
    expect(refused.status).toBe(401);
    expect((await traffic('stores?limit=1', id)).status).toBe(200);
    expect((await traffic(`stores/key=missing-${randomUUID()}`, missing)).status).toBe(404);

    for (const receiver of [grpcReceiver, httpReceiver]) {
      const [log] = await waitFor(() => {
        const found = logsWith(receiver, id);
        return found.length > 0 && found;
      }, `the access log of ${id}`);
      expect(log.attributes).toMatchObject({
        correlation_id: id,
        http_method: 'GET',
        http_status: 200,
        http_uri: '/e2e/stores?limit=1',
        http_useragent: 'insights-e2e-agent',
        team: 'checkout',
        project_key: 'e2e',
      });
      expect(log.attributes.duration).toEqual(expect.any(Number));
      expect(log.attributes.http_sent_bytes).toBeGreaterThan(0);
      expect(log.attributes.http_received_bytes).toBe(0);
      expect(log.attributes.timestamp).toBeGreaterThan(Date.now() - 600_000);
      expect(JSON.parse(log.body)).toMatchObject({ correlation_id: id, team: 'checkout' });
      await waitFor(() => logsWith(receiver, missing).length > 0, `the access log of ${missing}`);
      expect(logsWith(receiver, anonymous)).toEqual([]);

      const points = await waitFor(() => {
        const found = metricPoints(receiver.received);
        return found.some((p) => p.metric === 'svc_error_count') && found;
      }, 'the metrics');
      const expected = {
        endpoint: '/:projectKey/stores',
        http_method: 'GET',
        http_status: 200,
        project_key: 'e2e',
      };
      for (const name of ['svc_time_sec', 'svc_response_count', 'svc_sent_bytes']) {
        expect(points.filter((p) => p.metric === name).map((p) => p.attributes)).toContainEqual({
          ...expected,
          deployment: 'e2e-metrics',
        });
      }
      const histogram = points.find(
        (p) => p.metric === 'svc_time_sec' && p.attributes.endpoint === expected.endpoint,
      )!;
      expect(Number(histogram.point.count)).toBeGreaterThanOrEqual(1);
      expect(histogram.point.explicitBounds).toContain(0.1);
      const errors = points.filter((p) => p.metric === 'svc_error_count');
      expect(errors.length).toBeGreaterThan(0);
      for (const error of errors) {
        expect(Number(error.attributes.http_status)).toBeGreaterThanOrEqual(400);
        // The route template, never the raw path.
        expect(String(error.attributes.endpoint)).not.toContain('missing-');
      }
      expect(errors.map((e) => e.attributes)).toContainEqual(
        expect.objectContaining({
          http_status: 404,
          http_method: 'GET',
          endpoint: expect.stringContaining(':'),
        }),
      );
    }
    expect(httpReceiver.received.every((r) => r.path.startsWith('/collector/v1/'))).toBe(true);
    expect(httpReceiver.received[0].headers['x-collector-token']).toBe(SECRET_HEADER);
    expect(httpReceiver.received[0].headers['content-type']).toBe('application/x-protobuf');
    expect(grpcReceiver.received[0].headers['x-grpc-token']).toBe(SECRET_GRPC_HEADER);
  });

  it('sends to each vendor at its endpoint with the API key in the header the vendor documents', async () => {
    const id = correlationId();
    await traffic('stores?limit=2', id);
    const byVendor = (prefix: string) => vendorReceiver.received.filter((r) => r.path.startsWith(prefix));
    await waitFor(
      () =>
        ['/vendor-a/eu/', '/vendor-b/abc12345/', '/vendor-c/EU1/'].every((prefix) =>
          logRecords(byVendor(prefix)).some((log) => log.attributes.correlation_id === id),
        ),
      'the logs at every vendor',
    );
    for (const [prefix, header, value] of [
      ['/vendor-a/eu/', 'api-key', SECRET_A],
      ['/vendor-b/abc12345/', 'authorization', `Api-Token ${SECRET_B}`],
      ['/vendor-c/EU1/', 'dd-api-key', SECRET_C],
    ]) {
      const requests = byVendor(prefix);
      expect(new Set(requests.map((r) => r.path))).toEqual(
        new Set([`${prefix}v1/metrics`, `${prefix}v1/logs`]),
      );
      for (const request of requests) expect(request.headers[header]).toBe(value);
    }
    const configuration = await insights('GET');
    expect(configuration.body.providers.map((p: { valid: boolean }) => p.valid)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  it('a deactivated provider gets nothing while the others do', async () => {
    await updateConfiguration([{ action: 'setActive', provider: 'Otlp', active: false }]);
    const id = correlationId();
    await traffic('stores?limit=3', id);
    await waitFor(() => logsWith(httpReceiver, id).length > 0, 'the log at the active provider');
    expect(logsWith(grpcReceiver, id)).toEqual([]);
    await updateConfiguration([{ action: 'setActive', provider: 'Otlp', active: true }]);
  });

  it('an unreachable endpoint turns valid false, while the API keeps answering', async () => {
    const closedPort = await freePort();
    await updateConfiguration([
      {
        action: 'setProvider',
        provider: {
          type: 'OtlpHttp',
          eventTypes: ['Metrics', 'Logs'],
          endpoint: `http://127.0.0.1:${closedPort}`,
        },
      },
    ]);
    await waitFor(async () => {
      expect((await traffic('stores?limit=1', correlationId())).status).toBe(200);
      const { body } = await insights('GET');
      return body.providers.find((p: { type: string }) => p.type === 'OtlpHttp').valid === false;
    }, 'OtlpHttp to turn invalid');
    const { body } = await insights('GET');
    expect(body.providers.find((p: { type: string }) => p.type === 'Otlp').valid).toBe(true);
    // Pointed back at a working receiver, the provider becomes valid again.
    await updateConfiguration([
      {
        action: 'setProvider',
        provider: { type: 'OtlpHttp', eventTypes: ['Logs'], endpoint: `${httpReceiver.url}/collector` },
      },
    ]);
    const id = correlationId();
    await traffic('stores?limit=1', id);
    await waitFor(() => logsWith(httpReceiver, id).length > 0, 'the log after recovery');
  });

  it('a deactivated configuration exports nothing: what the gateway collects meanwhile is dropped', async () => {
    await updateConfiguration([{ action: 'deactivate' }]);
    const hidden = correlationId();
    await traffic('stores?limit=4', hidden);
    const before = await sentBatches();
    // Two more shipped batches: the one holding `hidden` has reached insights-service while inactive.
    await waitFor(async () => {
      await traffic('stores?limit=5', correlationId());
      return (await sentBatches()) >= before + 2;
    }, 'two more gateway batches');
    await updateConfiguration([{ action: 'activate' }]);
    const shown = correlationId();
    await traffic('stores?limit=4', shown);
    await waitFor(() => logsWith(httpReceiver, shown).length > 0, 'the log after activation');
    expect(logsWith(httpReceiver, hidden)).toEqual([]);
    expect(logsWith(grpcReceiver, hidden)).toEqual([]);
  });

  it('serves the same metrics across projects, plus process and event-loop metrics, on the Prometheus port', async () => {
    const { insights: info } = await platform();
    const response = await fetch(`http://127.0.0.1:${info.metricsPort}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/openmetrics-text');
    const text = await response.text();
    expect(text).toMatch(
      /svc_response_count_total\{[^}]*endpoint="\/:projectKey\/stores"[^}]*project_key="e2e"[^}]*\} \d+/,
    );
    expect(text).toMatch(/svc_time_sec_bucket\{/);
    expect(text).toMatch(/svc_error_count_total\{[^}]*http_status="404"/);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).not.toContain('missing-');
    expect((await fetch(`http://127.0.0.1:${info.metricsPort}/other`)).status).toBe(404);
  });

  it('never writes an API key or header value into a response or a log line', async () => {
    const { body } = await insights('GET');
    const text = JSON.stringify(body);
    const { insights: info } = await platform();
    const logs = await readFile(info.logFile, 'utf8');
    // The capture works: the platform's info-level lines of this suite are there.
    expect(logs).toContain('insights-e2e-');
    for (const secret of [SECRET_A, SECRET_B, SECRET_C, SECRET_HEADER, SECRET_GRPC_HEADER]) {
      expect(text).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
  });
});
