import {
  SubscriptionChangeDestinationAction,
  SubscriptionDraftDto,
  SubscriptionResource,
  SubscriptionSetChangesAction,
  SubscriptionSetEventsAction,
  SubscriptionSetKeyAction,
  SubscriptionSetMessagesAction,
  type ChangeSubscription,
  type DeliverableSubscription,
  type DeliveryFormat,
  type EventSubscription,
  type MessageSubscription,
  type RequestContext,
  type Subscription,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { OutboundPolicy } from '@commerce/outbound';
import {
  action,
  senderFor,
  testNotification,
  type DeclaredActionTable,
  type ResourceDefinition,
  type SenderDeps,
} from '@commerce/resources';
import type { AuthSecrets } from '../secrets/auth-secrets.js';
import { openedDestination, splitSubscriptionDestination } from './subscription-destination.js';
import { subscriptionSecrets } from './subscription-secrets.js';
import { subscriptionsTable } from './subscriptions.table.js';

export const SUBSCRIPTION_ENGINE = Symbol('SUBSCRIPTION_ENGINE');

export interface SubscriptionDeps {
  secrets: AuthSecrets;
  outbound: OutboundPolicy;
  senders: SenderDeps;
  /** Told after every committed change: the delivering services read the Subscriptions again. */
  changed(projectKey: string): Promise<void>;
}

function formatOf(raw: Record<string, unknown> | undefined): DeliveryFormat {
  if (raw === undefined || raw.type === 'Platform') return { type: 'Platform' };
  if (raw.type === 'CloudEvents') {
    if (raw.cloudEventsVersion !== '1.0') {
      throw Errors.invalidInput('format.cloudEventsVersion: 1.0 is the supported CloudEvents version.');
    }
    return { type: 'CloudEvents', cloudEventsVersion: '1.0' };
  }
  throw Errors.invalidJsonInput('format.type: Platform or CloudEvents expected.');
}

const messagesOf = (raw: MessageSubscription[] | undefined): MessageSubscription[] =>
  (raw ?? []).map((m) => ({ resourceTypeId: m.resourceTypeId, ...(m.types ? { types: [...new Set(m.types)] } : {}) }));
const changesOf = (raw: ChangeSubscription[] | undefined): ChangeSubscription[] =>
  (raw ?? []).map((c) => ({ resourceTypeId: c.resourceTypeId }));
const eventsOf = (raw: EventSubscription[] | undefined): EventSubscription[] =>
  (raw ?? []).map((e) => ({ resourceTypeId: e.resourceTypeId, ...(e.types ? { types: [...new Set(e.types)] } : {}) }));

/** The live API: at least one of messages, changes and events. */
function atLeastOne(subscription: Pick<Subscription, 'messages' | 'changes' | 'events'>): void {
  if (subscription.messages.length + subscription.changes.length + subscription.events.length === 0) {
    throw Errors.invalidInput('Either messages, changes or events must be set.');
  }
}

/**
 * The live API's test notification (ResourceCreated of the Subscription): a destination that can not take it
 * refuses the create or the changeDestination with InvalidInput, and nothing is written.
 */
async function testDelivery(
  deps: SubscriptionDeps,
  ctx: RequestContext,
  subscription: Subscription,
  secrets: Record<string, string>,
): Promise<void> {
  const deliverable: DeliverableSubscription = {
    id: subscription.id,
    projectKey: ctx.projectKey,
    createdAt: subscription.createdAt,
    destination: openedDestination(subscription.destination, secrets),
    messages: subscription.messages,
    changes: subscription.changes,
    format: subscription.format,
    status: 'Healthy',
  };
  const sender = senderFor(deliverable.destination, deps.senders);
  try {
    await sender.send(testNotification(deliverable));
  } catch (error) {
    throw Errors.invalidInput(
      `The test notification could not be delivered to the destination: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    await sender.close();
  }
}

function actions(deps: SubscriptionDeps): DeclaredActionTable<Subscription, typeof SubscriptionResource.actions> {
  return {
    changeDestination: action(
      SubscriptionChangeDestinationAction,
      async (subscription: Subscription, { destination }, { ctx }) => {
        const split = splitSubscriptionDestination(destination, deps.outbound);
        const box = Object.keys(split.secrets).length > 0 ? deps.secrets.sealer('subscription secrets') : undefined;
        const changed: Subscription = { ...subscription, destination: split.shown, status: 'Healthy' };
        await testDelivery(deps, ctx, changed, split.secrets);
        return {
          resource: changed,
          write: (tx) =>
            box
              ? subscriptionSecrets.write(tx, box, ctx, subscription.id, split.secrets)
              : subscriptionSecrets.remove(tx, ctx, subscription.id),
        };
      },
    ),
    setMessages: action(SubscriptionSetMessagesAction, (subscription: Subscription, { messages }) => {
      const changed = { ...subscription, messages: messagesOf(messages) };
      atLeastOne(changed);
      return { resource: changed };
    }),
    setChanges: action(SubscriptionSetChangesAction, (subscription: Subscription, { changes }) => {
      const changed = { ...subscription, changes: changesOf(changes) };
      atLeastOne(changed);
      return { resource: changed };
    }),
    setEvents: action(SubscriptionSetEventsAction, (subscription: Subscription, { events }) => {
      const changed = { ...subscription, events: eventsOf(events) };
      atLeastOne(changed);
      return { resource: changed };
    }),
    setKey: action(SubscriptionSetKeyAction, (subscription: Subscription, { key }) => {
      const { key: _old, ...rest } = subscription;
      return { resource: key === undefined ? rest : { ...rest, key } };
    }),
  };
}

/** Subscriptions (checkout facts 12): configuration and status here; every service delivers its own Messages. */
export function defineSubscription(deps: SubscriptionDeps): ResourceDefinition<Subscription, SubscriptionDraftDto> {
  return {
    typeId: SubscriptionResource.typeId,
    table: subscriptionsTable,
    draft: SubscriptionDraftDto,
    actions: actions(deps),
    build(draft) {
      const split = splitSubscriptionDestination(draft.destination, deps.outbound);
      if (Object.keys(split.secrets).length > 0) deps.secrets.sealer('subscription secrets');
      const fields = {
        ...(draft.key !== undefined ? { key: draft.key } : {}),
        destination: split.shown,
        messages: messagesOf(draft.messages),
        changes: changesOf(draft.changes),
        events: eventsOf(draft.events),
        format: formatOf(draft.format),
        status: 'Healthy' as const,
      };
      atLeastOne(fields);
      return fields;
    },
    createWrite(subscription, draft, { ctx }) {
      const { secrets } = splitSubscriptionDestination(draft.destination, deps.outbound);
      const box = Object.keys(secrets).length > 0 ? deps.secrets.sealer('subscription secrets') : undefined;
      return async (tx) => {
        // The id exists only now: the test notification goes out before the create commits.
        await testDelivery(deps, ctx, subscription, secrets);
        if (box) await subscriptionSecrets.write(tx, box, ctx, subscription.id, secrets);
      };
    },
    beforeDelete: (subscription, { ctx }) =>
      Promise.resolve((tx) => subscriptionSecrets.remove(tx, ctx, subscription.id)),
    afterCommit: (_subscription, { ctx }) => deps.changed(ctx.projectKey),
  };
}
