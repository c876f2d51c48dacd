import { jest } from '@jest/globals';
import type { SubscriptionDraft } from '@commercetools/platform-sdk';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { failure, newCustomer, updateCustomer, type Api } from '../customers/customer-helpers.js';
import { uniqueKey } from '../support/factories.js';
import { untilItHolds as eventually } from '../support/retry.js';
import { sdk } from '../support/sdk.js';
import { createdSubscriptions } from './subscription-fixtures.js';

const SECRET = 'a-webhook-secret-of-32-characters';

jest.setTimeout(120_000);

/** What the webhook received: the delivery id, the verified body and whether its signature held. */
interface Received {
  path: string;
  deliveryId: string;
  body: Record<string, unknown>;
  signed: boolean;
}

let api: Api;
let webhook: http.Server;
let port: number;
/** While true, the webhook answers 503 (a destination that is down). */
let down = false;
const received: Received[] = [];
const subscriptions = createdSubscriptions(() => api);
const subscription = subscriptions.create;

function verify(signature: string | undefined, body: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature ?? '');
  if (!match) return false;
  return createHmac('sha256', SECRET).update(`${match[1]}.${body}`).digest('hex') === match[2];
}

function listen(server: http.Server, at = 0): Promise<number> {
  server.listen(at, '127.0.0.1');
  return once(server, 'listening').then(() => (server.address() as AddressInfo).port);
}

function webhookServer(): http.Server {
  return http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (down) {
        response.writeHead(503).end();
        return;
      }
      received.push({
        path: request.url ?? '/',
        deliveryId: String(request.headers['x-commerce-delivery-id']),
        body: JSON.parse(body) as Record<string, unknown>,
        signed: verify(request.headers['x-commerce-signature'] as string | undefined, body),
      });
      response.writeHead(202).end();
    });
  });
}

beforeAll(async () => {
  api = await sdk();
  webhook = webhookServer();
  port = await listen(webhook);
});

afterAll(async () => {
  await subscriptions.deleteAll();
  webhook.closeAllConnections();
  webhook.close();
});

const hook = (path: string) => ({ type: 'Webhook', url: `http://127.0.0.1:${port}${path}`, secret: SECRET });

/** Waits until `check` passes (notifications arrive asynchronously). */
const about = (resourceId: string) =>
  received.filter((r) => {
    const body = r.body as { resource?: { id: string }; data?: { resource?: { id: string } } };
    return (body.resource?.id ?? body.data?.resource?.id) === resourceId;
  });

describe('the Subscription resource', () => {
  it('creates after a signed test notification, hides the secret and applies every update action', async () => {
    const key = uniqueKey('sub');
    const made = await subscription({ key, destination: hook('/crud'), changes: [{ resourceTypeId: 'channel' }] });
    expect(made).toMatchObject({
      key,
      version: 1,
      status: 'Healthy',
      format: { type: 'Platform' },
      messages: [],
      changes: [{ resourceTypeId: 'channel' }],
      events: [],
      destination: { type: 'Webhook', url: `http://127.0.0.1:${port}/crud`, secret: '****' },
    });
    expect(JSON.stringify(made)).not.toContain(SECRET);
    const test = about(made.id);
    expect(test).toHaveLength(1);
    expect(test[0]).toMatchObject({
      signed: true,
      body: { notificationType: 'ResourceCreated', resource: { typeId: 'subscription', id: made.id }, version: 1 },
    });

    const { body: updated } = await api
      .subscriptions()
      .withKey({ key })
      .post({
        body: {
          version: made.version,
          actions: [
            { action: 'setMessages', messages: [{ resourceTypeId: 'customer', types: ['CustomerCreated'] }] },
            { action: 'setChanges', changes: [{ resourceTypeId: 'customer' }] },
            { action: 'setEvents', events: [{ resourceTypeId: 'import-api', types: ['ImportContainerCreated'] }] },
            { action: 'changeDestination', destination: hook('/crud-2') as never },
            { action: 'setKey', key: `${key}-2` },
          ],
        },
      })
      .execute();
    expect(updated).toMatchObject({
      key: `${key}-2`,
      version: 2,
      messages: [{ resourceTypeId: 'customer', types: ['CustomerCreated'] }],
      changes: [{ resourceTypeId: 'customer' }],
      events: [{ resourceTypeId: 'import-api', types: ['ImportContainerCreated'] }],
      destination: { type: 'Webhook', url: `http://127.0.0.1:${port}/crud-2` },
    });
    // changeDestination sends a test notification too.
    expect(about(made.id)).toHaveLength(2);
    const { body: read } = await api.subscriptions().withId({ ID: made.id }).get().execute();
    expect(read).toEqual(updated);
    const { body: page } = await api
      .subscriptions()
      .get({ queryArgs: { where: `key = "${key}-2"` } })
      .execute();
    expect(page.results.map((one) => one.id)).toEqual([made.id]);
    // `where` names any field of the shape, a destination's own by its type too (the query schema is derived).
    const { body: byShape } = await api
      .subscriptions()
      .get({
        queryArgs: {
          where: [`destination(url = "http://127.0.0.1:${port}/crud-2")`, 'events(resourceTypeId = "import-api")'],
        },
      })
      .execute();
    expect(byShape.results.map((one) => one.id)).toEqual([made.id]);
    // Nothing left subscribed is refused.
    const empty = await failure(
      api
        .subscriptions()
        .withId({ ID: made.id })
        .post({
          body: {
            version: updated.version,
            actions: [{ action: 'setMessages' }, { action: 'setChanges' }, { action: 'setEvents' }],
          },
        })
        .execute(),
    );
    expect(empty).toMatchObject({ statusCode: 400, error: { code: 'InvalidInput' } });
  });

  it("validates the live API's destination shapes and refuses what can not take the test notification", async () => {
    const shapes: Array<[Record<string, unknown>, string]> = [
      [{ type: 'SQS', queueUrl: 'not a url', region: 'eu-west-1', authenticationMode: 'IAM' }, 'InvalidInput'],
      [{ type: 'SQS', queueUrl: 'https://sqs.eu-west-1.amazonaws.com/1/q', region: 'nowhere' }, 'InvalidInput'],
      [{ type: 'SNS', topicArn: 'arn:aws:sns:eu-west-1:123:t', authenticationMode: 'IAM' }, 'InvalidInput'],
      [{ type: 'EventBridge', region: 'eu-west-1', accountId: '12', source: 's' }, 'InvalidInput'],
      [{ type: 'EventGrid', uri: 'https://x.eventgrid.azure.net/api/events' }, 'InvalidJsonInput'],
      [{ type: 'AzureServiceBus', connectionString: 'nonsense' }, 'InvalidInput'],
      [{ type: 'GoogleCloudPubSub', projectId: 'UPPER', topic: 't' }, 'InvalidInput'],
      [{ type: 'ConfluentCloud', bootstrapServer: 'x:9092', apiKey: 'k', apiSecret: 's', acks: '7', topic: 't' }, 'InvalidInput'],
      [{ type: 'Webhook', url: `http://127.0.0.1:${port}/x`, secret: 'short' }, 'InvalidInput'],
      [{ type: 'NATS', subject: 'orders.*' }, 'InvalidInput'],
      [{ type: 'Pigeon' }, 'InvalidJsonInput'],
    ];
    for (const [destination, code] of shapes) {
      const refused = await failure(
        api
          .subscriptions()
          .post({ body: { destination, changes: [{ resourceTypeId: 'customer' }] } as unknown as SubscriptionDraft })
          .execute(),
      );
      expect([destination.type, refused]).toMatchObject([destination.type, { statusCode: 400, error: { code } }]);
    }
    // A well-formed SQS destination this installation can not reach: the test notification fails, nothing is written.
    const key = uniqueKey('sub');
    const unreachable = await failure(
      api
        .subscriptions()
        .post({
          body: {
            key,
            destination: {
              type: 'SQS',
              queueUrl: 'https://sqs.eu-west-1.amazonaws.com/000000000000/orders',
              region: 'eu-west-1',
              accessKey: 'AKIAEXAMPLE',
              accessSecret: 'an-aws-secret-access-key-1234',
              authenticationMode: 'Credentials',
            },
            messages: [{ resourceTypeId: 'order' }],
          },
        })
        .execute(),
    );
    expect(unreachable).toMatchObject({ statusCode: 400, error: { code: 'InvalidInput' } });
    const { body: page } = await api
      .subscriptions()
      .get({ queryArgs: { where: `key = "${key}"` } })
      .execute();
    expect(page.results).toEqual([]);
    // A webhook that refuses the test notification refuses the create.
    down = true;
    try {
      const refused = await failure(
        api.subscriptions().post({ body: { destination: hook('/down'), changes: [{ resourceTypeId: 'customer' }] } as never }).execute(),
      );
      expect(refused).toMatchObject({ statusCode: 400, error: { code: 'InvalidInput' } });
    } finally {
      down = false;
    }
  });
});

describe('delivering to a webhook', () => {
  it('delivers a Message, a change notification and CloudEvents, signed, each with its delivery id', async () => {
    const cloud = await subscription({
      destination: hook('/cloud'),
      messages: [{ resourceTypeId: 'customer', types: ['CustomerCreated'] }],
      changes: [{ resourceTypeId: 'customer' }],
      format: { type: 'CloudEvents', cloudEventsVersion: '1.0' },
    });
    const platform = await subscription({ destination: hook('/platform'), messages: [{ resourceTypeId: 'customer' }] });
    const customer = await newCustomer(api, { key: uniqueKey('subcust') });
    await updateCustomer(api, customer, { action: 'setFirstName', firstName: 'Noticed' });
    const events = await eventually(() => {
      const found = about(customer.id).filter((r) => r.path === '/cloud');
      expect(found.map((r) => r.body.type)).toEqual([
        'com.commercetools.customer.message.CustomerCreated',
        'com.commercetools.customer.change.ResourceCreated',
        'com.commercetools.customer.change.ResourceUpdated',
      ]);
      return found;
    });
    expect(events.every((r) => r.signed)).toBe(true);
    const [message, createdChange, updatedChange] = events.map((r) => r.body as Record<string, any>);
    expect(message).toMatchObject({
      specversion: '1.0',
      source: expect.stringMatching(/\/customers$/),
      subject: customer.id,
      sequence: '1',
      sequencetype: 'Integer',
      data: { notificationType: 'Message', type: 'CustomerCreated', resource: { typeId: 'customer', id: customer.id } },
    });
    expect(message.id).toBe(message.data.id);
    expect(createdChange.data).toMatchObject({ notificationType: 'ResourceCreated', version: 1 });
    expect(updatedChange.data).toMatchObject({ notificationType: 'ResourceUpdated', version: 2, oldVersion: 1 });
    expect(new Set(events.map((r) => r.deliveryId)).size).toBe(3);
    expect(events.map((r) => r.deliveryId)).toEqual(events.map((r) => (r.body as { id: string }).id));
    // The Platform format: the Message as the Messages API shows it, with notificationType.
    const plain = await eventually(() => {
      const found = about(customer.id).filter((r) => r.path === '/platform');
      expect(found.map((r) => r.body.type)).toEqual(['CustomerCreated', 'CustomerFirstNameSet']);
      return found;
    });
    expect(plain[1].body).toMatchObject({ projectKey: expect.any(String), sequenceNumber: 2, resourceVersion: 2 });
    expect(plain.map((r) => r.deliveryId)).toEqual(plain.map((r) => r.body.id));
    expect(cloud.format).toEqual({ type: 'CloudEvents', cloudEventsVersion: '1.0' });
    expect(platform.format).toEqual({ type: 'Platform' });
  });

  it('loses nothing while the destination is down: every notification once per id, in order per resource', async () => {
    const made = await subscription({ destination: hook('/outage'), messages: [{ resourceTypeId: 'customer' }] });
    const customers = await Promise.all([0, 1, 2].map(() => newCustomer(api, { key: uniqueKey('outage') })));
    // The destination goes away mid-stream: closed, then answering 503, then back.
    webhook.closeAllConnections();
    webhook.close();
    await once(webhook, 'close');
    const versions = new Map(customers.map((c) => [c.id, c.version]));
    for (let round = 0; round < 4; round += 1) {
      for (const customer of customers) {
        const changed = await updateCustomer(api, { id: customer.id, version: versions.get(customer.id)! }, {
          action: 'setFirstName',
          firstName: `Round ${round}`,
        });
        versions.set(customer.id, changed.version);
      }
      if (round === 1) {
        webhook = webhookServer();
        down = true;
        await listen(webhook, port);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const { body: troubled } = await api.subscriptions().withId({ ID: made.id }).get().execute();
    expect(['TemporaryError', 'Healthy']).toContain(troubled.status);
    down = false;
    for (const customer of customers) {
      const got = await eventually(() => {
        const mine = about(customer.id).filter((r) => r.path === '/outage');
        const unique = [...new Map(mine.map((r) => [r.deliveryId, r])).values()];
        expect(unique.map((r) => r.body.sequenceNumber)).toEqual([1, 2, 3, 4, 5]);
        return { mine, unique };
      }, 60_000);
      // In order per resource even counting repeats: a repeat is never later than a newer notification.
      const sequence = got.mine.map((r) => r.body.sequenceNumber as number);
      expect([...sequence].sort((a, b) => a - b)).toEqual(sequence);
    }
    // Delivering again makes it Healthy.
    await eventually(async () => {
      const { body } = await api.subscriptions().withId({ ID: made.id }).get().execute();
      expect(body.status).toBe('Healthy');
    });
  });
});

describe('delivering to NATS JetStream', () => {
  let nats: ChildProcess;
  let nc: NatsConnection;
  let natsUrl: string;

  beforeAll(async () => {
    const free = createServer();
    free.listen(0, '127.0.0.1');
    await once(free, 'listening');
    const natsPort = (free.address() as AddressInfo).port;
    free.close();
    nats = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', mkdtempSync(join(tmpdir(), 'subs-nats-'))], {
      stdio: 'ignore',
    });
    natsUrl = `nats://127.0.0.1:${natsPort}`;
    nc = await eventually(() => connect({ servers: natsUrl }), 10_000);
    const manager = await jetstreamManager(nc);
    await manager.streams.add({ name: 'NOTIFICATIONS', subjects: ['notifications.>'], duplicate_window: 600_000_000_000 });
  });

  afterAll(async () => {
    await nc?.close();
    nats?.kill();
  });

  it('publishes a Message, a change notification and a CloudEvent with the delivery id as Nats-Msg-Id', async () => {
    const subject = `notifications.${uniqueKey('s').replace(/[^A-Za-z0-9_-]/g, '')}`;
    await subscription({
      destination: { type: 'NATS', url: natsUrl, subject },
      messages: [{ resourceTypeId: 'customer' }],
      changes: [{ resourceTypeId: 'customer' }],
      format: { type: 'CloudEvents', cloudEventsVersion: '1.0' },
    });
    const customer = await newCustomer(api, { key: uniqueKey('natscust') });
    const js = jetstream(nc);
    const consumer = await js.consumers.get('NOTIFICATIONS', { filter_subjects: subject });
    const bodies: Array<{ msgId?: string; body: Record<string, any> }> = [];
    await eventually(async () => {
      const batch = await consumer.fetch({ max_messages: 10, expires: 1000 });
      for await (const m of batch) bodies.push({ msgId: m.headers?.get('Nats-Msg-Id'), body: m.json() });
      const mine = bodies.filter((b) => b.body.subject === customer.id);
      if (mine.length < 2) throw new Error(`only ${mine.length} notifications so far`);
      return mine;
    });
    const mine = bodies.filter((b) => b.body.subject === customer.id);
    expect(mine.map((b) => b.body.type)).toEqual([
      'com.commercetools.customer.message.CustomerCreated',
      'com.commercetools.customer.change.ResourceCreated',
    ]);
    expect(mine.map((b) => b.msgId)).toEqual(mine.map((b) => b.body.id));
    expect(mine[0].body.data).toMatchObject({ notificationType: 'Message', type: 'CustomerCreated' });
  });
});
