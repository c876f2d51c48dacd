import type { SubscriptionDestination } from '@commerce/contracts';
import { OutboundError, assertAddressAllowed, checkOutboundUrl, safeLookup, type OutboundPolicy } from '@commerce/outbound';
import { AzureKeyCredential, EventGridPublisherClient, type SendCloudEventInput } from '@azure/eventgrid';
import { ServiceBusClient, type ServiceBusSender } from '@azure/service-bus';
import { PubSub, type Topic } from '@google-cloud/pubsub';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { DELIVERY_ID_HEADER, DeliveryError, type NotificationSender } from './delivery-error.js';
import type { Notification } from './notifications.js';

type DestinationOf<T extends SubscriptionDestination['type']> = Extract<SubscriptionDestination, { type: T }>;

const isCloudEvent = (body: Record<string, unknown>) => typeof body.specversion === 'string';
const contentTypeOf = (notification: Notification) =>
  isCloudEvent(notification.body) ? 'application/cloudevents+json' : 'application/json';
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A host the outbound policy must allow: an address literal now, a name on every connection (`safeLookup`). */
function checkHost(host: string, policy: OutboundPolicy): void {
  const bare = host.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (net.isIP(bare)) assertAddressAllowed(bare, policy);
  else if (!policy.allowPrivate && (bare === 'localhost' || bare.endsWith('.localhost'))) {
    throw new OutboundError('refused', 'The address localhost is not allowed (loopback).');
  }
}

/** Whether a host is this machine: where development and tests run a vendor's local stand-in without TLS. */
function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  return bare === 'localhost' || bare === '::1' || (net.isIPv4(bare) && bare.startsWith('127.'));
}

/**
 * Azure Event Grid through `@azure/eventgrid`'s `EventGridPublisherClient`, the topic's access key as its
 * `aeg-sas-key`. A CloudEvents Subscription publishes in the topic's CloudEvents v1.0 input schema; a Platform
 * one publishes an Event Grid schema event whose `data` is the notification (a topic takes one input schema:
 * the format must match it). One attempt, no redirects, every connection checked by the outbound policy.
 */
export class EventGridSender implements NotificationSender {
  private readonly clients: {
    cloud: EventGridPublisherClient<'CloudEvent'>;
    grid: EventGridPublisherClient<'EventGrid'>;
  };
  private readonly agent: http.Agent;

  constructor(
    destination: DestinationOf<'EventGrid'>,
    policy: OutboundPolicy,
    private readonly timeoutMs: number,
  ) {
    const url = checkOutboundUrl(destination.uri, policy);
    const lookup = safeLookup(policy);
    this.agent =
      url.protocol === 'https:' ? new https.Agent({ keepAlive: true, lookup }) : new http.Agent({ keepAlive: true, lookup });
    const options = {
      agent: this.agent,
      retryOptions: { maxRetries: 0 },
      redirectOptions: { maxRetries: 0 },
      // Plain http only where the outbound policy let the URL through (development and tests).
      allowInsecureConnection: url.protocol === 'http:',
    };
    const credential = new AzureKeyCredential(destination.accessKey);
    this.clients = {
      cloud: new EventGridPublisherClient(destination.uri, 'CloudEvent', credential, options),
      grid: new EventGridPublisherClient(destination.uri, 'EventGrid', credential, options),
    };
  }

  async send(notification: Notification): Promise<void> {
    const abortSignal = AbortSignal.timeout(this.timeoutMs);
    try {
      if (isCloudEvent(notification.body)) {
        await this.clients.cloud.send([cloudEventInput(notification.body)], { abortSignal });
      } else {
        await this.clients.grid.send(
          [
            {
              id: notification.deliveryId,
              subject: `${notification.projectKey}/${notification.resourceId}`,
              eventType: notification.type,
              dataVersion: '1.0',
              eventTime: new Date(),
              data: notification.body,
            },
          ],
          { abortSignal },
        );
      }
    } catch (error) {
      throw statusDeliveryError('Event Grid', error, (error as { statusCode?: number }).statusCode);
    }
  }

  close(): Promise<void> {
    this.agent.destroy();
    return Promise.resolve();
  }
}

/** A CloudEvent notification as the Event Grid client takes it (its own attributes, the rest as extensions). */
function cloudEventInput(body: Record<string, unknown>): SendCloudEventInput<unknown> {
  const { specversion: _v, id, type, source, subject, time, datacontenttype, dataschema, data, ...extensions } =
    body as { [attribute: string]: unknown } & Partial<
      Record<'id' | 'type' | 'source' | 'subject' | 'time' | 'datacontenttype' | 'dataschema', string>
    >;
  return {
    id,
    type: type ?? '',
    source: source ?? '',
    ...(subject !== undefined ? { subject } : {}),
    ...(time !== undefined ? { time: new Date(time) } : {}),
    ...(datacontenttype !== undefined ? { datacontenttype } : {}),
    ...(dataschema !== undefined ? { dataschema } : {}),
    data,
    extensionAttributes: extensions,
  };
}

/** An HTTP API's answer: refused (4xx but 408/429, a refused address) or maybe later (the rest, no answer). */
function statusDeliveryError(service: string, error: unknown, status: number | undefined): DeliveryError {
  if (error instanceof OutboundError) {
    return new DeliveryError(error.reason === 'refused' ? 'configuration' : 'temporary', `${service}: ${error.message}`);
  }
  const refused = status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;
  return new DeliveryError(
    refused ? 'configuration' : 'temporary',
    `${service} refused the notification${status ? ` (${status})` : ''}: ${messageOf(error)}`,
  );
}

/** Service Bus error codes that a retry does not cure (`ServiceBusError.code`). */
const SERVICE_BUS_CONFIGURATION = new Set([
  'UnauthorizedAccess',
  'MessagingEntityNotFound',
  'MessagingEntityDisabled',
  'MessageSizeExceeded',
]);

/**
 * Azure Service Bus through `@azure/service-bus` (AMQP 1.0 over TLS, its claims-based authorization with the
 * connection string's Shared Access Policy): one sender to the queue or topic the connection string's
 * `EntityPath` names. The message id is the delivery id, so a queue or topic with duplicate detection drops
 * repeats; the notification's type is the message's subject. The host is checked against the outbound policy
 * before the client connects.
 */
export class ServiceBusNotificationSender implements NotificationSender {
  private readonly client: ServiceBusClient;
  private readonly sender: ServiceBusSender;
  private readonly host: string;

  constructor(
    destination: DestinationOf<'AzureServiceBus'>,
    private readonly policy: OutboundPolicy,
    private readonly timeoutMs: number,
  ) {
    const parts = connectionStringParts(destination.connectionString);
    this.host = new URL(parts.Endpoint.replace(/^sb:/, 'http:')).hostname;
    checkHost(this.host, policy);
    this.client = new ServiceBusClient(destination.connectionString, {
      retryOptions: { maxRetries: 0, timeoutInMs: timeoutMs },
    });
    this.sender = this.client.createSender(parts.EntityPath);
  }

  /**
   * Every address the host resolves to must be allowed, checked before each send (the AMQP client resolves
   * the host again when it connects or reconnects, and takes no lookup of ours).
   */
  private async checkAddresses(): Promise<void> {
    if (net.isIP(this.host)) return;
    for (const { address } of await dnsLookup(this.host, { all: true })) assertAddressAllowed(address, this.policy);
  }

  async send(notification: Notification): Promise<void> {
    try {
      await this.checkAddresses();
      await this.sender.sendMessages(
        {
          body: notification.body,
          contentType: contentTypeOf(notification),
          messageId: notification.deliveryId,
          subject: notification.type,
          applicationProperties: { [DELIVERY_ID_HEADER]: notification.deliveryId },
        },
        { abortSignal: AbortSignal.timeout(this.timeoutMs) },
      );
    } catch (error) {
      if (error instanceof OutboundError && error.reason === 'refused') {
        throw new DeliveryError('configuration', `Azure Service Bus: ${error.message}`);
      }
      const code = (error as { code?: string }).code;
      throw new DeliveryError(
        code !== undefined && SERVICE_BUS_CONFIGURATION.has(code) ? 'configuration' : 'temporary',
        `Azure Service Bus refused the notification${code ? ` (${code})` : ''}: ${messageOf(error)}`,
      );
    }
  }

  async close(): Promise<void> {
    await this.sender.close().catch(() => undefined);
    await this.client.close().catch(() => undefined);
  }
}

/** `Key=value;...` of an Azure connection string. */
export function connectionStringParts(connectionString: string): Record<string, string> {
  return Object.fromEntries(
    connectionString
      .split(';')
      .filter((part) => part.includes('='))
      .map((part) => [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)]),
  );
}

/** gRPC status codes a retry does not cure: INVALID_ARGUMENT, NOT_FOUND, PERMISSION_DENIED, FAILED_PRECONDITION, UNAUTHENTICATED. */
const GRPC_CONFIGURATION = new Set([3, 5, 7, 9, 16]);

/**
 * Google Cloud Pub/Sub through `@google-cloud/pubsub` (gRPC): publishes the notification as the message's
 * data, with the delivery id and the content type as attributes, one message per request and one attempt. The
 * platform's own Google identity (Application Default Credentials; the destination has no credentials), and
 * the client's endpoint (`PUBSUB_EMULATOR_HOST` points it at an emulator, as for every Google client).
 */
export class PubSubSender implements NotificationSender {
  private readonly pubsub: PubSub;
  private readonly topic: Topic;

  constructor(destination: DestinationOf<'GoogleCloudPubSub'>, timeoutMs: number) {
    this.pubsub = new PubSub({ projectId: destination.projectId });
    this.topic = this.pubsub.topic(destination.topic, {
      batching: { maxMessages: 1, maxMilliseconds: 0 },
      gaxOpts: { timeout: timeoutMs, maxRetries: 0 },
    });
  }

  async send(notification: Notification): Promise<void> {
    try {
      await this.topic.publishMessage({
        data: Buffer.from(JSON.stringify(notification.body)),
        attributes: { [DELIVERY_ID_HEADER]: notification.deliveryId, 'content-type': contentTypeOf(notification) },
      });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const configuration =
        (typeof code === 'number' && GRPC_CONFIGURATION.has(code)) || /default credentials/i.test(messageOf(error));
      throw new DeliveryError(
        configuration ? 'configuration' : 'temporary',
        `Google Cloud Pub/Sub refused the notification: ${messageOf(error)}`,
      );
    }
  }

  async close(): Promise<void> {
    await this.pubsub.close().catch(() => undefined);
  }
}

/** Kafka errors a retry does not cure: credentials, permissions, a missing topic, a record it will never take. */
const KAFKA_CONFIGURATION =
  /SASL|AUTHENTICATION|AUTHORIZATION_FAILED|UNKNOWN_TOPIC|INVALID_TOPIC|TOPIC_AUTHORIZATION|MESSAGE_TOO_LARGE|RECORD_LIST_TOO_LARGE|INVALID_REQUIRED_ACKS|UNSUPPORTED_SASL/;

function kafkaDeliveryError(error: unknown): DeliveryError {
  if (error instanceof OutboundError) {
    return new DeliveryError(error.reason === 'refused' ? 'configuration' : 'temporary', `Confluent Cloud: ${error.message}`);
  }
  // A retry wrapper (KafkaJSNumberOfRetriesExceeded) keeps the broker's own error as its cause.
  const cause = (error as { cause?: unknown }).cause ?? error;
  const { name, type } = cause as { name?: string; type?: string };
  const what = `${name ?? 'Error'}${type ? ` ${type}` : ''}`;
  const refused = cause instanceof OutboundError && cause.reason === 'refused';
  return new DeliveryError(
    refused || KAFKA_CONFIGURATION.test(`${name} ${type}`) ? 'configuration' : 'temporary',
    `Confluent Cloud refused the notification (${what}): ${messageOf(cause)}`,
  );
}

/**
 * Confluent Cloud through `kafkajs` (docs/DECISIONS.md): as the live API's producer, SASL_SSL with PLAIN (the
 * API key and secret), the destination's `acks`; the record's key is the destination's `key`, or else the
 * resource id (one resource's notifications stay in one partition, in order); its value the notification,
 * with the delivery id and content type as headers. Every broker connection (the bootstrap server and the
 * brokers it names) goes through the outbound policy. No topic is created. Where the policy allows private
 * addresses (development and tests) a broker on this machine is reached without TLS, as a local Kafka listens.
 */
export class KafkaSender implements NotificationSender {
  private readonly producer: Producer;
  private connected?: Promise<void>;
  private readonly acks: number;

  constructor(
    private readonly destination: DestinationOf<'ConfluentCloud'>,
    policy: OutboundPolicy,
    timeoutMs: number,
  ) {
    const host = destination.bootstrapServer.slice(0, destination.bootstrapServer.lastIndexOf(':'));
    checkHost(host, policy);
    const plaintext = policy.allowPrivate && isLoopback(host);
    const lookup = safeLookup(policy);
    const kafka = new Kafka({
      clientId: 'commerce-subscriptions',
      brokers: [destination.bootstrapServer],
      ssl: !plaintext,
      sasl: { mechanism: 'plain', username: destination.apiKey, password: destination.apiSecret },
      connectionTimeout: timeoutMs,
      authenticationTimeout: timeoutMs,
      requestTimeout: timeoutMs,
      retry: { retries: 0 },
      logLevel: logLevel.NOTHING,
      socketFactory: ({ host: to, port, ssl, onConnect }) => {
        try {
          checkHost(to, policy);
        } catch (error) {
          // A broker the policy refuses (an address literal never reaches the lookup): the connection fails.
          const refused = new net.Socket();
          process.nextTick(() => refused.destroy(error as Error));
          return refused;
        }
        const socket = ssl
          ? tls.connect({ host: to, port, lookup, ...(net.isIP(to) ? {} : { servername: to }), ...ssl }, onConnect)
          : net.connect({ host: to, port, lookup }, onConnect);
        socket.setKeepAlive(true, 60_000);
        return socket;
      },
    });
    this.producer = kafka.producer({ allowAutoTopicCreation: false, retry: { retries: 0 } });
    this.acks = destination.acks === 'all' ? -1 : Number(destination.acks);
  }

  async send(notification: Notification): Promise<void> {
    try {
      this.connected ??= this.producer.connect().catch((error: unknown) => {
        this.connected = undefined;
        throw error;
      });
      await this.connected;
      await this.producer.send({
        topic: this.destination.topic,
        acks: this.acks,
        messages: [
          {
            key: this.destination.key ?? notification.resourceId,
            value: JSON.stringify(notification.body),
            headers: { [DELIVERY_ID_HEADER]: notification.deliveryId, 'content-type': contentTypeOf(notification) },
          },
        ],
      });
    } catch (error) {
      throw kafkaDeliveryError(error);
    }
  }

  async close(): Promise<void> {
    await this.producer.disconnect().catch(() => undefined);
  }
}
