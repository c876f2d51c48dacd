import {
  Events,
  Subjects,
  SubscriptionResource,
  SUBSCRIPTION_STATUSES,
  type DeliverableSubscription,
  type Rpc,
  type Subscription,
  type SubscriptionHealthReport,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { EventBus, Handles } from '@commerce/messaging';
import { outboundPolicyFromEnv } from '@commerce/outbound';
import { engineProvider, resourceRpcController } from '@commerce/resources';
import { SERVICE_CONFIG, type ServiceConfig } from '@commerce/service-kit';
import { Controller, Module } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { AuthSecrets } from '../secrets/auth-secrets.js';
import { openedDestination } from './subscription-destination.js';
import { SUBSCRIPTION_ENGINE, defineSubscription } from './subscription.definition.js';

/** `auth.subscriptions.deliverable` and `auth.subscriptions.report`: what the delivering services need and say. */
@Controller()
export class SubscriptionDeliveryController {
  constructor(
    private readonly db: DataSource,
    private readonly secrets: AuthSecrets,
    private readonly events: EventBus,
  ) {}

  @Handles(Subjects.auth.subscriptionsDeliverable)
  async deliverable(@Payload() _request: Rpc): Promise<DeliverableSubscription[]> {
    const rows = await this.db.query<Array<{ project_key: string; doc: Subscription; sealed: string | null }>>(
      `SELECT s.project_key, s.doc, x.sealed FROM "auth"."subscriptions" s
       LEFT JOIN "auth"."subscription_secrets" x ON x.project_key = s.project_key AND x.subscription_id = s.id
       ORDER BY s.created_at, s.id`,
    );
    const box = this.secrets.configured ? this.secrets.sealer('subscription secrets') : undefined;
    return rows.map(({ project_key: projectKey, doc, sealed }) => {
      const secrets =
        sealed && box
          ? (JSON.parse(box.open(sealed, `subscription:${projectKey}:${doc.id}`)) as Record<string, string>)
          : undefined;
      return {
        id: doc.id,
        projectKey,
        ...(doc.key !== undefined ? { key: doc.key } : {}),
        createdAt: doc.createdAt,
        destination: openedDestination(doc.destination, secrets),
        messages: doc.messages,
        changes: doc.changes,
        format: doc.format,
        status: doc.status,
      };
    });
  }

  /** The status as the live API reports it; not a change of the configuration, so the version stays. */
  @Handles(Subjects.auth.subscriptionsReport)
  async report(@Payload() { ctx, report }: Rpc<{ report: SubscriptionHealthReport }>): Promise<Record<string, never>> {
    if (!SUBSCRIPTION_STATUSES.includes(report?.status)) throw Errors.invalidInput('report.status: unknown status.');
    const rows = await this.db.query<unknown[]>(
      `UPDATE "auth"."subscriptions" SET doc = jsonb_set(doc, '{status}', to_jsonb($3::text))
       WHERE project_key = $1 AND id = $2 AND doc->>'status' IS DISTINCT FROM $3 RETURNING 1`,
      [ctx.projectKey, report.id, report.status],
    );
    if (rows.length > 0) await this.events.publish(Events.subscriptionsChanged, { projectKey: ctx.projectKey });
    return {};
  }
}

@Module({
  controllers: [resourceRpcController(SubscriptionResource, SUBSCRIPTION_ENGINE), SubscriptionDeliveryController],
  providers: [
    AuthSecrets,
    engineProvider(
      SUBSCRIPTION_ENGINE,
      (secrets: AuthSecrets, events: EventBus, config: ServiceConfig) =>
        defineSubscription({
          secrets,
          outbound: { ...outboundPolicyFromEnv(), allowHttp: true },
          senders: { outbound: outboundPolicyFromEnv(), natsUrl: config.NATS_URL },
          changed: (projectKey) => events.publish(Events.subscriptionsChanged, { projectKey }),
        }),
      [AuthSecrets, EventBus, SERVICE_CONFIG],
    ),
  ],
})
export class SubscriptionsModule {}
