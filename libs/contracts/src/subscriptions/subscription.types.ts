import type { BaseResource } from '../common/types.js';

/** SDK `SubscriptionHealthStatus`. */
export const SUBSCRIPTION_STATUSES = [
  'Healthy',
  'ConfigurationError',
  'ConfigurationErrorDeliveryStopped',
  'TemporaryError',
  'ManuallySuspended',
] as const;
export type SubscriptionHealthStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** SDK `EventSubscriptionResourceTypeId`. */
export const EVENT_SUBSCRIPTION_RESOURCE_TYPE_IDS = ['checkout', 'import-api'] as const;

export type AwsAuthenticationMode = 'Credentials' | 'IAM';

/**
 * SDK `Destination` (the live API's seven), and the two this platform adds for self-hosting: `NATS` (a
 * JetStream subject) and `Webhook` (CloudEvents over HTTP(S), HMAC-signed). Secrets are masked as the API
 * shows them; the services that deliver get them opened (`DeliverableSubscription`).
 */
export type SubscriptionDestination =
  | {
      type: 'SQS';
      queueUrl: string;
      region: string;
      accessKey?: string;
      accessSecret?: string;
      authenticationMode?: AwsAuthenticationMode;
    }
  | {
      type: 'SNS';
      topicArn: string;
      accessKey?: string;
      accessSecret?: string;
      authenticationMode?: AwsAuthenticationMode;
    }
  | { type: 'EventBridge'; region: string; accountId: string; source: string }
  | { type: 'EventGrid'; uri: string; accessKey: string }
  | { type: 'AzureServiceBus'; connectionString: string }
  | { type: 'GoogleCloudPubSub'; projectId: string; topic: string }
  | {
      type: 'ConfluentCloud';
      bootstrapServer: string;
      apiKey: string;
      apiSecret: string;
      acks: string;
      topic: string;
      key?: string;
    }
  | { type: 'NATS'; subject: string; url?: string }
  | { type: 'Webhook'; url: string; secret: string };

export interface MessageSubscription {
  resourceTypeId: string;
  types?: string[];
}
export interface ChangeSubscription {
  resourceTypeId: string;
}
export interface EventSubscription {
  resourceTypeId: (typeof EVENT_SUBSCRIPTION_RESOURCE_TYPE_IDS)[number];
  types?: string[];
}
export type DeliveryFormat = { type: 'Platform' } | { type: 'CloudEvents'; cloudEventsVersion: string };

/** SDK `Subscription`. */
export interface Subscription extends BaseResource {
  key?: string;
  destination: SubscriptionDestination;
  messages: MessageSubscription[];
  changes: ChangeSubscription[];
  events: EventSubscription[];
  format: DeliveryFormat;
  status: SubscriptionHealthStatus;
}

/** What a delivering service needs: the filters, format and destination with its secrets opened. */
export interface DeliverableSubscription {
  id: string;
  projectKey: string;
  key?: string;
  /** The Subscription's `createdAt`: notifications of Messages written before it are not delivered. */
  createdAt: string;
  destination: SubscriptionDestination;
  messages: MessageSubscription[];
  changes: ChangeSubscription[];
  format: DeliveryFormat;
  status: SubscriptionHealthStatus;
}

/** A delivering service reports a Subscription's health (`auth.subscriptions.report`). */
export interface SubscriptionHealthReport {
  id: string;
  status: SubscriptionHealthStatus;
}
