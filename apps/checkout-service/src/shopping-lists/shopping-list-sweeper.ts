import { PeriodicJob } from '@commerce/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CHECKOUT_CONFIG, type CheckoutConfig } from '../config.js';
import { shoppingListsTable } from './shopping-lists.table.js';

const BATCH = 500;

/**
 * Deletes shopping lists not modified for their `deleteDaysAfterLastModification` days (checkout facts 4.11),
 * every `SHOPPING_LIST_SWEEP_INTERVAL_MS`. Safe with several replicas: each batch locks its rows with
 * `SKIP LOCKED`, so two sweeps never take the same list, and the lock re-checks the age on the newest row
 * version, so a list changed meanwhile (by a write that committed first) is kept.
 */
@Injectable()
export class ShoppingListSweeper extends PeriodicJob {
  protected readonly what = 'sweeping expired shopping lists';

  constructor(
    private readonly db: DataSource,
    @Inject(CHECKOUT_CONFIG) private readonly config: CheckoutConfig,
  ) {
    super();
  }

  protected intervalMs(): number {
    return this.config.SHOPPING_LIST_SWEEP_INTERVAL_MS;
  }

  /** Deletes every expired list, a batch at a time; answers how many. */
  async sweep(): Promise<number> {
    let deleted = 0;
    for (;;) {
      const rows = await this.db.query<Array<{ id: string }>>(
        `DELETE FROM ${shoppingListsTable.table} WHERE id IN (
           SELECT id FROM ${shoppingListsTable.table}
            WHERE last_modified_at < now() - make_interval(days => (doc->>'deleteDaysAfterLastModification')::int)
            LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
         RETURNING id`,
      );
      deleted += rows.length;
      if (rows.length < BATCH) return deleted;
    }
  }
}
