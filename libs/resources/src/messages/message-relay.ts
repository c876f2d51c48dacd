import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { MESSAGES_STREAM } from './messages-table.js';

/** Where the relay sends Messages: JetStream in production (JetStreamPublisher). */
export interface MessagePublisher {
  /** Publishes one Message with its id as the de-duplication key; resolves once the stream stored it. */
  publish(subject: string, data: string, msgID: string): Promise<void>;
  /**
   * Which of `ids` the stream already holds on `subjects`, stored at `since` or later: what the relay asks
   * before it publishes again a batch whose first attempt is older than its retry horizon (the stream's
   * duplicate window would no longer catch a repeat).
   */
  stored(since: Date, subjects: string[], ids: Set<string>): Promise<Set<string>>;
  /** The stream's duplicate window, when known: the relay's retry horizon stays inside it. */
  readonly duplicateWindowMs?: number;
}

export interface RelayOptions {
  /** How often the relay looks for committed Messages. */
  intervalMs?: number;
  /** Messages per batch (one transaction). */
  batch?: number;
  /**
   * How long after its first attempt a batch may be published again without asking the stream first: shorter
   * than the stream's duplicate window by the clock difference the relay allows between database and NATS.
   */
  retryHorizonMs?: number;
}

interface Position {
  snapshot: string;
  next: string;
  /** No window in progress: `next` is a new snapshot. */
  fresh: boolean;
  after_gid: string;
  attempt_started_at: Date;
  now: Date;
}

interface Row {
  gid: string;
  id: string;
  project_key: string;
  type_id: string;
  doc: string;
}

/** The stream's duplicate window (JetStreamPublisher sets it) and the relay's retry horizon inside it. */
export const DUPLICATE_WINDOW_MS = 10 * 60_000;
/** The clock difference the relay allows between PostgreSQL (where it times attempts) and NATS. */
const CLOCK_SKEW_MS = 2 * 60_000;
export const RETRY_HORIZON_MS = DUPLICATE_WINDOW_MS - CLOCK_SKEW_MS;
/**
 * An idle relay moves its position (to the newest snapshot, with a new `attempt_started_at`) this often, not
 * on every tick: the sweep's view of what is published, and the retry horizon's start, stay this fresh.
 */
const IDLE_REFRESH_MS = 30_000;

/**
 * Publishes committed Messages to the stream `COMMERCE_MESSAGES` (subjects `messages.<projectKey>.<typeId>`)
 * once each, in the database's order, and remembers how far it got in one position row per stream
 * (`message_relay`), never in the Messages themselves.
 *
 * The position is a pair of snapshots (PgQ's batches): a window holds the Messages of every transaction that
 * `next_snapshot` shows committed and `snapshot` did not; within it, by `gid`, paged by `after_gid`. A
 * transaction that commits late (a smaller `gid` than Messages already published) falls into a later window,
 * so nothing is skipped; one resource's Messages are written under its row lock, so a later one is never
 * visible in an earlier snapshot than an earlier one, nor given a smaller `gid`.
 *
 * Exactly one relay publishes at a time: each batch runs in a transaction that holds the position row
 * (`FOR UPDATE SKIP LOCKED`); another replica finds it taken and waits for its next tick. A batch that failed
 * midway rolls back and is published again with the same ids, which the stream drops as duplicates within its
 * window; after `retryHorizonMs` the relay first asks the stream which of them it holds.
 */
export class MessageRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MessageRelay.name);
  private readonly position: string;
  private readonly messages: string;
  private readonly intervalMs: number;
  private readonly batch: number;
  private readonly retryHorizonMs: number;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly db: DataSource,
    schema: string,
    private readonly publisher:
      (MessagePublisher & { start?(): Promise<void>; stop?(): Promise<void> }) | undefined,
    options: RelayOptions = {},
  ) {
    this.position = `"${schema}"."message_relay"`;
    this.messages = `"${schema}"."messages"`;
    this.intervalMs = options.intervalMs ?? 250;
    this.batch = options.batch ?? 100;
    this.retryHorizonMs = options.retryHorizonMs ?? RETRY_HORIZON_MS;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.publisher) return;
    await this.publisher.start?.();
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    await this.publisher?.stop?.();
  }

  /**
   * Publishes one batch of the current window and moves the position past it, in one transaction. Returns
   * how many Messages it published, or undefined when there was nothing more to do now (no Messages, or
   * another relay holds the position).
   */
  async publishBatch(): Promise<number | undefined> {
    const publisher = this.publisher;
    if (!publisher) return undefined;
    return this.db.transaction(async (tx) => {
      const [position] = await tx.query<Position[]>(
        `SELECT snapshot::text, coalesce(next_snapshot, pg_current_snapshot())::text AS next,
           next_snapshot IS NULL AS fresh, after_gid, attempt_started_at, now() AS now
         FROM ${this.position} WHERE stream = $1 FOR UPDATE SKIP LOCKED`,
        [MESSAGES_STREAM],
      );
      if (!position) return undefined;
      const rows = await tx.query<Row[]>(
        `SELECT gid, id, project_key, doc->'resource'->>'typeId' AS type_id, doc::text AS doc
         FROM ${this.messages}
         WHERE tx >= pg_snapshot_xmin($1::pg_snapshot) AND tx < pg_snapshot_xmax($2::pg_snapshot)
           AND pg_visible_in_snapshot(tx, $2::pg_snapshot) AND NOT pg_visible_in_snapshot(tx, $1::pg_snapshot)
           AND gid > $3
         ORDER BY gid LIMIT ${this.batch}`,
        [position.snapshot, position.next, position.after_gid],
      );
      const subject = (row: Row) => `messages.${row.project_key}.${row.type_id}`;
      const since = position.attempt_started_at;
      const age = position.now.getTime() - since.getTime();
      // Nothing new: the position stays (no write every tick) unless it is getting old.
      if (rows.length === 0 && position.fresh && age < IDLE_REFRESH_MS) return undefined;
      const window = publisher.duplicateWindowMs ?? DUPLICATE_WINDOW_MS;
      const horizon = Math.min(this.retryHorizonMs, window - CLOCK_SKEW_MS);
      const known =
        rows.length > 0 && age > horizon
          ? await publisher.stored(
              new Date(since.getTime() - CLOCK_SKEW_MS),
              [...new Set(rows.map(subject))],
              new Set(rows.map((row) => row.id)),
            )
          : new Set<string>();
      for (const row of rows) {
        if (!known.has(row.id)) await publisher.publish(subject(row), row.doc, row.id);
      }
      // The next batch's first attempt comes after this commit: its start is now (the transaction's start).
      if (rows.length < this.batch) {
        await tx.query(
          `UPDATE ${this.position} SET snapshot = $2::pg_snapshot, next_snapshot = NULL, after_gid = 0,
             attempt_started_at = now() WHERE stream = $1`,
          [MESSAGES_STREAM, position.next],
        );
      } else {
        await tx.query(
          `UPDATE ${this.position} SET next_snapshot = $2::pg_snapshot, after_gid = $3, attempt_started_at = now()
           WHERE stream = $1`,
          [MESSAGES_STREAM, position.next, rows[rows.length - 1].gid],
        );
      }
      return rows.length === 0 ? undefined : rows.length;
    });
  }

  /** Publishes until nothing is left for now. */
  async drain(): Promise<void> {
    while ((await this.publishBatch()) !== undefined);
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.drain()
      .catch((error: unknown) =>
        this.logger.warn(
          `publishing messages failed, will retry: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
      .finally(() => (this.running = undefined));
    await this.running;
  }
}
