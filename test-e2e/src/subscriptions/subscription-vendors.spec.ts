import { jest } from '@jest/globals';
import type { SubscriptionDraft } from '@commercetools/platform-sdk';
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { failure, newCustomer, updateCustomer, type Api } from '../customers/customer-helpers.js';
import { uniqueKey } from '../support/factories.js';
import { platform } from '../support/platform.js';
import { untilItHolds as eventually } from '../support/retry.js';
import { sdk } from '../support/sdk.js';
import { createdSubscriptions } from './subscription-fixtures.js';

/**
 * Vendor destinations delivered through the vendor's official client. No SQS server runs on these machines
 * (none in npm or Debian works without Docker or a JVM download), so the queue URL points at a local HTTP
 * endpoint that speaks SQS's own wire protocol as `@aws-sdk/client-sqs` sends it: `AmazonSQS.SendMessage`
 * in AWS JSON 1.0, SigV4-signed, answered with the MD5 of the body that the client checks. SNS likewise: its
 * endpoint (global setup's `AWS_ENDPOINT_URL_SNS`, the AWS SDKs' own override) is a local endpoint answering
 * `Publish` as SNS does, and `PutEvents` as EventBridge does (`AWS_ENDPOINT_URL_EVENTBRIDGE`).
 */

jest.setTimeout(120_000);

const ACCESS_KEY = 'AKIAE2ETESTKEY000001';
const ACCESS_SECRET = 'an-aws-secret-access-key-for-e2e-tests';

interface SqsCall {
  queue: string;
  target: string;
  contentType: string;
  authorization: string;
  input: { QueueUrl: string; MessageBody: string; MessageAttributes?: Record<string, { DataType: string; StringValue: string }> };
}

const calls: SqsCall[] = [];
let api: Api;
let sqs: http.Server;
let port: number;
const subscriptions = createdSubscriptions(() => api);
const { created } = subscriptions;

beforeAll(async () => {
  api = await sdk();
  sqs = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const input = JSON.parse(body || '{}') as SqsCall['input'];
      // AWS JSON posts to the endpoint's root; the queue is named by QueueUrl.
      const queue = input.QueueUrl ? new URL(input.QueueUrl).pathname.replace(/^\//, '') : '';
      calls.push({
        queue,
        target: String(request.headers['x-amz-target']),
        contentType: String(request.headers['content-type']),
        authorization: String(request.headers.authorization),
        input,
      });
      response.setHeader('content-type', 'application/x-amz-json-1.0');
      if (!input.QueueUrl?.endsWith('/000000000000/orders')) {
        // What SQS answers for a queue that does not exist.
        response.writeHead(400).end(
          JSON.stringify({ __type: 'com.amazonaws.sqs#QueueDoesNotExist', message: 'The specified queue does not exist.' }),
        );
        return;
      }
      const md5 = createHash('md5').update(input.MessageBody).digest('hex');
      response.writeHead(200).end(JSON.stringify({ MessageId: randomUUID(), MD5OfMessageBody: md5 }));
    });
  });
  sqs.listen(0, '127.0.0.1');
  await once(sqs, 'listening');
  port = (sqs.address() as AddressInfo).port;
});

/** What the SNS stand-in received: the action's parameters, flattened as the client sent them. */
const published: Array<{ authorization: string; params: Record<string, string> }> = [];
let sns: http.Server;
interface EventEntry {
  EventBusName: string;
  Source: string;
  DetailType: string;
  Detail: string;
}
/** What EventBridge's stand-in (the same endpoint) received. */
const events: Array<{ authorization: string; entries: EventEntry[] }> = [];

beforeAll(async () => {
  sns = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.headers['x-amz-target'] === 'AWSEvents.PutEvents') {
        // EventBridge (AWS JSON 1.1): the default bus of account 000000000000 takes events, others refuse them.
        const { Entries: entries } = JSON.parse(body) as { Entries: EventEntry[] };
        events.push({ authorization: String(request.headers.authorization), entries });
        const ours = entries.every((e) => e.EventBusName === 'arn:aws:events:eu-west-1:000000000000:event-bus/default');
        response.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(
          JSON.stringify(
            ours
              ? { FailedEntryCount: 0, Entries: entries.map(() => ({ EventId: randomUUID() })) }
              : { FailedEntryCount: 1, Entries: [{ ErrorCode: 'NotAuthorizedForSourceException', ErrorMessage: 'Not authorized.' }] },
          ),
        );
        return;
      }
      // The Query protocol (form fields), or AWS JSON where a newer client speaks it.
      const json = String(request.headers['content-type']).includes('json');
      const params: Record<string, string> = json
        ? { Action: String(request.headers['x-amz-target']).split('.').pop()!, ...(JSON.parse(body) as Record<string, string>) }
        : Object.fromEntries(new URLSearchParams(body));
      published.push({ authorization: String(request.headers.authorization), params });
      if (params.TopicArn !== 'arn:aws:sns:eu-west-1:000000000000:orders') {
        response.writeHead(404, { 'content-type': 'text/xml' }).end(
          '<ErrorResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><Error><Type>Sender</Type><Code>NotFound</Code>' +
            '<Message>Topic does not exist</Message></Error><RequestId>e2e</RequestId></ErrorResponse>',
        );
        return;
      }
      response.writeHead(200, { 'content-type': 'text/xml' }).end(
        '<PublishResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><PublishResult>' +
          `<MessageId>${randomUUID()}</MessageId></PublishResult><ResponseMetadata><RequestId>e2e</RequestId>` +
          '</ResponseMetadata></PublishResponse>',
      );
    });
  });
  sns.listen((await platform()).vendors.awsPort, '127.0.0.1');
  await once(sns, 'listening');
});

afterAll(async () => {
  sns.closeAllConnections();
  sns.close();
  await subscriptions.deleteAll();
  sqs.closeAllConnections();
  sqs.close();
});

const sqsDestination = (queue: string) => ({
  type: 'SQS',
  queueUrl: `http://127.0.0.1:${port}/000000000000/${queue}`,
  region: 'eu-west-1',
  accessKey: ACCESS_KEY,
  accessSecret: ACCESS_SECRET,
  authenticationMode: 'Credentials',
});

const bodies = (queue: string) =>
  calls.filter((c) => c.queue === `000000000000/${queue}`).map((c) => JSON.parse(c.input.MessageBody) as Record<string, any>);

describe('delivering to SQS through @aws-sdk/client-sqs', () => {
  it('sends the signed test notification on create, then Messages and change notifications', async () => {
    const { body: made } = await api
      .subscriptions()
      .post({
        body: {
          destination: sqsDestination('orders'),
          messages: [{ resourceTypeId: 'customer', types: ['CustomerCreated'] }],
          changes: [{ resourceTypeId: 'customer' }],
        } as unknown as SubscriptionDraft,
      })
      .execute();
    created.push(made);
    expect(made.destination).toMatchObject({ type: 'SQS', accessKey: ACCESS_KEY, authenticationMode: 'Credentials' });
    expect(JSON.stringify(made)).not.toContain(ACCESS_SECRET);
    // The test notification, as the client sent it.
    const test = calls.find((c) => c.queue === '000000000000/orders')!;
    expect(test).toMatchObject({ target: 'AmazonSQS.SendMessage', contentType: 'application/x-amz-json-1.0' });
    expect(test.input.QueueUrl).toBe(`http://127.0.0.1:${port}/000000000000/orders`);
    expect(test.authorization).toMatch(
      new RegExp(`^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY}/\\d{8}/eu-west-1/sqs/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$`),
    );
    expect(JSON.parse(test.input.MessageBody)).toMatchObject({
      notificationType: 'ResourceCreated',
      resource: { typeId: 'subscription', id: made.id },
    });

    const customer = await newCustomer(api, { key: uniqueKey('sqs') });
    await updateCustomer(api, customer, { action: 'setFirstName', firstName: 'Queued' });
    const mine = await eventually(() => {
      const found = bodies('orders').filter((b) => b.resource?.id === customer.id);
      expect(found.map((b) => b.notificationType)).toEqual(['Message', 'ResourceCreated', 'ResourceUpdated']);
      return found;
    });
    expect(mine[0]).toMatchObject({ type: 'CustomerCreated', sequenceNumber: 1 });
    expect(mine[2]).toMatchObject({ version: 2, oldVersion: 1 });
    // Each carries its delivery id as a message attribute.
    const attributes = calls
      .filter((c) => c.queue === '000000000000/orders' && (JSON.parse(c.input.MessageBody)).resource?.id === customer.id)
      .map((c) => c.input.MessageAttributes?.['x-commerce-delivery-id']);
    expect(attributes[0]).toEqual({ DataType: 'String', StringValue: mine[0].id });
    expect(attributes[1]?.StringValue).toBe(`${customer.id}:1:ResourceCreated`);
  });

  it("refuses the create when the queue does not exist, with SQS's reason", async () => {
    const key = uniqueKey('nosqs');
    const refused = await failure(
      api
        .subscriptions()
        .post({ body: { key, destination: sqsDestination('missing'), changes: [{ resourceTypeId: 'customer' }] } as never })
        .execute(),
    );
    expect(refused).toMatchObject({
      statusCode: 400,
      error: { code: 'InvalidInput', message: expect.stringContaining('QueueDoesNotExist') },
    });
    const { body: page } = await api
      .subscriptions()
      .get({ queryArgs: { where: `key = "${key}"` } })
      .execute();
    expect(page.results).toEqual([]);
  });
});

describe('delivering to SNS through @aws-sdk/client-sns', () => {
  const topicArn = 'arn:aws:sns:eu-west-1:000000000000:orders';
  const messages = () =>
    published
      .filter((p) => p.params.TopicArn === topicArn)
      .map((p) => ({ ...p, body: JSON.parse(p.params.Message) as Record<string, any> }));

  it('publishes the signed test notification on create, then Messages, to the topic', async () => {
    const { body: made } = await api
      .subscriptions()
      .post({
        body: {
          destination: { type: 'SNS', topicArn, accessKey: ACCESS_KEY, accessSecret: ACCESS_SECRET, authenticationMode: 'Credentials' },
          messages: [{ resourceTypeId: 'customer' }],
        } as unknown as SubscriptionDraft,
      })
      .execute();
    created.push(made);
    const [test] = messages();
    expect(test.params.Action).toBe('Publish');
    expect(test.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY}/\\d{8}/eu-west-1/sns/aws4_request, `));
    expect(test.body).toMatchObject({ notificationType: 'ResourceCreated', resource: { typeId: 'subscription', id: made.id } });
    const customer = await newCustomer(api, { key: uniqueKey('sns') });
    const message = await eventually(() => {
      const found = messages().filter((m) => m.body.resource?.id === customer.id);
      expect(found.map((m) => m.body.type)).toEqual(['CustomerCreated']);
      return found[0];
    });
    expect(Object.values(message.params)).toContain(message.body.id);
  });

  it("refuses the create when the topic does not exist, with SNS's reason", async () => {
    const refused = await failure(
      api
        .subscriptions()
        .post({
          body: {
            destination: { type: 'SNS', topicArn: 'arn:aws:sns:eu-west-1:000000000000:gone', authenticationMode: 'Credentials', accessKey: ACCESS_KEY, accessSecret: ACCESS_SECRET },
            changes: [{ resourceTypeId: 'customer' }],
          } as never,
        })
        .execute(),
    );
    expect(refused).toMatchObject({ statusCode: 400, error: { code: 'InvalidInput', message: expect.stringContaining('NotFound') } });
  });
});

describe('delivering to EventBridge through @aws-sdk/client-eventbridge', () => {
  it("puts the test notification and Messages on the account's default bus, with the platform's identity", async () => {
    const { body: made } = await api
      .subscriptions()
      .post({
        body: {
          destination: { type: 'EventBridge', region: 'eu-west-1', accountId: '000000000000', source: 'commerce.e2e' },
          messages: [{ resourceTypeId: 'customer' }],
        } as unknown as SubscriptionDraft,
      })
      .execute();
    created.push(made);
    const entries = () => events.flatMap((e) => e.entries.map((entry) => ({ ...entry, detail: JSON.parse(entry.Detail) as Record<string, any> })));
    expect(events[0].authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAE2EPLATFORM00001\/\d{8}\/eu-west-1\/events\/aws4_request, /);
    expect(entries()[0]).toMatchObject({
      EventBusName: 'arn:aws:events:eu-west-1:000000000000:event-bus/default',
      Source: 'commerce.e2e',
      DetailType: 'ResourceCreated',
      detail: { notificationType: 'ResourceCreated', resource: { typeId: 'subscription', id: made.id } },
    });
    const customer = await newCustomer(api, { key: uniqueKey('eventbridge') });
    await eventually(() =>
      expect(entries().filter((e) => e.detail.resource?.id === customer.id).map((e) => [e.DetailType, e.detail.type])).toEqual([
        ['CustomerCreated', 'CustomerCreated'],
      ]),
    );
  });

  it('refuses the create when EventBridge refuses the entry, with its error code', async () => {
    const refused = await failure(
      api
        .subscriptions()
        .post({
          body: {
            destination: { type: 'EventBridge', region: 'eu-west-1', accountId: '111111111111', source: 'commerce.e2e' },
            changes: [{ resourceTypeId: 'customer' }],
          } as never,
        })
        .execute(),
    );
    expect(refused).toMatchObject({
      statusCode: 400,
      error: { code: 'InvalidInput', message: expect.stringContaining('NotAuthorizedForSourceException') },
    });
  });
});
