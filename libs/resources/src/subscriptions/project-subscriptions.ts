import { Subjects, type DeliverableSubscription } from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';

/** How long a service trusts its copy of the Subscriptions; `evt.auth.subscriptions-changed` drops it sooner. */
export const SUBSCRIPTIONS_TTL_MS = 10_000;

/** A service's cached view of every project's Subscriptions (owned by auth-service, secrets opened). */
@Injectable()
export class ProjectSubscriptions {
  private cached?: { subscriptions: DeliverableSubscription[]; until: number };

  constructor(private readonly rpc: RpcClient) {}

  async all(): Promise<DeliverableSubscription[]> {
    if (this.cached && this.cached.until > Date.now()) return this.cached.subscriptions;
    // Not one project's question: the context names none (auth-service answers every project's).
    const ctx = { projectKey: '*', correlationId: randomUUID(), actor: {} };
    const subscriptions = await this.rpc.send(Subjects.auth.subscriptionsDeliverable, { ctx });
    this.cached = { subscriptions, until: Date.now() + SUBSCRIPTIONS_TTL_MS };
    return subscriptions;
  }

  invalidate(): void {
    this.cached = undefined;
  }
}
