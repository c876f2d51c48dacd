import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { MESSAGES_STREAM } from './messages-table.js';

export interface RetentionOptions {
  /**
   * Whether a relay publishes this service's Messages (NATS mode): then only Messages behind the relay's
   * position (published) are deleted, never one the stream has not carried yet.
   */
  relayed: boolean;
  intervalMs?: number;
  /** Messages deleted per statement. */
  batch?: number;
}

/**
 * Deletes Messages past their project's `deleteDaysAfterCreation` (stamped on each as `expires_at`) and, when
 * relayed, already published. Sequence numbers live on the resources' rows, so deleting Messages never
 * makes them start again.
 */
export class MessageRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MessageRetention.name);
  private readonly intervalMs: number;
  private readonly batch: number;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly db: DataSource,
    private readonly schema: string,
    private readonly options: RetentionOptions,
  ) {
    this.intervalMs = options.intervalMs ?? 3_600_000;
    this.batch = options.batch ?? 1_000;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(
      () => void this.sweep().catch((error: unknown) => this.logger.warn(String(error))),
      this.intervalMs,
    );
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Deletes in batches of `batch` (short statements, short locks); returns how many were deleted. */
  async sweep(now = new Date()): Promise<number> {
    const table = `"${this.schema}"."messages"`;
    const published = this.options.relayed
      ? `AND pg_visible_in_snapshot(tx, (SELECT snapshot FROM "${this.schema}"."message_relay" WHERE stream = $2))`
      : 'AND $2::text IS NOT NULL';
    let deleted = 0;
    for (;;) {
      const rows = await this.db.query<unknown[]>(
        `WITH gone AS (DELETE FROM ${table} WHERE id IN (
           SELECT id FROM ${table} WHERE expires_at < $1 ${published} LIMIT ${this.batch}) RETURNING 1)
         SELECT count(*)::int AS n FROM gone`,
        [now, MESSAGES_STREAM],
      );
      const n = (rows[0] as { n: number }).n;
      deleted += n;
      if (n < this.batch) return deleted;
    }
  }
}
