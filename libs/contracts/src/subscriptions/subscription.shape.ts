import { array, enumOf, key, masked, object, optional, resource, string, union } from '../shapes/shape.js';
import { EVENT_SUBSCRIPTION_RESOURCE_TYPE_IDS, SUBSCRIPTION_STATUSES } from './subscription.types.js';

/** SDK `AwsAuthenticationMode`: `Credentials` (with the keys) or `IAM` (none). */
const AwsAuthenticationModeShape = enumOf('AwsAuthenticationMode', ['Credentials', 'IAM']);

/**
 * SDK `Destination` (the live API's seven), and the two this platform adds for self-hosting: `NATS` (a
 * JetStream subject) and `Webhook` (CloudEvents over HTTP(S), HMAC-signed). Secrets are masked as the API
 * shows them (a Webhook's `secret` is write-only: `****`; an Azure Service Bus connection string shows all but
 * its `SharedAccessKey`, masked inside it); the services that deliver get them opened (`DeliverableSubscription`).
 */
export const SubscriptionDestinationShape = union('Destination', 'type', {
  SQS: object('SqsDestination', {
    queueUrl: string(),
    region: string(),
    accessKey: optional(string()),
    accessSecret: optional(masked()),
    authenticationMode: optional(AwsAuthenticationModeShape),
  }),
  SNS: object('SnsDestination', {
    topicArn: string(),
    accessKey: optional(string()),
    accessSecret: optional(masked()),
    authenticationMode: optional(AwsAuthenticationModeShape),
  }),
  EventBridge: object('EventBridgeDestination', { region: string(), accountId: string(), source: string() }),
  EventGrid: object('AzureEventGridDestination', { uri: string(), accessKey: masked() }),
  AzureServiceBus: object('AzureServiceBusDestination', { connectionString: string() }),
  GoogleCloudPubSub: object('GoogleCloudPubSubDestination', { projectId: string(), topic: string() }),
  ConfluentCloud: object('ConfluentCloudDestination', {
    bootstrapServer: string(),
    apiKey: masked(),
    apiSecret: masked(),
    acks: string(),
    topic: string(),
    key: optional(string()),
  }),
  NATS: object('NatsDestination', { subject: string(), url: optional(string()) }),
  Webhook: object('WebhookDestination', { url: string(), secret: masked() }),
});

/** SDK `MessageSubscription`: the Messages of a resource type, all or those of `types`. */
export const MessageSubscriptionShape = object('MessageSubscription', {
  resourceTypeId: string(),
  types: optional(array(string())),
});

/** SDK `ChangeSubscription`: every create, update and delete of a resource type. */
export const ChangeSubscriptionShape = object('ChangeSubscription', { resourceTypeId: string() });

/** SDK `EventSubscription`. */
export const EventSubscriptionShape = object('EventSubscription', {
  resourceTypeId: enumOf('EventSubscriptionResourceTypeId', EVENT_SUBSCRIPTION_RESOURCE_TYPE_IDS),
  types: optional(array(string())),
});

/** SDK `DeliveryFormat`. */
export const DeliveryFormatShape = union('DeliveryFormat', 'type', {
  Platform: object('PlatformFormat', {}),
  CloudEvents: object('CloudEventsFormat', { cloudEventsVersion: string() }),
});

/** SDK `Subscription` (checkout facts 12). */
export const SubscriptionShape = resource('Subscription', {
  key: optional(key()),
  destination: SubscriptionDestinationShape,
  messages: array(MessageSubscriptionShape),
  changes: array(ChangeSubscriptionShape),
  events: array(EventSubscriptionShape),
  format: DeliveryFormatShape,
  status: enumOf('SubscriptionHealthStatus', SUBSCRIPTION_STATUSES),
});
