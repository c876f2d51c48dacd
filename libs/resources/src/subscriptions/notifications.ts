import {
  RESOURCE_DESCRIPTORS,
  type DeliverableSubscription,
  type DeliveryFormat,
  type Message,
} from '@commerce/contracts';

/** One notification to deliver: its body in the Subscription's format and the id a consumer deduplicates on. */
export interface Notification {
  /** Stable across retries and replicas: the Message's id (Message) or `<resource id>:<version>` (change). */
  deliveryId: string;
  projectKey: string;
  resourceId: string;
  /** The Message type, or ResourceCreated / ResourceUpdated / ResourceDeleted. */
  type: string;
  body: Record<string, unknown>;
}

const PATHS = new Map<string, string>(RESOURCE_DESCRIPTORS.map((d) => [d.typeId as string, d.path as string]));

const pascal = (typeId: string) =>
  typeId
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/** Which change a Message means: the resource's own `<Type>Created` / `<Type>Deleted`, anything else an update. */
export function changeOf(message: Pick<Message, 'type' | 'resource'>): 'ResourceCreated' | 'ResourceUpdated' | 'ResourceDeleted' {
  const name = pascal(message.resource.typeId);
  if (message.type === `${name}Created`) return 'ResourceCreated';
  if (message.type === `${name}Deleted`) return 'ResourceDeleted';
  return 'ResourceUpdated';
}

function cloudEvent(
  n: Omit<Notification, 'body'> & { kind: 'message' | 'change'; typeId: string; time: string; sequence?: number },
  data: Record<string, unknown>,
  format: Extract<DeliveryFormat, { type: 'CloudEvents' }>,
): Record<string, unknown> {
  const path = PATHS.get(n.typeId) ?? `${n.typeId}s`;
  return {
    specversion: format.cloudEventsVersion,
    id: n.deliveryId,
    type: `com.commercetools.${n.typeId}.${n.kind}.${n.type}`,
    source: `/${n.projectKey}/${path}`,
    subject: n.resourceId,
    time: n.time,
    ...(n.sequence !== undefined
      ? { sequence: String(n.sequence), sequencetype: 'Integer', dataref: `/${n.projectKey}/messages/${n.deliveryId}` }
      : {}),
    datacontenttype: 'application/json',
    data,
  };
}

/** The notifications one Message gives a Subscription (none, a Message, a change, or both), in that order. */
export function notificationsOf(subscription: DeliverableSubscription, message: Message): Notification[] {
  const typeId = message.resource.typeId;
  const out: Notification[] = [];
  const base = {
    projectKey: subscription.projectKey,
    resource: message.resource,
    ...(message.resourceUserProvidedIdentifiers
      ? { resourceUserProvidedIdentifiers: message.resourceUserProvidedIdentifiers }
      : {}),
  };
  const format = subscription.format;
  const wanted = subscription.messages.find((m) => m.resourceTypeId === typeId);
  if (wanted && (!wanted.types || wanted.types.length === 0 || wanted.types.includes(message.type))) {
    const payload = { notificationType: 'Message', ...message, ...base };
    const head = { deliveryId: message.id, projectKey: subscription.projectKey, resourceId: message.resource.id, type: message.type };
    out.push({
      ...head,
      body:
        format.type === 'CloudEvents'
          ? cloudEvent({ ...head, kind: 'message', typeId, time: message.lastModifiedAt, sequence: message.sequenceNumber }, payload, format)
          : payload,
    });
  }
  if (subscription.changes.some((c) => c.resourceTypeId === typeId)) {
    const change = changeOf(message);
    const version = message.resourceVersion;
    const payload = {
      notificationType: change,
      ...base,
      version,
      ...(change === 'ResourceUpdated' ? { oldVersion: Math.max(1, version - 1) } : {}),
      modifiedAt: message.createdAt,
    };
    const head = {
      deliveryId: `${message.resource.id}:${version}:${change}`,
      projectKey: subscription.projectKey,
      resourceId: message.resource.id,
      type: change,
    };
    out.push({
      ...head,
      body:
        format.type === 'CloudEvents'
          ? cloudEvent({ ...head, kind: 'change', typeId, time: message.createdAt }, payload, format)
          : payload,
    });
  }
  return out;
}

/** The live API's test notification on create and on changeDestination: ResourceCreated of the Subscription. */
export function testNotification(subscription: DeliverableSubscription): Notification {
  const now = new Date().toISOString();
  const payload = {
    notificationType: 'ResourceCreated',
    projectKey: subscription.projectKey,
    resource: { typeId: 'subscription', id: subscription.id },
    version: 1,
    modifiedAt: now,
  };
  const head = {
    deliveryId: `${subscription.id}:test:${now}`,
    projectKey: subscription.projectKey,
    resourceId: subscription.id,
    type: 'ResourceCreated',
  };
  return {
    ...head,
    body:
      subscription.format.type === 'CloudEvents'
        ? cloudEvent({ ...head, kind: 'change', typeId: 'subscription', time: now }, payload, subscription.format)
        : payload,
  };
}
