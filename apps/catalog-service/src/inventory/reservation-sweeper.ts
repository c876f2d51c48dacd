import { Subjects } from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import { PeriodicJob } from '@commerce/service-kit';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { InventoryReservations } from './inventory-reservations.js';

/**
 * A pending reservation is this old before the sweep asks about its order: far past any order write's
 * deadline, so an order that does not exist then will never be written (docs/CONSISTENCY.md).
 */
export const RESERVATION_BOUND_MS = 2 * 60_000;
/** An order whose owner could not answer is asked again after this long. */
export const RECHECK_MS = 60_000;
const SWEEP_INTERVAL_MS = 30_000;
const BATCH = 100;

export type SweepOutcome = 'committed' | 'released' | 'kept';

/**
 * Settles reservations their caller left pending (it died between reserve and confirm or release): it asks
 * the order's owner (`checkout.orders.exists`) and confirms when the order exists, releases when it does not,
 * and keeps the reservation when the owner cannot answer (no responder, timeout, error): units of an order
 * that may exist are never given back.
 */
@Injectable()
export class ReservationSweeper extends PeriodicJob {
  protected readonly what = 'sweeping pending inventory reservations';

  constructor(
    private readonly reservations: InventoryReservations,
    private readonly rpc: RpcClient,
  ) {
    super();
  }

  protected intervalMs(): number {
    return SWEEP_INTERVAL_MS;
  }

  async sweep(olderThanMs = RESERVATION_BOUND_MS): Promise<Record<string, SweepOutcome>> {
    const outcomes: Record<string, SweepOutcome> = {};
    for (const { project_key: projectKey, order_id: orderId } of await this.reservations.due(
      olderThanMs,
      RECHECK_MS,
      BATCH,
    )) {
      const ctx = { projectKey, correlationId: randomUUID(), actor: {} };
      const exists = await this.rpc.send(Subjects.checkout.orderExists, { ctx, id: orderId }).then(
        (answer) => (typeof answer === 'boolean' ? answer : undefined),
        (error: unknown) => {
          this.warn(error);
          return undefined;
        },
      );
      if (exists === undefined) {
        outcomes[orderId] = 'kept';
      } else if (exists) {
        await this.reservations.confirm(ctx, orderId);
        outcomes[orderId] = 'committed';
      } else {
        await this.reservations.release(ctx, orderId);
        outcomes[orderId] = 'released';
      }
    }
    return outcomes;
  }
}
