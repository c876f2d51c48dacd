import { launchPlatform, type LaunchedPlatform } from '@commerce/platform';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { attributesOf, startHttpReceiver, type OtlpReceiver } from '../insights/otlp-receivers.js';
import { storeDraft } from '../support/factories.js';

/**
 * Traces (docs/OBSERVABILITY.md, "Traces"): a platform of its own exporting to a local OTLP/HTTP receiver. In
 * the distributed run (E2E_MODE=nats) it is the distributed topology, on a NATS server and a database of its
 * own (the suite's services would answer its requests otherwise); in the all-in-one run, one process.
 */
const distributed = process.env.E2E_MODE === 'nats';

interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: string;
  attributes: Record<string, string | number | boolean>;
}

let receiver: OtlpReceiver;
let platform: LaunchedPlatform;
const cleanups: Array<() => Promise<void>> = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startNats(): Promise<string> {
  const port = await freePort();
  const storeDir = await mkdtemp(path.join(os.tmpdir(), 'commerce-e2e-nats-'));
  const child: ChildProcess = spawn(
    process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server',
    ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir],
    { stdio: 'ignore' },
  );
  cleanups.push(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await rm(storeDir, { recursive: true, force: true });
  });
  const deadline = Date.now() + 10_000;
  while (!(await connects(port))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('nats-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return `nats://127.0.0.1:${port}`;
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A fresh database (collation C) on the server of the suite's DATABASE_URL, dropped afterwards. */
async function createDatabase(): Promise<string> {
  const server = new URL(process.env.DATABASE_URL!);
  server.pathname = '/postgres';
  const name = `commerce_e2e_tracing_${Date.now()}_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: server.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
  cleanups.push(() => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Every span the receiver got, with its resource's service name; ids as hex. */
function receivedSpans(): ReceivedSpan[] {
  const hex = (base64?: string) => (base64 ? Buffer.from(base64, 'base64').toString('hex') : undefined);
  return receiver.received
    .filter((entry) => entry.kind === 'traces')
    .flatMap(({ body }) =>
      (body.resourceSpans ?? []).flatMap((resourceSpans: any) => {
        const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name']);
        return (resourceSpans.scopeSpans ?? []).flatMap((scope: any) =>
          (scope.spans ?? []).map((span: any): ReceivedSpan => ({
            service,
            traceId: hex(span.traceId)!,
            spanId: hex(span.spanId)!,
            parentSpanId: hex(span.parentSpanId) || undefined,
            name: span.name,
            kind: span.kind,
            attributes: attributesOf(span.attributes),
          })),
        );
      }),
    );
}

async function call(
  method: string,
  path: string,
  init: { token?: string; body?: unknown; headers?: Record<string, string> },
) {
  const response = await fetch(`${platform.apiUrl}${path}`, {
    method,
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  receiver = await startHttpReceiver();
  const topology = distributed
    ? { NATS_URL: await startNats(), DATABASE_URL: await createDatabase() }
    : { NATS_URL: '', DATABASE_URL: '' };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...topology,
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_BSP_SCHEDULE_DELAY: '100',
    // Six processes start at once: on a busy shared machine that takes longer than the default 90 s.
    READY_TIMEOUT_MS: '240000',
  };
  // An empty NATS_URL or DATABASE_URL reads as unset: the all-in-one mode on its embedded database.
  if (!distributed) {
    delete env.NATS_URL;
    delete env.DATABASE_URL;
  }
  platform = await launchPlatform(env);
}, 300_000);

afterAll(async () => {
  await platform?.stop();
  await receiver?.close();
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 60_000);

describe('traces', () => {
  it('follow one request from the gateway over the bus into the owning service and its SQL', async () => {
    const token = await fetch(`${platform.apiUrl}/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${platform.clientId}:${platform.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    }).then(async (response) => ((await response.json()) as { access_token: string }).access_token);
    const draft = storeDraft();
    expect((await call('POST', `/${platform.projectKey}/stores`, { token, body: draft })).status).toBe(201);

    // The caller's own trace context: the gateway continues it.
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const read = await call('GET', `/${platform.projectKey}/stores/key=${draft.key}`, {
      token,
      headers: { traceparent: `00-${traceId}-${callerSpanId}-01` },
    });
    expect(read.status).toBe(200);

    const gatewayName = distributed ? 'api-gateway' : 'commerce-platform';
    const storesName = distributed ? 'stores-service' : 'commerce-platform';
    const deadline = Date.now() + 20_000;
    let spans: ReceivedSpan[] = [];
    let sql: ReceivedSpan[] = [];
    const byId = () => new Map(spans.map((span) => [span.spanId, span]));
    const underProcess = (span: ReceivedSpan): boolean => {
      const ids = byId();
      for (let parent = ids.get(span.parentSpanId ?? ''); parent; parent = ids.get(parent.parentSpanId ?? ''))
        if (parent.name.startsWith('process stores.')) return true;
      return false;
    };
    for (;;) {
      spans = receivedSpans().filter((span) => span.traceId === traceId);
      sql = spans.filter(
        (span) => span.kind === 'SPAN_KIND_CLIENT' && span.attributes['db.system.name'] === 'postgresql',
      );
      if (sql.some(underProcess) || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    const http = spans.find((span) => span.kind === 'SPAN_KIND_SERVER' && span.attributes['http.route']);
    expect(http).toMatchObject({
      service: gatewayName,
      parentSpanId: callerSpanId,
      name: 'GET /:projectKey/stores/:idOrKey',
      attributes: expect.objectContaining({ 'http.request.method': 'GET', 'http.response.status_code': 200 }),
    });
    const send = spans.find((span) => span.name.startsWith('send stores.'));
    expect(send).toMatchObject({
      service: gatewayName,
      kind: 'SPAN_KIND_CLIENT',
      parentSpanId: http!.spanId,
      attributes: expect.objectContaining({ 'messaging.system': distributed ? 'nats' : 'in-process' }),
    });
    const processed = spans.find(
      (span) => span.name === `process ${send!.attributes['messaging.destination.name']}`,
    );
    expect(processed).toMatchObject({
      service: storesName,
      kind: 'SPAN_KIND_SERVER',
      parentSpanId: send!.spanId,
    });
    // The owning service's SQL, below its span of the request.
    const reads = sql.filter(underProcess);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((span) => span.service === storesName)).toBe(true);
    expect(reads.map((span) => String(span.attributes['db.query.text']))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^SELECT .*stores/is)]),
    );
  });
});
