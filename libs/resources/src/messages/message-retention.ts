import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { DataSource } from 'typeorm';

/** Deletes Messages past their project's `deleteDaysAfterCreation` (stamped on each as `expires_at`). */
export class MessageRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MessageRetention.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly db: DataSource,
    private readonly schema: string,
    private readonly intervalMs = 3_600_000,
  ) {}

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

  async sweep(now = new Date()): Promise<number> {
    const rows = await this.db.query<unknown[]>(
      `WITH gone AS (DELETE FROM "${this.schema}"."messages" WHERE expires_at < $1 RETURNING 1) SELECT * FROM gone`,
      [now],
    );
    return rows.length;
  }
}
