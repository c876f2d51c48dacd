import { PeriodicJob } from '@commerce/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CATALOG_CONFIG, type CatalogConfig } from '../config.js';
import { productDiscountsTable } from './product-discounts.table.js';
import { StandalonePriceDiscounts } from './standalone-price-discounts.js';

/** At start, the discounts whose validity began or ended this long ago are looked at once more. */
const FIRST_LOOK_BACK_MS = 24 * 3_600_000;

/**
 * `StandalonePriceDiscountSet` when only time changes a Standalone Price's `discounted`: a product discount's
 * `validFrom` or `validUntil` passing. Every `PRODUCT_DISCOUNT_SWEEP_INTERVAL_MS` (1 minute), each project
 * with an active product discount whose validity began or ended since the previous sweep (at start: in the
 * last day) gets the same report as a discount write (`StandalonePriceDiscounts.sync`). That report sends a
 * Message only for a price whose `discounted` differs from the one last reported, and only once across
 * writers, so overlapping windows, restarts and replicas sweeping at once send each change once.
 */
@Injectable()
export class StandalonePriceDiscountSweeper extends PeriodicJob {
  protected readonly what = 'reporting standalone prices whose product discount began or ended';
  private since?: Date;

  constructor(
    private readonly db: DataSource,
    private readonly standalone: StandalonePriceDiscounts,
    @Inject(CATALOG_CONFIG)
    private readonly config: Pick<CatalogConfig, 'PRODUCT_DISCOUNT_SWEEP_INTERVAL_MS'>,
  ) {
    super();
  }

  protected intervalMs(): number {
    return this.config.PRODUCT_DISCOUNT_SWEEP_INTERVAL_MS;
  }

  /** Reports the projects whose discounts' validity changed in (since, now]; answers their keys. */
  async sweep(now = new Date()): Promise<string[]> {
    const since = this.since ?? new Date(now.getTime() - FIRST_LOOK_BACK_MS);
    const rows = await this.db.query<Array<{ project_key: string }>>(
      `SELECT DISTINCT project_key FROM ${productDiscountsTable.table}
        WHERE doc->>'isActive' = 'true'
          AND ((doc->>'validFrom')::timestamptz > $1 AND (doc->>'validFrom')::timestamptz <= $2
            OR (doc->>'validUntil')::timestamptz > $1 AND (doc->>'validUntil')::timestamptz <= $2)`,
      [since.toISOString(), now.toISOString()],
    );
    for (const { project_key: projectKey } of rows) {
      await this.standalone.sync({ projectKey, correlationId: randomUUID(), actor: {} }, now);
    }
    this.since = now;
    return rows.map((row) => row.project_key);
  }
}
