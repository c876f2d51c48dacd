import { jest } from '@jest/globals';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { failure, newCustomer, updateCustomer, type Api } from '../customers/customer-helpers.js';
import { uniqueKey } from '../support/factories.js';
import { platform } from '../support/platform.js';
import { untilItHolds as eventually } from '../support/retry.js';
import { sdk } from '../support/sdk.js';
import { createdSubscriptions } from './subscription-fixtures.js';
import { KafkaBroker } from './stand-ins/kafka-broker.js';
import { PubSubEmulator } from './stand-ins/pubsub.js';
import { ServiceBusNamespace } from './stand-ins/service-bus.js';

/**
 * Azure Event Grid, Azure Service Bus, Google Cloud Pub/Sub and Confluent Cloud, each delivered through the
 * vendor's official client (kafkajs for Kafka: docs/DECISIONS.md) to a local stand-in that speaks the vendor's
 * wire protocol, since none of the services runs on these machines (docs/INTEGRATIONS.md): Event Grid's HTTPS
 * publish API (here plain http, which the e2e outbound policy allows), Service Bus's AMQP 1.0 with its
 * claims-based authorization, Pub/Sub's gRPC Publisher and Kafka's binary protocol with SASL PLAIN.
 */

jest.setTimeout(120_000);

let api: Api;
const subscriptions = createdSubscriptions(() => api);
const { created } = subscriptions;
const subscription = subscriptions.create;
const statusOf = subscriptions.statusOf;

async function refusal(destination: Record<string, unknown>) {
  const key = uniqueKey('refused');
  const refused = await failure(
    api
      .subscriptions()
      .post({ body: { key, destination, changes: [{ resourceTypeId: 'customer' }] } as never })
      .execute(),
  );
  const { body: page } = await api
    .subscriptions()
    .get({ queryArgs: { where: `key = "${key}"` } })
    .execute();
  expect(page.results).toEqual([]);
  return refused;
}

/**
 * What every destination must do: the test notification on create; a customer's Message and change
 * notifications in the Platform format; a CloudEvent in the CloudEvents format; TemporaryError while the
 * destination fails and Healthy again once it takes what waited; ConfigurationError while it refuses.
 */
async function deliversEverything(options: {
  destination: Record<string, unknown>;
  /** The notifications the destination holds now, oldest first, with the delivery id it carried. */
  received: () => Array<{ body: Record<string, any>; deliveryId: string }>;
  /** `down`: the destination fails as it may for a while; `refuse`: it refuses (permissions); `ok`: it takes. */
  set: (mode: 'ok' | 'down' | 'refuse') => void;
}) {
  const about = (id: string) => options.received().filter((n) => (n.body.data ?? n.body).resource?.id === id);
  const platformFormat = await subscription({
    destination: options.destination,
    messages: [{ resourceTypeId: 'customer', types: ['CustomerCreated'] }],
    changes: [{ resourceTypeId: 'customer' }],
  });
  expect(about(platformFormat.id).map((n) => n.body)).toEqual([
    expect.objectContaining({ notificationType: 'ResourceCreated', resource: { typeId: 'subscription', id: platformFormat.id } }),
  ]);
  const cloudFormat = await subscription({
    destination: options.destination,
    messages: [{ resourceTypeId: 'customer' }],
    format: { type: 'CloudEvents', cloudEventsVersion: '1.0' },
  });
  expect(about(cloudFormat.id).map((n) => n.body)).toEqual([
    expect.objectContaining({ specversion: '1.0', type: 'com.commercetools.subscription.change.ResourceCreated' }),
  ]);

  const customer = await newCustomer(api, { key: uniqueKey('vendor') });
  const updated = await updateCustomer(api, customer, { action: 'setFirstName', firstName: 'Delivered' });
  const mine = await eventually(() => {
    const found = about(customer.id);
    expect(found.filter((n) => !n.body.specversion).map((n) => n.body.notificationType)).toEqual([
      'Message',
      'ResourceCreated',
      'ResourceUpdated',
    ]);
    expect(found.filter((n) => n.body.specversion).map((n) => n.body.type)).toEqual([
      'com.commercetools.customer.message.CustomerCreated',
      'com.commercetools.customer.message.CustomerFirstNameSet',
    ]);
    return found;
  });
  const message = mine.find((n) => n.body.notificationType === 'Message')!;
  expect(message.body).toMatchObject({ type: 'CustomerCreated', sequenceNumber: 1 });
  expect(message.deliveryId).toBe(message.body.id);
  expect(mine.find((n) => n.body.notificationType === 'ResourceUpdated')).toMatchObject({
    deliveryId: `${customer.id}:2:ResourceUpdated`,
    body: { version: 2, oldVersion: 1 },
  });
  const cloudEvent = mine.find((n) => n.body.type === 'com.commercetools.customer.message.CustomerCreated')!;
  expect(cloudEvent.body).toMatchObject({ id: cloudEvent.deliveryId, subject: customer.id, data: { type: 'CustomerCreated' } });

  // The destination fails: TemporaryError, nothing lost; back: Healthy, and what waited arrives in order.
  options.set('down');
  const later = await updateCustomer(api, updated, { action: 'setLastName', lastName: 'Waited' });
  await eventually(async () => expect(await statusOf(platformFormat.id)).toBe('TemporaryError'));
  options.set('ok');
  await eventually(async () => expect(await statusOf(platformFormat.id)).toBe('Healthy'));
  await eventually(() =>
    expect(
      about(customer.id)
        .filter((n) => n.body.notificationType === 'ResourceUpdated')
        .map((n) => n.body.version),
    ).toEqual([2, later.version]),
  );

  // The destination refuses (the e2e platform stops delivery after 3 s of it): ConfigurationError first.
  options.set('refuse');
  const refused = await updateCustomer(api, later, { action: 'setFirstName', firstName: 'Refused' });
  await eventually(async () => expect(await statusOf(platformFormat.id)).toBe('ConfigurationError'), 10_000);
  options.set('ok');
  await updateCustomer(api, refused, { action: 'setLastName', lastName: 'Taken' });
  await eventually(async () => expect(await statusOf(platformFormat.id)).toBe('Healthy'));
}

beforeAll(async () => {
  api = await sdk();
});

afterAll(() => subscriptions.deleteAll());

describe('Azure Event Grid through @azure/eventgrid', () => {
  const KEY = 'the-access-key-of-the-orders-topic';
  const events: Array<{ schema: string; event: Record<string, any>; body: Record<string, any>; deliveryId: string }> = [];
  let mode: 'ok' | 'down' | 'refuse' = 'ok';
  let server: http.Server;
  let uri: (topic: string) => string;

  beforeAll(async () => {
    // An Event Grid topic's publish endpoint: POST /api/events?api-version=2018-01-01, the key in aeg-sas-key.
    server = http.createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        const answer = (status: number, code?: string, message?: string) =>
          response
            .writeHead(status, { 'content-type': 'application/json' })
            .end(code ? JSON.stringify({ error: { code, message } }) : undefined);
        const url = new URL(request.url!, 'http://stand-in');
        if (url.pathname !== '/orders/api/events') return answer(404, 'NotFound', 'The topic does not exist.');
        if (request.headers['aeg-sas-key'] !== KEY || mode === 'refuse') return answer(401, 'Unauthorized', 'The request authorization key is not authorized.');
        if (mode === 'down') return answer(503, 'ServiceUnavailable', 'The service is unavailable.');
        const cloud = String(request.headers['content-type']).startsWith('application/cloudevents-batch+json');
        for (const event of JSON.parse(text) as Array<Record<string, any>>) {
          // The Event Grid schema carries the notification as its data; a CloudEvent is the notification.
          events.push({ schema: cloud ? 'CloudEvent' : 'EventGrid', event, body: cloud ? event : event.data, deliveryId: event.id });
        }
        answer(url.searchParams.get('api-version') === '2018-01-01' ? 200 : 400);
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    uri = (topic) => `http://127.0.0.1:${port}/${topic}/api/events`;
  });

  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('publishes Messages, changes and CloudEvents to the topic with its key, which is never shown', async () => {
    await deliversEverything({
      destination: { type: 'EventGrid', uri: uri('orders'), accessKey: KEY },
      received: () => events,
      set: (next) => (mode = next),
    });
    expect(new Set(events.map((e) => e.schema))).toEqual(new Set(['EventGrid', 'CloudEvent']));
    // An Event Grid schema event: the notification type as its eventType, the notification as its data.
    const gridEvent = events.find((e) => e.schema === 'EventGrid' && e.body.notificationType === 'Message')!;
    expect(gridEvent.event).toMatchObject({ eventType: 'CustomerCreated', dataVersion: '1.0', id: gridEvent.body.id });
    const { body } = await api.subscriptions().withId({ ID: created.at(-1)!.id }).get().execute();
    expect(body.destination).toEqual({ type: 'EventGrid', uri: uri('orders'), accessKey: '****opic' });
  });

  it('refuses the create when Event Grid refuses the key or knows no such topic', async () => {
    expect(await refusal({ type: 'EventGrid', uri: uri('orders'), accessKey: 'not-the-key' })).toMatchObject({
      statusCode: 400,
      error: { code: 'InvalidInput', message: expect.stringContaining('(401)') },
    });
    expect(await refusal({ type: 'EventGrid', uri: uri('gone'), accessKey: KEY })).toMatchObject({
      error: { code: 'InvalidInput', message: expect.stringContaining('(404)') },
    });
  });
});

describe('Azure Service Bus through @azure/service-bus (AMQP 1.0)', () => {
  const KEY = 'c2VydmljZS1idXMta2V5LWZvci1lMmUtdGVzdHMhIQ==';
  let namespace: ServiceBusNamespace;

  beforeAll(async () => {
    namespace = await new ServiceBusNamespace('SendOnly', KEY, ['orders']).start();
  });

  afterAll(() => namespace.stop());

  it('sends Messages, changes and CloudEvents to the queue with a SAS token; the key is never shown', async () => {
    await deliversEverything({
      destination: { type: 'AzureServiceBus', connectionString: namespace.connectionString('orders') },
      received: () => namespace.messages.map((m) => ({ body: m.body, deliveryId: m.messageId })),
      set: (mode) => (namespace.mode = mode === 'down' ? 'busy' : mode),
    });
    expect(namespace.tokens.filter((t) => t.valid).map((t) => t.audience)).toContain(`sb://127.0.0.1:${namespace.port}/orders`);
    const message = namespace.messages.find((m) => m.body.notificationType === 'Message')!;
    expect(message).toMatchObject({
      entity: 'orders',
      contentType: 'application/json',
      subject: message.body.type,
      applicationProperties: { 'x-commerce-delivery-id': message.messageId },
    });
    expect(namespace.messages.find((m) => m.body.specversion)).toMatchObject({ contentType: 'application/cloudevents+json' });
    const { body } = await api.subscriptions().withId({ ID: created.at(-1)!.id }).get().execute();
    expect(JSON.stringify(body)).not.toContain(KEY);
    expect(body.destination).toEqual({
      type: 'AzureServiceBus',
      connectionString: namespace.connectionString('orders', `****${KEY.slice(-4)}`),
    });
  });

  it("refuses the create with Service Bus's reason: a bad key, no such queue", async () => {
    const badKey = namespace.connectionString('orders', Buffer.from('not-the-key').toString('base64'));
    expect(await refusal({ type: 'AzureServiceBus', connectionString: badKey })).toMatchObject({
      statusCode: 400,
      error: { code: 'InvalidInput', message: expect.stringContaining('UnauthorizedAccess') },
    });
    expect(await refusal({ type: 'AzureServiceBus', connectionString: namespace.connectionString('gone') })).toMatchObject({
      error: { code: 'InvalidInput', message: expect.stringContaining('MessagingEntityNotFound') },
    });
  });
});

describe('Google Cloud Pub/Sub through @google-cloud/pubsub (gRPC)', () => {
  let emulator: PubSubEmulator;

  beforeAll(async () => {
    emulator = await new PubSubEmulator(['projects/e2e-project/topics/orders']).start((await platform()).vendors.pubsubPort);
  });

  afterAll(() => emulator.stop());

  it('publishes Messages, changes and CloudEvents to the topic, the delivery id as an attribute', async () => {
    await deliversEverything({
      destination: { type: 'GoogleCloudPubSub', projectId: 'e2e-project', topic: 'orders' },
      received: () => emulator.messages.map((m) => ({ body: m.body, deliveryId: m.attributes['x-commerce-delivery-id'] })),
      set: (mode) => (emulator.mode = mode),
    });
    expect(emulator.messages.find((m) => m.body.specversion)?.attributes['content-type']).toBe('application/cloudevents+json');
  });

  it('refuses the create when the topic does not exist', async () => {
    expect(await refusal({ type: 'GoogleCloudPubSub', projectId: 'e2e-project', topic: 'gone' })).toMatchObject({
      statusCode: 400,
      error: { code: 'InvalidInput', message: expect.stringContaining('NOT_FOUND') },
    });
  });
});

describe('Confluent Cloud through kafkajs', () => {
  const API_KEY = 'E2ECONFLUENTKEY1';
  const API_SECRET = 'the-confluent-api-secret-of-e2e';
  let broker: KafkaBroker;
  const destination = (overrides: Record<string, unknown> = {}) => ({
    type: 'ConfluentCloud',
    bootstrapServer: broker.bootstrapServer,
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    acks: 'all',
    topic: 'orders',
    ...overrides,
  });

  beforeAll(async () => {
    broker = await new KafkaBroker({ user: API_KEY, password: API_SECRET }, ['orders']).start();
  });

  afterAll(() => broker.stop());

  it('produces Messages, changes and CloudEvents to the topic, keyed by resource, with SASL PLAIN', async () => {
    await deliversEverything({
      destination: destination(),
      received: () => broker.records.map((r) => ({ body: JSON.parse(r.value) as Record<string, any>, deliveryId: r.headers['x-commerce-delivery-id'] })),
      set: (mode) => (broker.mode = mode),
    });
    const records = broker.records.filter((r) => (JSON.parse(r.value) as { notificationType?: string }).notificationType === 'Message');
    expect(records[0]).toMatchObject({ topic: 'orders', acks: -1, user: API_KEY, key: JSON.parse(records[0].value).resource.id });
    const { body } = await api.subscriptions().withId({ ID: created.at(-1)!.id }).get().execute();
    expect(JSON.stringify(body)).not.toContain(API_SECRET);
    expect(body.destination).toMatchObject({ apiKey: '****KEY1', apiSecret: '****-e2e', acks: 'all' });
  });

  it('uses the destination key as the record key', async () => {
    const made = await subscription({ destination: destination({ key: 'all-in-one', acks: '1' }), changes: [{ resourceTypeId: 'customer' }] });
    const test = broker.records.find((r) => r.value.includes(made.id))!;
    expect(test).toMatchObject({ key: 'all-in-one', acks: 1 });
  });

  it("refuses the create with the broker's reason: bad credentials, no such topic", async () => {
    expect(await refusal(destination({ apiSecret: 'not-the-secret-at-all' }))).toMatchObject({
      statusCode: 400,
      error: { code: 'InvalidInput', message: expect.stringContaining('SASL') },
    });
    expect(await refusal(destination({ topic: 'gone' }))).toMatchObject({
      error: { code: 'InvalidInput', message: expect.stringContaining('UNKNOWN_TOPIC_OR_PARTITION') },
    });
  });
});
