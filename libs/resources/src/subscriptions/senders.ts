import type { SubscriptionDestination } from '@commerce/contracts';
import { natsServerOptions } from '@commerce/messaging';
import {
  OutboundClient,
  OutboundError,
  assertAddressAllowed,
  checkOutboundUrl,
  safeLookup,
  type OutboundPolicy,
} from '@commerce/outbound';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { SQSClient, SendMessageCommand } from '@aws-sdk/client-sqs';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import { connect, headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { DELIVERY_ID_HEADER, DeliveryError, type NotificationSender } from './delivery-error.js';
import type { Notification } from './notifications.js';
import { EventGridSender, KafkaSender, PubSubSender, ServiceBusNotificationSender } from './vendor-senders.js';

export { DeliveryError, DELIVERY_ID_HEADER, type NotificationSender } from './delivery-error.js';

export interface SenderDeps {
  outbound: OutboundPolicy;
  /** The platform's own NATS (NATS mode), the default server of a NATS destination. */
  natsUrl?: string;
  /** How long one delivery may take. */
  timeoutMs?: number;
}

/** The header a webhook's signature travels in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-commerce-signature';

export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

const isCloudEvent = (body: Record<string, unknown>) => typeof body.specversion === 'string';

class WebhookSender implements NotificationSender {
  private readonly client: OutboundClient;

  constructor(
    private readonly destination: Extract<SubscriptionDestination, { type: 'Webhook' }>,
    policy: OutboundPolicy,
    private readonly timeoutMs: number,
  ) {
    // Plain http as for extensions: the address rules still hold at connect time.
    this.client = new OutboundClient({ ...policy, allowHttp: true });
  }

  async send(notification: Notification): Promise<void> {
    const body = JSON.stringify(notification.body);
    const timestamp = Math.floor(Date.now() / 1000);
    let status: number;
    try {
      ({ status } = await this.client.request(this.destination.url, {
        method: 'POST',
        headers: {
          'content-type': isCloudEvent(notification.body) ? 'application/cloudevents+json' : 'application/json',
          [DELIVERY_ID_HEADER]: notification.deliveryId,
          [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(this.destination.secret, timestamp, body),
        },
        body,
        timeoutMs: this.timeoutMs,
        maxResponseBytes: 64 * 1024,
      }));
    } catch (error) {
      if (error instanceof OutboundError && error.reason === 'refused') {
        throw new DeliveryError('configuration', error.message);
      }
      throw new DeliveryError('temporary', error instanceof Error ? error.message : String(error));
    }
    if (status >= 200 && status < 300) return;
    const permanent = status >= 400 && status < 500 && status !== 408 && status !== 429;
    throw new DeliveryError(permanent ? 'configuration' : 'temporary', `The webhook answered ${status}.`);
  }

  close(): Promise<void> {
    this.client.close();
    return Promise.resolve();
  }
}

class NatsSender implements NotificationSender {
  private connection?: Promise<{ nc: NatsConnection; js: JetStreamClient }>;

  constructor(
    private readonly url: string,
    private readonly subject: string,
    private readonly timeoutMs: number,
  ) {}

  private connected() {
    this.connection ??= connect({ ...natsServerOptions(this.url), timeout: this.timeoutMs, name: 'subscriptions' })
      .then((nc) => ({ nc, js: jetstream(nc, { timeout: this.timeoutMs }) }))
      .catch((error: unknown) => {
        this.connection = undefined;
        throw new DeliveryError('temporary', `NATS at ${this.url} unreachable: ${String(error)}`);
      });
    return this.connection;
  }

  async send(notification: Notification): Promise<void> {
    const { js } = await this.connected();
    const h = natsHeaders();
    h.set(DELIVERY_ID_HEADER, notification.deliveryId);
    try {
      // The delivery id is also the stream's de-duplication key: a repeat within its window is dropped.
      await js.publish(this.subject, JSON.stringify(notification.body), { msgID: notification.deliveryId, headers: h });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      // No stream captures the subject: a configuration to fix, not a passing failure.
      const configuration = /no responders|503/i.test(text);
      throw new DeliveryError(configuration ? 'configuration' : 'temporary', `JetStream publish to ${this.subject}: ${text}`);
    }
  }

  async close(): Promise<void> {
    const connection = await this.connection?.catch(() => undefined);
    await connection?.nc.close();
  }
}

/** The AWS SDK's error, as far as delivery needs it. */
interface AwsError {
  name?: string;
  message?: string;
  $fault?: 'client' | 'server';
  $metadata?: { httpStatusCode?: number };
  $retryable?: unknown;
}

/**
 * What an AWS client's failure means: the destination refused (credentials, permissions, no such queue, a
 * refused address: ConfigurationError) or it may work later (5xx, throttling, timeouts, network).
 */
export function awsDeliveryError(service: string, error: unknown): DeliveryError {
  if (error instanceof OutboundError) {
    return new DeliveryError(error.reason === 'refused' ? 'configuration' : 'temporary', `${service}: ${error.message}`);
  }
  const aws = (error ?? {}) as AwsError;
  const status = aws.$metadata?.httpStatusCode;
  const name = aws.name ?? 'Error';
  const throttled = /throttl|TooManyRequests|RequestLimitExceeded/i.test(name) || status === 429;
  const configuration = aws.$fault === 'client' && status !== undefined && status !== 408 && !throttled;
  return new DeliveryError(
    configuration ? 'configuration' : 'temporary',
    `${service} refused the notification: ${name}${status ? ` (${status})` : ''}${aws.message ? `: ${aws.message}` : ''}`,
  );
}

/**
 * The request handler of an official AWS client: its own connections through the outbound policy (every
 * resolved address checked at connect time), one attempt (delivery retries with its own backoff), a deadline.
 */
function awsClientOptions(policy: OutboundPolicy, timeoutMs: number) {
  const lookup = safeLookup(policy);
  return {
    maxAttempts: 1,
    requestHandler: {
      httpAgent: new http.Agent({ keepAlive: true, lookup }),
      httpsAgent: new https.Agent({ keepAlive: true, lookup }),
      connectionTimeout: timeoutMs,
      requestTimeout: timeoutMs,
    },
  };
}

/** SQS through `@aws-sdk/client-sqs`: SendMessage to the queue URL, whose origin is the endpoint. */
class SqsSender implements NotificationSender {
  private readonly client: SQSClient;

  constructor(
    private readonly destination: Extract<SubscriptionDestination, { type: 'SQS' }>,
    policy: OutboundPolicy,
    timeoutMs: number,
  ) {
    // Checked here too: an address literal never reaches the connect-time lookup.
    const endpoint = checkOutboundUrl(destination.queueUrl, policy).origin;
    this.client = new SQSClient({
      ...awsClientOptions(policy, timeoutMs),
      region: destination.region,
      endpoint,
      ...awsCredentials(destination),
    });
  }

  async send(notification: Notification): Promise<void> {
    try {
      await this.client.send(
        new SendMessageCommand({
          QueueUrl: this.destination.queueUrl,
          MessageBody: JSON.stringify(notification.body),
          MessageAttributes: { [DELIVERY_ID_HEADER]: { DataType: 'String', StringValue: notification.deliveryId } },
        }),
      );
    } catch (error) {
      throw awsDeliveryError('SQS', error);
    }
  }

  close(): Promise<void> {
    this.client.destroy();
    return Promise.resolve();
  }
}

/** The SDK's credentials of an AWS destination: its keys, or with IAM the platform's own identity (default chain). */
function awsCredentials(destination: { authenticationMode?: string; accessKey?: string; accessSecret?: string }) {
  return destination.authenticationMode !== 'IAM' && destination.accessKey && destination.accessSecret
    ? { credentials: { accessKeyId: destination.accessKey, secretAccessKey: destination.accessSecret } }
    : {};
}

/**
 * SNS through `@aws-sdk/client-sns`: Publish to the topic ARN, in the ARN's region, at the SDK's endpoint for
 * it (`AWS_ENDPOINT_URL_SNS` overrides it, as for every AWS SDK).
 */
class SnsSender implements NotificationSender {
  private readonly client: SNSClient;

  constructor(
    private readonly destination: Extract<SubscriptionDestination, { type: 'SNS' }>,
    policy: OutboundPolicy,
    timeoutMs: number,
  ) {
    this.client = new SNSClient({
      ...awsClientOptions(policy, timeoutMs),
      region: destination.topicArn.split(':')[3],
      ...awsCredentials(destination),
    });
  }

  async send(notification: Notification): Promise<void> {
    try {
      await this.client.send(
        new PublishCommand({
          TopicArn: this.destination.topicArn,
          Message: JSON.stringify(notification.body),
          MessageAttributes: { [DELIVERY_ID_HEADER]: { DataType: 'String', StringValue: notification.deliveryId } },
        }),
      );
    } catch (error) {
      throw awsDeliveryError('SNS', error);
    }
  }

  close(): Promise<void> {
    this.client.destroy();
    return Promise.resolve();
  }
}

/**
 * EventBridge through `@aws-sdk/client-eventbridge`: PutEvents onto the default event bus of the destination's
 * account and region (its ARN), `source` as the event's Source, the notification type as its DetailType and
 * the notification as its Detail. Credentials: the platform's own AWS identity (the destination has no keys).
 * `AWS_ENDPOINT_URL_EVENTBRIDGE` overrides the endpoint.
 */
class EventBridgeSender implements NotificationSender {
  private readonly client: EventBridgeClient;

  constructor(
    private readonly destination: Extract<SubscriptionDestination, { type: 'EventBridge' }>,
    policy: OutboundPolicy,
    timeoutMs: number,
  ) {
    this.client = new EventBridgeClient({ ...awsClientOptions(policy, timeoutMs), region: destination.region });
  }

  async send(notification: Notification): Promise<void> {
    const { region, accountId, source } = this.destination;
    let answer;
    try {
      answer = await this.client.send(
        new PutEventsCommand({
          Entries: [
            {
              EventBusName: `arn:aws:events:${region}:${accountId}:event-bus/default`,
              Source: source,
              DetailType: notification.type,
              Detail: JSON.stringify(notification.body),
              Resources: [],
            },
          ],
        }),
      );
    } catch (error) {
      throw awsDeliveryError('EventBridge', error);
    }
    const failed = answer.Entries?.find((entry) => entry.ErrorCode);
    if ((answer.FailedEntryCount ?? 0) > 0 || failed) {
      const code = failed?.ErrorCode ?? 'FailedEntry';
      const temporary = /Internal|Throttl|ServiceUnavailable/i.test(code);
      throw new DeliveryError(
        temporary ? 'temporary' : 'configuration',
        `EventBridge refused the notification: ${code}${failed?.ErrorMessage ? `: ${failed.ErrorMessage}` : ''}`,
      );
    }
  }

  close(): Promise<void> {
    this.client.destroy();
    return Promise.resolve();
  }
}

/** A destination whose client could not be made: each send fails with why. */
class UndeliverableSender implements NotificationSender {
  constructor(private readonly why: DeliveryError) {}

  send(): Promise<void> {
    return Promise.reject(this.why);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** The host of a `nats://host:port` URL must be allowed by the outbound policy, as any user-given address. */
function checkedNatsUrl(url: string, policy: OutboundPolicy): string {
  const host = new URL(url.replace(/^(nats|tls):/, 'http:')).hostname.replace(/^\[(.*)\]$/, '$1');
  try {
    if (isIP(host)) assertAddressAllowed(host, policy);
    else if (!policy.allowPrivate && (host === 'localhost' || host.endsWith('.localhost'))) {
      throw new OutboundError('refused', 'The address localhost is not allowed (loopback).');
    }
  } catch (error) {
    throw new DeliveryError('configuration', error instanceof Error ? error.message : String(error));
  }
  return url;
}

/** The sender of a destination (secrets opened). */
export function senderFor(destination: SubscriptionDestination, deps: SenderDeps): NotificationSender {
  const timeoutMs = deps.timeoutMs ?? 5_000;
  switch (destination.type) {
    case 'Webhook':
      return new WebhookSender(destination, deps.outbound, timeoutMs);
    case 'NATS': {
      if (destination.url !== undefined) {
        return new NatsSender(checkedNatsUrl(destination.url, deps.outbound), destination.subject, timeoutMs);
      }
      if (!deps.natsUrl) return new UndeliverableNats();
      return new NatsSender(deps.natsUrl, destination.subject, timeoutMs);
    }
    case 'SQS':
      try {
        return new SqsSender(destination, { ...deps.outbound, allowHttp: true }, timeoutMs);
      } catch (error) {
        return new UndeliverableSender(awsDeliveryError('SQS', error));
      }
    case 'SNS':
      return new SnsSender(destination, deps.outbound, timeoutMs);
    case 'EventBridge':
      return new EventBridgeSender(destination, deps.outbound, timeoutMs);
    case 'EventGrid':
      return constructed('Event Grid', () => new EventGridSender(destination, deps.outbound, timeoutMs));
    case 'AzureServiceBus':
      return constructed('Azure Service Bus', () => new ServiceBusNotificationSender(destination, deps.outbound, timeoutMs));
    case 'GoogleCloudPubSub':
      return constructed('Google Cloud Pub/Sub', () => new PubSubSender(destination, timeoutMs));
    case 'ConfluentCloud':
      return constructed('Confluent Cloud', () => new KafkaSender(destination, deps.outbound, timeoutMs));
  }
}

/** A client that refuses its configuration (a refused address, a malformed connection string) fails its sends. */
function constructed(service: string, make: () => NotificationSender): NotificationSender {
  try {
    return make();
  } catch (error) {
    const refused = !(error instanceof OutboundError) || error.reason === 'refused';
    return new UndeliverableSender(
      new DeliveryError(refused ? 'configuration' : 'temporary', `${service}: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
}

class UndeliverableNats implements NotificationSender {
  send(): Promise<void> {
    return Promise.reject(
      new DeliveryError('configuration', 'This installation runs without NATS: a NATS destination needs a url.'),
    );
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
