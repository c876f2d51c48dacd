import type { Infer } from '../shapes/shape.js';
import type {
  ChangeSubscriptionShape,
  DeliveryFormatShape,
  EventSubscriptionShape,
  MessageSubscriptionShape,
  SubscriptionDestinationShape,
  SubscriptionShape,
} from './subscription.shape.js';

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

/** SDK `AwsAuthenticationMode`. */
export type AwsAuthenticationMode = NonNullable<Extract<SubscriptionDestination, { type: 'SQS' }>['authenticationMode']>;

/** SDK `Destination` and the platform's `NATS` and `Webhook` (`SubscriptionDestinationShape`). */
export type SubscriptionDestination = Infer<typeof SubscriptionDestinationShape>;

export type MessageSubscription = Infer<typeof MessageSubscriptionShape>;
export type ChangeSubscription = Infer<typeof ChangeSubscriptionShape>;
export type EventSubscription = Infer<typeof EventSubscriptionShape>;
export type DeliveryFormat = Infer<typeof DeliveryFormatShape>;

/** SDK `Subscription` (`SubscriptionShape`). Secrets in `destination` are masked as the API shows them. */
export type Subscription = Infer<typeof SubscriptionShape>;

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
