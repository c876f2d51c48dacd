import { jest } from '@jest/globals';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { failure, newCustomer, updateCustomer, type Api } from '../customers/customer-helpers.js';
import { uniqueKey } from '../support/factories.js';
import { platform } from '../support/platform.js';
import { untilItHolds as eventually } from '../support/retry.js';
import { sdk } from '../support/sdk.js';
import { createdSubscriptions, healthOf } from './subscription-fixtures.js';

/**
 * A Subscription's `status` as the live API reports it, its test notification on create, and the delivery
 * metrics on the Prometheus endpoint. Global setup stops delivery after 3 s of configuration errors
 * (SUBSCRIPTION_CONFIGURATION_ERROR_STOP_MS).
 */

jest.setTimeout(120_000);

const SECRET = 'a-webhook-secret-of-32-characters';

/** How each path of the webhook answers now (202 unless set). */
const answers = new Map<string, number>();
const received: Array<{ path: string; body: Record<string, unknown> }> = [];
let api: Api;
let webhook: http.Server;
let port: number;
const subscriptions = createdSubscriptions(() => api);
const subscription = subscriptions.create;
const statusOf = subscriptions.statusOf;

beforeAll(async () => {
  api = await sdk();
  webhook = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '/';
      const status = answers.get(path) ?? 202;
      if (status < 300) received.push({ path, body: JSON.parse(body) as Record<string, unknown> });
      response.writeHead(status).end();
    });
  });
  webhook.listen(0, '127.0.0.1');
  await once(webhook, 'listening');
  port = (webhook.address() as AddressInfo).port;
});

afterAll(async () => {
  await subscriptions.deleteAll();
  webhook.closeAllConnections();
  webhook.close();
});

const hook = (path: string) => ({ type: 'Webhook', url: `http://127.0.0.1:${port}${path}`, secret: SECRET });

const about = (path: string, resourceId: string) =>
  received.filter(
    (r) => r.path === path && (r.body.resource as { id?: string } | undefined)?.id === resourceId,
  );

/** The delivering process's metrics: the gateway's scrape port (all-in-one), auth-service's probe port (customers). */
async function scrape(): Promise<string> {
  const info = await platform();
  const url =
    info.mode === 'all-in-one'
      ? `http://127.0.0.1:${info.insights.metricsPort}/metrics`
      : `http://127.0.0.1:${info.probePorts!['auth-service']}/metrics`;
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/openmetrics-text');
  return response.text();
}

/** One sample's value (0 when the series does not exist yet). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{([^}]*)\})? (\S+)/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',');
    if (wanted.every((pair) => have.includes(pair)) && have.length === wanted.length) return Number(match[3]);
  }
  return 0;
}

describe('the test notification on create', () => {
  it('refuses a destination that can not be reached or refuses, and writes nothing', async () => {
    // A port nobody listens on: connection refused.
    const closed = http.createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const closedPort = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    answers.set('/forbidden', 403);
    for (const url of [`http://127.0.0.1:${closedPort}/hook`, `http://127.0.0.1:${port}/forbidden`]) {
      const key = uniqueKey('unreach');
      const refused = await failure(
        api
          .subscriptions()
          .post({
            body: {
              key,
              destination: { type: 'Webhook', url, secret: SECRET },
              changes: [{ resourceTypeId: 'customer' }],
            },
          } as never)
          .execute(),
      );
      expect(refused).toMatchObject({
        statusCode: 400,
        error: { code: 'InvalidInput', message: expect.stringContaining('test notification') },
      });
      const { body: page } = await api
        .subscriptions()
        .get({ queryArgs: { where: `key = "${key}"` } })
        .execute();
      expect(page.results).toEqual([]);
    }
  });
});

describe('status', () => {
  it('TemporaryError while the destination answers 503, Healthy once it delivers again', async () => {
    const made = await subscription({
      destination: hook('/flaky'),
      messages: [{ resourceTypeId: 'customer' }],
    });
    expect(made.status).toBe('Healthy');
    // The health endpoint answers without a token: 200 Healthy, 503 TemporaryError.
    expect(await healthOf(made.id)).toBe(200);
    answers.set('/flaky', 503);
    const customer = await newCustomer(api, { key: uniqueKey('flaky') });
    await eventually(async () => {
      expect(await statusOf(made.id)).toBe('TemporaryError');
      expect(await healthOf(made.id)).toBe(503);
    });
    answers.delete('/flaky');
    await eventually(() =>
      expect(about('/flaky', customer.id).map((r) => r.body.type)).toEqual(['CustomerCreated']),
    );
    await eventually(async () => {
      expect(await statusOf(made.id)).toBe('Healthy');
      expect(await healthOf(made.id)).toBe(200);
    });
    expect(await healthOf('00000000-0000-4000-8000-000000000000')).toBe(404);
  });

  it('ConfigurationError on a refusal, delivery stopped (backlog dropped) when it lasts, Healthy on the next delivery', async () => {
    const made = await subscription({
      destination: hook('/refusing'),
      messages: [{ resourceTypeId: 'customer' }],
    });
    const before = await scrape();
    answers.set('/refusing', 403);
    const customer = await newCustomer(api, { key: uniqueKey('refused') });
    await eventually(async () => {
      expect(await statusOf(made.id)).toBe('ConfigurationError');
      expect(await healthOf(made.id)).toBe(400);
    });
    // Retried while it lasts: the webhook refuses again and again, then delivery stops.
    await eventually(async () => {
      expect(await statusOf(made.id)).toBe('ConfigurationErrorDeliveryStopped');
      expect(await healthOf(made.id)).toBe(400);
    });
    const failed = await scrape();
    expect(
      sample(failed, 'subscription_delivery_failures_total', {
        destination_type: 'Webhook',
        kind: 'configuration',
      }),
    ).toBeGreaterThanOrEqual(
      sample(before, 'subscription_delivery_failures_total', {
        destination_type: 'Webhook',
        kind: 'configuration',
      }) + 2,
    );
    // Fixed: what waited was dropped, what is new is delivered and the Subscription is Healthy again.
    answers.delete('/refusing');
    const changed = await updateCustomer(api, customer, { action: 'setFirstName', firstName: 'Again' });
    await eventually(() =>
      expect(about('/refusing', customer.id).map((r) => r.body.resourceVersion)).toEqual([changed.version]),
    );
    await eventually(async () => expect(await statusOf(made.id)).toBe('Healthy'));
    expect(about('/refusing', customer.id).map((r) => r.body.type)).toEqual(['CustomerFirstNameSet']);
  });
});

describe('delivery metrics', () => {
  it('counts deliveries and their lag by destination type on the Prometheus endpoint', async () => {
    const before = await scrape();
    await subscription({ destination: hook('/metered'), messages: [{ resourceTypeId: 'customer' }] });
    const customer = await newCustomer(api, { key: uniqueKey('metered') });
    await updateCustomer(api, customer, { action: 'setFirstName', firstName: 'Counted' });
    await eventually(() => expect(about('/metered', customer.id)).toHaveLength(2));
    const after = await eventually(async () => {
      const text = await scrape();
      const delivered = (t: string) =>
        sample(t, 'subscription_notifications_delivered_total', { destination_type: 'Webhook' });
      expect(delivered(text)).toBeGreaterThanOrEqual(delivered(before) + 2);
      return text;
    });
    const lagCount = (t: string) =>
      sample(t, 'subscription_delivery_lag_seconds_count', { destination_type: 'Webhook' });
    expect(lagCount(after)).toBeGreaterThanOrEqual(lagCount(before) + 2);
    expect(
      sample(after, 'subscription_delivery_lag_seconds_sum', { destination_type: 'Webhook' }),
    ).toBeGreaterThan(0);
    expect(after).toMatch(/^# TYPE subscription_delivery_backlog_age_seconds gauge$/m);
    expect(after).toMatch(/^subscription_delivery_backlog_age_seconds\{destination_type="Webhook"\} \d/m);
  });
});
