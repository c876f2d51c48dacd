import { CART_DELETE_DAYS } from '@commerce/contracts';
import { PeriodicJob } from '@commerce/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CHECKOUT_CONFIG, type CheckoutConfig } from '../config.js';
import { cartsTable } from './carts.table.js';

const BATCH = 500;

/**
 * `deleteDaysAfterLastModification` (checkout facts 4.11): a cart not modified for that many days is deleted,
 * whatever its state, every `CART_SWEEP_INTERVAL_MS` (10 minutes); carts of origin Quote and RecurringOrder are exempt. One statement per batch, its rows
 * claimed with `FOR UPDATE SKIP LOCKED`, so replicas sweeping at once delete each cart once and never wait on
 * each other or on a cart being written (a write that loses the race finds the cart gone: 404, or the
 * engine's conditional write matches nothing and it reads again).
 */
@Injectable()
export class CartRetentionSweeper extends PeriodicJob {
  protected readonly what = 'deleting carts past their deleteDaysAfterLastModification';

  constructor(
    private readonly db: DataSource,
    @Inject(CHECKOUT_CONFIG) private readonly config: Pick<CheckoutConfig, 'CART_SWEEP_INTERVAL_MS'>,
  ) {
    super();
  }

  protected intervalMs(): number {
    return this.config.CART_SWEEP_INTERVAL_MS;
  }

  /** Deletes the carts due at `now`, a batch at a time; answers their ids. */
  async sweep(now = new Date(), batch = BATCH): Promise<string[]> {
    const deleted: string[] = [];
    for (;;) {
      const rows = await this.db.query<Array<{ id: string }>>(
        `WITH gone AS (DELETE FROM ${cartsTable.table} WHERE (project_key, id) IN (
           SELECT project_key, id FROM ${cartsTable.table}
            WHERE modified_day <= (($1::timestamptz - interval '1 day') AT TIME ZONE 'UTC')::date
              AND last_modified_at < $1::timestamptz - interval '1 day'
              AND last_modified_at < $1::timestamptz - make_interval(days =>
                    COALESCE((doc->>'deleteDaysAfterLastModification')::int, $3))
              AND COALESCE(doc->>'origin', 'Customer') NOT IN ('Quote', 'RecurringOrder')
            ORDER BY modified_day
            LIMIT $2
            FOR UPDATE SKIP LOCKED)
         RETURNING id) SELECT id FROM gone`,
        [now.toISOString(), batch, CART_DELETE_DAYS.default],
      );
      deleted.push(...rows.map((row) => row.id));
      if (rows.length < batch) return deleted;
    }
  }
}
