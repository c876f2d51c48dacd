import { PeriodicJob } from '@commerce/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RECURRING_ORDER_SETTINGS, type RecurringOrderSettings } from './recurring-order-clock.js';
import { RecurringOrderRunner, type RunOutcome } from './recurring-order-runner.js';

const BATCH = 100;

/**
 * Every replica of checkout-service looks for due recurring orders every `RECURRING_ORDER_TICK_MS`: Active
 * ones whose `nextOrderAt` has come and Paused ones whose `resumesAt` has. Replicas may find the same one;
 * the runner's claim lets exactly one of them order per due time.
 */
@Injectable()
export class RecurringOrderScheduler extends PeriodicJob {
  protected readonly what = 'running due recurring orders';

  constructor(
    private readonly db: DataSource,
    private readonly runner: RecurringOrderRunner,
    @Inject(RECURRING_ORDER_SETTINGS) private readonly settings: RecurringOrderSettings,
  ) {
    super();
  }

  protected intervalMs(): number {
    return this.settings.tickMs;
  }

  /** A tick still running when the next one comes: the next one is left out (ticks never pile up). */
  private running = false;

  /** One tick: each due recurring order run once, in due order; what each run did, by id. */
  async sweep(now: Date = new Date()): Promise<Record<string, RunOutcome>> {
    if (this.running) return {};
    this.running = true;
    try {
      return await this.runDue(now);
    } finally {
      this.running = false;
    }
  }

  private async runDue(now: Date): Promise<Record<string, RunOutcome>> {
    const at = now.toISOString();
    const due = await this.db.query<Array<{ project_key: string; id: string }>>(
      `SELECT project_key, id FROM "checkout"."recurring_orders"
       WHERE (doc->>'recurringOrderState' = 'Active' AND doc->>'nextOrderAt' <= $1)
          OR (doc->>'recurringOrderState' = 'Paused' AND doc->>'resumesAt' <= $1)
       ORDER BY coalesce(doc->>'resumesAt', doc->>'nextOrderAt') LIMIT ${BATCH}`,
      [at],
    );
    const outcomes: Record<string, RunOutcome> = {};
    for (const { project_key: projectKey, id } of due) {
      try {
        outcomes[id] = await this.runner.run(projectKey, id, now);
      } catch (error) {
        this.logger.warn(`Recurring order ${id} was not run; the next tick tries again: ${String(error)}`);
      }
    }
    return outcomes;
  }
}
