import type { DeliverableSubscription, Message, SubscriptionHealthStatus } from '@commerce/contracts';
import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { subscriptionDeliveryMetrics } from './delivery-metrics.js';
import { notificationsOf, type Notification } from './notifications.js';
import { DeliveryError, senderFor, type NotificationSender, type SenderDeps } from './senders.js';
import type { ProjectSubscriptions } from './project-subscriptions.js';

export interface DeliveryOptions {
  intervalMs?: number;
  /** Messages read per batch (one transaction, which holds the Subscription's position). */
  batch?: number;
  /** The first retry's delay; each failure doubles it up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /**
   * How long a destination may fail with configuration errors before delivery stops: what waits is dropped
   * and the status is ConfigurationErrorDeliveryStopped (the live API: 24 hours for production projects).
   */
  stopAfterMs?: number;
}

interface Position {
  snapshot: string;
  next: string;
  fresh: boolean;
  after_gid: string;
  failures: number;
  waiting: boolean;
  idle_due: boolean;
  configuration_error_since: string | null;
  stop_due: boolean;
}

interface Row {
  gid: string;
  doc: Message;
}

/** What a batch did, for the caller (and the tests). */
export interface BatchResult {
  delivered: number;
  failed?: DeliveryError;
  /** Seconds from the oldest undelivered Message's creation to now (0 when caught up). */
  lagSeconds: number;
  /** Whether the batch's failure stopped delivery and dropped what was waiting (ConfigurationErrorDeliveryStopped). */
  dropped?: boolean;
}

/**
 * Delivers a service's Messages, and the changes they mean, to the Subscriptions that ask for them: at least
 * once, in the order the relay publishes them (`gid` within snapshot windows, so per resource in commit
 * order), each with an id the consumer deduplicates on.
 *
 * Each Subscription has one position row in the service's `subscription_positions` (the relay's windows:
 * `snapshot`, `next_snapshot`, `after_gid`). A batch runs in one transaction that holds that row
 * (`FOR UPDATE SKIP LOCKED`): of several replicas, one delivers a Subscription at a time, and the lock is the
 * lease (a replica that dies releases it). A failed delivery keeps the position right before it, counts the
 * failure and waits (`retry_at`, doubling from `backoffMs`) before trying again; the Messages wait for it
 * as long as they are kept (the project's `deleteDaysAfterCreation`), so a destination that comes back
 * gets them all, in order.
 */
export class SubscriptionDelivery implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SubscriptionDelivery.name);
  private readonly positions: string;
  private readonly messages: string;
  private readonly intervalMs: number;
  private readonly batch: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly stopAfterMs: number;
  private readonly senders = new Map<string, { fingerprint: string; sender: NotificationSender }>();
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly db: DataSource,
    schema: string,
    private readonly subscriptions: ProjectSubscriptions,
    private readonly senderDeps: SenderDeps,
    private readonly report: (subscription: DeliverableSubscription, status: SubscriptionHealthStatus) => Promise<void>,
    options: DeliveryOptions = {},
  ) {
    this.positions = `"${schema}"."subscription_positions"`;
    this.messages = `"${schema}"."messages"`;
    this.intervalMs = options.intervalMs ?? 250;
    this.batch = options.batch ?? 100;
    this.backoffMs = options.backoffMs ?? 1_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 300_000;
    this.stopAfterMs = options.stopAfterMs ?? 86_400_000;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    for (const { sender } of this.senders.values()) await sender.close().catch(() => undefined);
    this.senders.clear();
  }

  /** Delivers what is due for every Subscription, until nothing is left for now. */
  async deliverAll(): Promise<void> {
    const subscriptions = await this.subscriptions.all();
    const live = new Set(subscriptions.map((s) => s.id));
    for (const [id, { sender }] of this.senders) {
      if (!live.has(id)) {
        this.senders.delete(id);
        subscriptionDeliveryMetrics.forget(id);
        await sender.close().catch(() => undefined);
      }
    }
    for (const subscription of subscriptions) {
      if (subscription.messages.length === 0 && subscription.changes.length === 0) continue;
      // ConfigurationErrorDeliveryStopped still tries what is new (it becomes Healthy once that is delivered).
      if (subscription.status === 'ManuallySuspended') continue;
      for (;;) {
        const result = await this.deliverBatch(subscription);
        if (!result || result.failed || result.delivered === 0) break;
      }
    }
  }

  private sender(subscription: DeliverableSubscription): NotificationSender {
    const fingerprint = JSON.stringify(subscription.destination);
    const known = this.senders.get(subscription.id);
    if (known && known.fingerprint === fingerprint) return known.sender;
    if (known) void known.sender.close().catch(() => undefined);
    const sender = senderFor(subscription.destination, this.senderDeps);
    this.senders.set(subscription.id, { fingerprint, sender });
    return sender;
  }

  /**
   * One batch of one Subscription: undefined when another replica holds it, it waits for its retry, or
   * nothing is new.
   */
  async deliverBatch(subscription: DeliverableSubscription): Promise<BatchResult | undefined> {
    const typeIds = [
      ...new Set([...subscription.messages, ...subscription.changes].map((entry) => entry.resourceTypeId)),
    ];
    return this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO ${this.positions} (subscription_id, project_key, snapshot) VALUES ($1, $2, '1:1:')
         ON CONFLICT (subscription_id) DO NOTHING`,
        [subscription.id, subscription.projectKey],
      );
      const [position] = await tx.query<Position[]>(
        `SELECT snapshot::text, coalesce(next_snapshot, pg_current_snapshot())::text AS next,
           next_snapshot IS NULL AS fresh, after_gid, failures, coalesce(retry_at > now(), false) AS waiting,
           moved_at < now() - interval '5 seconds' AS idle_due, configuration_error_since::text,
           coalesce(configuration_error_since <= now() - make_interval(secs => $2::float / 1000), false) AS stop_due
         FROM ${this.positions} WHERE subscription_id = $1 FOR UPDATE SKIP LOCKED`,
        [subscription.id, this.stopAfterMs],
      );
      if (!position || position.waiting) return undefined;
      const rows = await tx.query<Row[]>(
        `SELECT gid, doc FROM ${this.messages}
         WHERE tx >= pg_snapshot_xmin($1::pg_snapshot) AND tx < pg_snapshot_xmax($2::pg_snapshot)
           AND pg_visible_in_snapshot(tx, $2::pg_snapshot) AND NOT pg_visible_in_snapshot(tx, $1::pg_snapshot)
           AND gid > $3 AND project_key = $4 AND created_at >= $5::timestamptz
           AND doc->'resource'->>'typeId' = ANY($6::text[])
         ORDER BY gid LIMIT ${this.batch}`,
        [position.snapshot, position.next, position.after_gid, subscription.projectKey, subscription.createdAt, typeIds],
      );
      if (rows.length === 0 && position.fresh) {
        // Nothing new: the position moves to the newest snapshot now and then, not on every tick.
        if (position.idle_due) {
          await tx.query(
            `UPDATE ${this.positions} SET snapshot = $2::pg_snapshot, moved_at = now() WHERE subscription_id = $1`,
            [subscription.id, position.next],
          );
        }
        subscriptionDeliveryMetrics.backlogOf(subscription.id, subscription.destination.type, 0);
        return { delivered: 0, lagSeconds: 0 };
      }
      const sender = this.sender(subscription);
      const labels = { destination_type: subscription.destination.type };
      let deliveredGid = position.after_gid;
      let delivered = 0;
      let failed: DeliveryError | undefined;
      let failedAt: Message | undefined;
      const sent = new Set<string>();
      outer: for (const row of rows) {
        for (const notification of notificationsOf(subscription, row.doc)) {
          // Several Messages of one write are one change: one notification per id.
          if (sent.has(notification.deliveryId)) continue;
          try {
            await sender.send(notification);
          } catch (error) {
            failed =
              error instanceof DeliveryError ? error : new DeliveryError('temporary', error instanceof Error ? error.message : String(error));
            failedAt = row.doc;
            break outer;
          }
          sent.add(notification.deliveryId);
          delivered += 1;
          subscriptionDeliveryMetrics.delivered.inc(labels);
          subscriptionDeliveryMetrics.lag.observe(labels, Math.max(0, (Date.now() - Date.parse(row.doc.createdAt)) / 1000));
        }
        deliveredGid = row.gid;
      }
      if (failed) {
        const failures = position.failures + 1;
        const delay = Math.min(this.maxBackoffMs, this.backoffMs * 2 ** Math.min(failures - 1, 20));
        subscriptionDeliveryMetrics.failures.inc({ ...labels, kind: failed.kind });
        // A configuration error that outlasted stopAfterMs stops delivery: what waits is not kept (the live
        // API), the position moves past it, and only notifications written later are tried (once each).
        const dropped = failed.kind === 'configuration' && position.stop_due;
        await tx.query(
          `UPDATE ${this.positions} SET next_snapshot = $2::pg_snapshot, after_gid = $3, failures = $4,
             retry_at = now() + make_interval(secs => $5::float / 1000),
             configuration_error_since = CASE WHEN $6 THEN coalesce(configuration_error_since, now()) END
           WHERE subscription_id = $1`,
          [subscription.id, position.next, deliveredGid, failures, delay, failed.kind === 'configuration'],
        );
        if (dropped) {
          await tx.query(
            `UPDATE ${this.positions} SET snapshot = $2::pg_snapshot, next_snapshot = NULL, after_gid = 0, moved_at = now()
             WHERE subscription_id = $1`,
            [subscription.id, position.next],
          );
        }
        const lagSeconds = dropped || !failedAt ? 0 : Math.max(0, (Date.now() - Date.parse(failedAt.createdAt)) / 1000);
        subscriptionDeliveryMetrics.backlogOf(subscription.id, subscription.destination.type, lagSeconds);
        const status: SubscriptionHealthStatus = dropped
          ? 'ConfigurationErrorDeliveryStopped'
          : failed.kind === 'configuration'
            ? 'ConfigurationError'
            : 'TemporaryError';
        if (subscription.status !== status) {
          this.logger.warn(`subscription ${subscription.id}: ${failed.message} (${status}, retry in ${delay} ms)`);
          await this.reportSafely(subscription, status);
        }
        return { delivered, failed, lagSeconds, ...(dropped ? { dropped } : {}) };
      }
      if (rows.length < this.batch) {
        await tx.query(
          `UPDATE ${this.positions} SET snapshot = $2::pg_snapshot, next_snapshot = NULL, after_gid = 0, failures = 0,
             retry_at = NULL, configuration_error_since = NULL, moved_at = now() WHERE subscription_id = $1`,
          [subscription.id, position.next],
        );
      } else {
        await tx.query(
          `UPDATE ${this.positions} SET next_snapshot = $2::pg_snapshot, after_gid = $3, failures = 0, retry_at = NULL,
             configuration_error_since = NULL WHERE subscription_id = $1`,
          [subscription.id, position.next, deliveredGid],
        );
      }
      const last = rows[rows.length - 1]?.doc;
      const lagSeconds = rows.length < this.batch || !last ? 0 : Math.max(0, (Date.now() - Date.parse(last.createdAt)) / 1000);
      subscriptionDeliveryMetrics.backlogOf(subscription.id, subscription.destination.type, lagSeconds);
      // Only a delivery proves the destination works: another service's idle worker says nothing about it.
      if (delivered > 0 || position.failures > 0) this.healthy(subscription);
      return { delivered, lagSeconds };
    });
  }

  /** Delivering works (again): the Subscription is Healthy. */
  private healthy(subscription: DeliverableSubscription): void {
    if (subscription.status !== 'Healthy') void this.reportSafely(subscription, 'Healthy');
  }

  private async reportSafely(subscription: DeliverableSubscription, status: SubscriptionHealthStatus): Promise<void> {
    try {
      await this.report(subscription, status);
      subscription.status = status;
    } catch (error) {
      this.logger.warn(`reporting subscription ${subscription.id} ${status} failed: ${String(error)}`);
    }
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.deliverAll()
      .catch((error: unknown) =>
        this.logger.warn(`delivering notifications failed, will retry: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => (this.running = undefined));
    await this.running;
  }
}

/** The SQL of a service's Subscription positions (frozen): one row per Subscription, see SubscriptionDelivery. */
export function subscriptionPositionsSqlV1(schema: string): string[] {
  return [
    `CREATE TABLE "${schema}"."subscription_positions" (
      subscription_id text PRIMARY KEY,
      project_key text NOT NULL,
      snapshot pg_snapshot NOT NULL,
      next_snapshot pg_snapshot,
      after_gid bigint NOT NULL DEFAULT 0,
      failures int NOT NULL DEFAULT 0,
      retry_at timestamptz,
      moved_at timestamptz NOT NULL DEFAULT now()
    )`,
  ];
}

/** Since when a Subscription's destination refuses with configuration errors (frozen; see stopAfterMs). */
export function subscriptionPositionsSqlV2(schema: string): string[] {
  return [`ALTER TABLE "${schema}"."subscription_positions" ADD COLUMN configuration_error_since timestamptz`];
}

export { subscriptionDeliveryMetrics };
export type { Notification };
