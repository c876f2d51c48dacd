import {
  Events,
  Subjects,
  resolveSubject,
  type MessageSource,
  type ReferenceOwner,
  type ProjectChangedEvent,
  type RequestContext,
} from '@commerce/contracts';
import { EventBus, On, RpcClient } from '@commerce/messaging';
import { randomUUID } from 'node:crypto';
import { OutboundClient, outboundPolicyFromEnv } from '@commerce/outbound';
import { SERVICE_CONFIG, type ServiceConfig } from '@commerce/service-kit';
import { Controller, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { JetStreamPublisher } from './messages/jetstream-publisher.js';
import { MessageLog } from './messages/message-log.js';
import { MessageRelay } from './messages/message-relay.js';
import { MessageRetention } from './messages/message-retention.js';
import { messagesRpcController } from './messages/messages-rpc.controller.js';
import { ExtensionCalls, type WriteExtensions } from './extensions/extension-calls.js';
import { ProjectExtensions } from './extensions/project-extensions.js';
import { ProjectSubscriptions } from './subscriptions/project-subscriptions.js';
import { SubscriptionDelivery } from './subscriptions/subscription-delivery.js';
import { ProjectSettings } from './project-settings.js';
import { ReferenceResolver } from './reference-resolver.js';
import { ReferenceIntents } from './references/reference-intents.js';
import { ReferenceReservations } from './references/reference-reservations.js';
import { referencesRpcController } from './references/references-rpc.controller.js';
import type { ResourceDefinition, VersionedResource } from './resource-definition.js';
import { ResourceEngine, type CreationAnnouncer } from './resource-engine.js';
import { ResourceRegistry } from './resource-registry.js';
import { resolveRpcController } from './resource-rpc.controller.js';

@Controller()
class ProjectEventsController {
  constructor(
    private readonly settings: ProjectSettings,
    private readonly extensions: ProjectExtensions,
    private readonly subscriptions: ProjectSubscriptions,
  ) {}

  @On(Events.projectChanged)
  changed(@Payload() event: ProjectChangedEvent) {
    if (typeof event?.projectKey === 'string') this.settings.invalidate(event.projectKey);
  }

  @On(Events.extensionsChanged)
  extensionsChanged(@Payload() event: ProjectChangedEvent) {
    if (typeof event?.projectKey === 'string') this.extensions.invalidate(event.projectKey);
  }

  @On(Events.subscriptionsChanged)
  subscriptionsChanged() {
    this.subscriptions.invalidate();
  }
}

/** The service's WriteExtensions: its engines call the project's API Extensions inside their writes. */
export const WRITE_EXTENSIONS = Symbol('WRITE_EXTENSIONS');

export interface ResourcesOptions {
  /** The service's subject prefix, e.g. `stores`. */
  prefix: ReferenceOwner & MessageSource;
  /** The service's schema, holding its `messages` table. */
  schema: string;
  /** Whether `<prefix>.resolve` answers from the registered engines (default); false when the service answers it itself. */
  resolve?: boolean;
  /** An event published `{projectKey, typeId, key}` after each create of a resource with a key. */
  createdEvent?: typeof Events.catalogResourceCreated;
}

/** The service's CreationAnnouncer, or null when it announces nothing. */
export const CREATION_ANNOUNCER = Symbol('CREATION_ANNOUNCER');

/**
 * What a resource-owning service shares: project settings, reference resolution, the message log with its
 * relay and retention, `<prefix>.resolve` and `<prefix>.messages.*`.
 */
@Module({})
export class ResourcesModule {
  static forService(options: ResourcesOptions): DynamicModule {
    const providers: Provider[] = [
      ProjectSettings,
      ProjectExtensions,
      ProjectSubscriptions,
      {
        // Every service delivers its own Messages to the Subscriptions (docs/INTEGRATIONS.md).
        provide: SubscriptionDelivery,
        useFactory: (
          db: DataSource,
          config: ServiceConfig,
          subscriptions: ProjectSubscriptions,
          rpc: RpcClient,
        ) =>
          new SubscriptionDelivery(
            db,
            options.schema,
            subscriptions,
            { outbound: outboundPolicyFromEnv(), natsUrl: config.NATS_URL },
            async (subscription, status) => {
              const ctx = { projectKey: subscription.projectKey, correlationId: randomUUID(), actor: {} };
              await rpc.send(Subjects.auth.subscriptionsReport, {
                ctx,
                report: { id: subscription.id, status },
              });
            },
            { stopAfterMs: config.SUBSCRIPTION_CONFIGURATION_ERROR_STOP_MS },
          ),
        inject: [DataSource, SERVICE_CONFIG, ProjectSubscriptions, RpcClient],
      },
      {
        provide: WRITE_EXTENSIONS,
        // SSRF-checked at connect time, no redirects, plain http allowed as the live API allows it for extensions;
        // OUTBOUND_ALLOW_PRIVATE only in development and tests.
        useFactory: (extensions: ProjectExtensions): WriteExtensions =>
          new ExtensionCalls(extensions, new OutboundClient({ ...outboundPolicyFromEnv(), allowHttp: true })),
        inject: [ProjectExtensions],
      },
      ResourceRegistry,
      {
        provide: ReferenceIntents,
        useFactory: (db: DataSource) => new ReferenceIntents(db, options.schema),
        inject: [DataSource],
      },
      {
        provide: ReferenceReservations,
        useFactory: (db: DataSource, registry: ResourceRegistry, rpc: RpcClient) =>
          new ReferenceReservations(db, options.schema, registry, rpc),
        inject: [DataSource, ResourceRegistry, RpcClient],
      },
      {
        provide: ReferenceResolver,
        useFactory: (rpc: RpcClient, intents: ReferenceIntents) => new ReferenceResolver(rpc, intents),
        inject: [RpcClient, ReferenceIntents],
      },
      {
        provide: MessageLog,
        useFactory: (settings: ProjectSettings) => new MessageLog(options.schema, settings),
        inject: [ProjectSettings],
      },
      {
        provide: MessageRelay,
        useFactory: (db: DataSource, config: ServiceConfig) =>
          new MessageRelay(
            db,
            options.schema,
            config.NATS_URL ? new JetStreamPublisher(config.NATS_URL, `relay-${options.schema}`) : undefined,
          ),
        inject: [DataSource, SERVICE_CONFIG],
      },
      {
        provide: CREATION_ANNOUNCER,
        useFactory: (events: EventBus): CreationAnnouncer | null => {
          const event = options.createdEvent;
          if (!event) return null;
          return (ctx: RequestContext, typeId: string, key: string) =>
            events.publish(event, { projectKey: ctx.projectKey, typeId, key });
        },
        inject: [EventBus],
      },
      {
        provide: MessageRetention,
        useFactory: (db: DataSource, config: ServiceConfig) =>
          new MessageRetention(db, options.schema, { relayed: config.NATS_URL !== undefined }),
        inject: [DataSource, SERVICE_CONFIG],
      },
    ];
    return {
      module: ResourcesModule,
      global: true,
      controllers: [
        ProjectEventsController,
        ...(options.resolve === false ? [] : [resolveRpcController(resolveSubject(options.prefix))]),
        messagesRpcController(options.prefix, options.schema),
        referencesRpcController(options.prefix),
      ],
      providers,
      exports: [
        ProjectSettings,
        ProjectExtensions,
        ProjectSubscriptions,
        WRITE_EXTENSIONS,
        ReferenceResolver,
        ReferenceIntents,
        ReferenceReservations,
        ResourceRegistry,
        MessageLog,
        CREATION_ANNOUNCER,
      ],
    };
  }
}

/**
 * A provider of a resource's engine: the definition is built from injected dependencies, and the engine is
 * registered for `<prefix>.resolve`.
 */
export function engineProvider<T extends VersionedResource, D extends object, Deps extends unknown[]>(
  token: string | symbol,
  define: (...deps: Deps) => ResourceDefinition<T, D>,
  inject: unknown[] = [],
): Provider {
  return {
    provide: token,
    useFactory: (
      db: DataSource,
      log: MessageLog,
      registry: ResourceRegistry,
      announce: CreationAnnouncer | null,
      intents: ReferenceIntents,
      reservations: ReferenceReservations,
      extensions: WriteExtensions,
      ...deps: Deps
    ) => {
      const engine = new ResourceEngine(
        db,
        log,
        define(...deps),
        announce ?? undefined,
        { intents, reservations },
        extensions,
      );
      registry.add(engine);
      return engine;
    },
    inject: [
      DataSource,
      MessageLog,
      ResourceRegistry,
      CREATION_ANNOUNCER,
      ReferenceIntents,
      ReferenceReservations,
      WRITE_EXTENSIONS,
      ...(inject as never[]),
    ],
  };
}
