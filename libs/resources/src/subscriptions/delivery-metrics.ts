import type { SubscriptionDestination } from '@commerce/contracts';
import { processMetrics } from '@commerce/service-kit';
import { Counter, Gauge, Histogram } from 'prom-client';

type DestinationType = SubscriptionDestination['type'];

/** Where each Subscription's delivery stands, for the backlog gauge: its destination type and oldest wait. */
const backlog = new Map<string, { type: DestinationType; seconds: number }>();

/**
 * The Prometheus metrics of subscription delivery (`processMetrics`: a service's `/metrics` on its probe port,
 * the gateway's scrape endpoint in the all-in-one mode), by destination type. Counters get `_total`.
 */
export const subscriptionDeliveryMetrics = {
  delivered: new Counter({
    name: 'subscription_notifications_delivered',
    help: 'Notifications a destination accepted (Messages and change notifications; test notifications not counted)',
    labelNames: ['destination_type'] as const,
    registers: [processMetrics],
  }),
  failures: new Counter({
    name: 'subscription_delivery_failures',
    help: 'Delivery attempts that failed, by kind: configuration (the destination refused) or temporary',
    labelNames: ['destination_type', 'kind'] as const,
    registers: [processMetrics],
  }),
  lag: new Histogram({
    name: 'subscription_delivery_lag_seconds',
    help: 'Seconds from the Message being written to its notification being accepted by the destination',
    labelNames: ['destination_type'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600, 21_600, 86_400],
    registers: [processMetrics],
  }),
  backlog: new Gauge({
    name: 'subscription_delivery_backlog_age_seconds',
    help: 'Age of the oldest notification not yet delivered, the largest over the Subscriptions of a destination type (0 when caught up)',
    labelNames: ['destination_type'] as const,
    registers: [processMetrics],
    collect() {
      this.reset();
      const oldest = new Map<DestinationType, number>();
      for (const { type, seconds } of backlog.values()) oldest.set(type, Math.max(oldest.get(type) ?? 0, seconds));
      for (const [type, seconds] of oldest) this.set({ destination_type: type }, seconds);
    },
  }),
  /** What a batch saw of a Subscription's backlog (0: caught up); forgotten when the Subscription goes. */
  backlogOf(subscriptionId: string, type: DestinationType, seconds: number): void {
    backlog.set(subscriptionId, { type, seconds });
  },
  forget(subscriptionId: string): void {
    backlog.delete(subscriptionId);
  },
};
