import type {
  InventoryAvailability,
  InventoryEntry,
  InventoryItemRef,
  InventoryReservation,
  InventoryReservationItem,
  InventoryReservationState,
  RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { assertBeforeDeadline } from '@commerce/messaging';
import { preparedQuery, type Queryable } from '@commerce/persistence';
import type { MessageLog, MessageWriter } from '@commerce/resources';
import type { DataSource } from 'typeorm';
import { stockLevelMessages } from './inventory-quantities.js';
import { INVENTORY_TABLE, RESERVATIONS_TABLE } from './inventory.table.js';

/** The columns an entry is found by: the unique index `inventory_entries_sku_uq` is on exactly these. */
const SKU = `(doc->>'sku')`;
const CHANNEL = `COALESCE(doc#>>'{supplyChannel,id}', '')`;

export interface EntryRow {
  id: string;
  sku: string;
  channel: string;
  doc: InventoryEntry;
}

interface ReservationRow {
  order_id: string;
  state: InventoryReservationState;
  items: InventoryReservation['items'];
}

const keyOf = (item: InventoryItemRef) => `${item.sku}\u0000${item.supplyChannelId ?? ''}`;

const reservationOf = (row: ReservationRow): InventoryReservation => ({
  orderId: row.order_id,
  state: row.state,
  items: row.items,
});

/** The entries of the given SKU and channel pairs, locked for the transaction when `lock` is set. */
async function entriesOf(db: Queryable, projectKey: string, items: InventoryItemRef[], lock = false) {
  if (items.length === 0) return [];
  // Prepared (one name per form): a cart change runs it, and planning it cost more than running it.
  return preparedQuery<EntryRow>(
    db,
    lock ? 'catalog_inventory_entries_locked' : 'catalog_inventory_entries',
    `SELECT id, ${SKU} AS sku, ${CHANNEL} AS channel, doc FROM ${INVENTORY_TABLE}
     WHERE project_key = $1 AND (${SKU}, ${CHANNEL}) IN (SELECT * FROM unnest($2::text[], $3::text[]))
     ORDER BY id${lock ? ' FOR UPDATE' : ''}`,
    [projectKey, items.map((item) => item.sku), items.map((item) => item.supplyChannelId ?? '')],
  );
}

/** Entries by id, locked in id order (every writer of several entries locks them in that order). */
function lockedById(tx: Queryable, projectKey: string, ids: string[]) {
  return tx.query<Array<Pick<EntryRow, 'id' | 'doc'>>>(
    `SELECT id, doc FROM ${INVENTORY_TABLE} WHERE project_key = $1 AND id = ANY($2::text[])
     ORDER BY id FOR UPDATE`,
    [projectKey, ids],
  );
}

/**
 * Moves each entry's quantities by the deltas, with a new version (so no update that read the entry before
 * can write over the change: its conditional write finds another version) and without a Message of its own.
 */
async function moveQuantities(
  tx: Queryable,
  projectKey: string,
  deltas: Array<{ id: string; onStock: number; available: number }>,
): Promise<void> {
  if (deltas.length === 0) return;
  await tx.query(
    `UPDATE ${INVENTORY_TABLE} AS e SET
       version = e.version + 1,
       last_modified_at = now(),
       doc = e.doc || jsonb_build_object(
         'version', e.version + 1,
         'lastModifiedAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         'quantityOnStock', (e.doc->>'quantityOnStock')::bigint + d.on_stock,
         'availableQuantity', (e.doc->>'availableQuantity')::bigint + d.available)
     FROM unnest($2::text[], $3::bigint[], $4::bigint[]) AS d(id, on_stock, available)
     WHERE e.project_key = $1 AND e.id = d.id`,
    [
      projectKey,
      deltas.map((delta) => delta.id),
      deltas.map((delta) => delta.onStock),
      deltas.map((delta) => delta.available),
    ],
  );
}

/** Each entry's total quantity of a reservation's items. */
function totalsByEntry(items: InventoryReservation['items']): Map<string, number> {
  const totals = new Map<string, number>();
  for (const item of items) totals.set(item.entryId, (totals.get(item.entryId) ?? 0) + item.quantity);
  return totals;
}

/**
 * The inventory entries of any of `skus`, without a supply channel or in one of `channels`, as a statement
 * another statement can take in (catalog's checkout read: one round trip for products and entries). `$n`
 * placeholders name the project key, the SKUs (text[]) and the channel ids (text[]).
 */
export const inventoryEntriesSql = (projectKey: string, skus: string, channels: string): string =>
  `SELECT jsonb_build_object('id', id, 'sku', ${SKU}, 'channel', ${CHANNEL}, 'doc', doc) AS entry
   FROM ${INVENTORY_TABLE}
   WHERE project_key = ${projectKey} AND ${SKU} = ANY(${skus}) AND ${CHANNEL} = ANY(${channels} || '{""}'::text[])`;

/** What a cart change needs of an entry (checkout facts 4.15: its quantity limits and availability). */
export function availabilityOf({ id, sku, channel, doc }: EntryRow): InventoryAvailability {
  return {
    id,
    sku,
    ...(channel ? { supplyChannelId: channel } : {}),
    quantityOnStock: doc.quantityOnStock,
    availableQuantity: doc.availableQuantity,
    ...(doc.minCartQuantity !== undefined ? { minCartQuantity: doc.minCartQuantity } : {}),
    ...(doc.maxCartQuantity !== undefined ? { maxCartQuantity: doc.maxCartQuantity } : {}),
    ...(doc.restockableInDays !== undefined ? { restockableInDays: doc.restockableInDays } : {}),
  };
}

/**
 * Orders' inventory reservations (docs/CONSISTENCY.md, "Inventory reservations"): `reserve` holds an order's
 * units in one transaction, all or nothing, with the entries' rows locked; `confirm` takes them out of the
 * stock once the order is written; `release` gives them back. One row per order makes each step idempotent.
 */
export class InventoryReservations {
  constructor(
    private readonly db: DataSource,
    private readonly messages: Pick<MessageLog, 'writer'>,
  ) {}

  /**
   * Holds the items' units for the order. `ReserveOnOrder` refuses a line whose entry has fewer available
   * units than asked unless it is restockable (`restockableInDays` set, 0 included); `TrackOnly` never refuses
   * for quantity; a line without an entry is refused in both modes (checkout facts 4.15). A refusal is
   * `OutOfStock` with the SKUs (and the lines' ids) and leaves nothing behind. A second call for the same
   * order answers the reservation that exists, whatever its state, and holds nothing more.
   */
  async reserve(
    ctx: RequestContext,
    orderId: string,
    items: InventoryReservationItem[],
  ): Promise<InventoryReservation> {
    return this.db.transaction(async (tx) => {
      // The order's row first: a concurrent call with the same order id waits here for this one's outcome.
      const claimed = await tx.query<unknown[]>(
        `INSERT INTO ${RESERVATIONS_TABLE} (project_key, order_id, state, items, created_at)
         VALUES ($1, $2, 'pending', '[]', now()) ON CONFLICT DO NOTHING RETURNING 1`,
        [ctx.projectKey, orderId],
      );
      if (claimed.length === 0) return (await this.find(tx, ctx.projectKey, orderId))!;
      const entries = new Map(
        (await entriesOf(tx, ctx.projectKey, items, true)).map((row) => [
          `${row.sku}\u0000${row.channel}`,
          row,
        ]),
      );
      const wanted = new Map<string, number>();
      for (const item of items) {
        if (item.mode === 'ReserveOnOrder') {
          wanted.set(keyOf(item), (wanted.get(keyOf(item)) ?? 0) + item.quantity);
        }
      }
      const short = items.filter((item) => {
        const entry = entries.get(keyOf(item));
        if (!entry) return true;
        if (item.mode === 'TrackOnly' || entry.doc.restockableInDays !== undefined) return false;
        return entry.doc.availableQuantity < wanted.get(keyOf(item))!;
      });
      if (short.length > 0) {
        throw Errors.outOfStock(
          [...new Set(short.map((item) => item.sku))],
          short.flatMap((item) => (item.lineItemId ? [item.lineItemId] : [])),
        );
      }
      const held = items.map((item) => ({ ...item, entryId: entries.get(keyOf(item))!.id }));
      await moveQuantities(
        tx,
        ctx.projectKey,
        [...totalsByEntry(held)].map(([id, quantity]) => ({ id, onStock: 0, available: -quantity })),
      );
      await tx.query(
        `UPDATE ${RESERVATIONS_TABLE} SET items = $3::jsonb WHERE project_key = $1 AND order_id = $2`,
        [ctx.projectKey, orderId, JSON.stringify(held)],
      );
      assertBeforeDeadline(ctx, 'catalog-service');
      return { orderId, state: 'pending' as const, items: held };
    });
  }

  /**
   * The order was written: its units leave the stock (`quantityOnStock` falls by them; `availableQuantity`
   * fell at `reserve`). A stock that reaches 0 or a configured level gives its Message. Idempotent: a
   * committed or released reservation is answered as it is; `null` when the order holds nothing.
   */
  async confirm(ctx: RequestContext, orderId: string): Promise<InventoryReservation | null> {
    const writer = await this.messages.writer(ctx);
    return this.settle(ctx, orderId, 'committed', async (tx, totals) => {
      const before = await lockedById(tx, ctx.projectKey, [...totals.keys()]);
      await moveQuantities(
        tx,
        ctx.projectKey,
        before.map((row) => ({ id: row.id, onStock: -totals.get(row.id)!, available: 0 })),
      );
      await this.stockMessages(tx, writer, before, totals);
    });
  }

  /** The order was not written: its units are available again. Idempotent, like `confirm`. */
  async release(ctx: RequestContext, orderId: string): Promise<InventoryReservation | null> {
    return this.settle(ctx, orderId, 'released', async (tx, totals) => {
      await lockedById(tx, ctx.projectKey, [...totals.keys()]);
      await moveQuantities(
        tx,
        ctx.projectKey,
        [...totals].map(([id, quantity]) => ({ id, onStock: 0, available: quantity })),
      );
    });
  }

  /**
   * Pending reservations older than `olderThanMs` whose order was not asked about within `recheckMs`, oldest
   * first; each is marked as asked now, so another sweep (or replica) leaves it alone for a while.
   */
  async due(olderThanMs: number, recheckMs: number, limit: number) {
    return this.db.query<Array<{ project_key: string; order_id: string }>>(
      `WITH asked AS (
         UPDATE ${RESERVATIONS_TABLE} SET checked_at = now()
         WHERE (project_key, order_id) IN (
           SELECT project_key, order_id FROM ${RESERVATIONS_TABLE}
           WHERE state = 'pending' AND created_at < now() - make_interval(secs => $1::float8 / 1000)
             AND (checked_at IS NULL OR checked_at < now() - make_interval(secs => $2::float8 / 1000))
           ORDER BY created_at LIMIT $3 FOR UPDATE SKIP LOCKED)
         RETURNING project_key, order_id, created_at)
       SELECT project_key, order_id FROM asked ORDER BY created_at`,
      [olderThanMs, recheckMs, limit],
    );
  }

  async find(db: Queryable, projectKey: string, orderId: string): Promise<InventoryReservation | null> {
    const [row] = await db.query<ReservationRow[]>(
      `SELECT order_id, state, items FROM ${RESERVATIONS_TABLE} WHERE project_key = $1 AND order_id = $2`,
      [projectKey, orderId],
    );
    return row ? reservationOf(row) : null;
  }

  /**
   * Moves a pending reservation to `state` and runs `work` with its quantities per entry, in one transaction;
   * a release of an order nothing was reserved for leaves a released row, so a late `reserve` of that order
   * holds nothing.
   */
  private async settle(
    ctx: RequestContext,
    orderId: string,
    state: 'committed' | 'released',
    work: (tx: Queryable, totals: Map<string, number>) => Promise<void>,
  ): Promise<InventoryReservation | null> {
    return this.db.transaction(async (tx) => {
      const [moved] = await tx.query<ReservationRow[]>(
        `WITH moved AS (
           UPDATE ${RESERVATIONS_TABLE} SET state = $3, settled_at = now()
           WHERE project_key = $1 AND order_id = $2 AND state = 'pending'
           RETURNING order_id, state, items)
         SELECT * FROM moved`,
        [ctx.projectKey, orderId, state],
      );
      if (!moved) {
        if (state === 'released') {
          await tx.query(
            `INSERT INTO ${RESERVATIONS_TABLE} (project_key, order_id, state, items, created_at, settled_at)
             VALUES ($1, $2, 'released', '[]', now(), now()) ON CONFLICT DO NOTHING`,
            [ctx.projectKey, orderId],
          );
        }
        return this.find(tx, ctx.projectKey, orderId);
      }
      const totals = totalsByEntry(moved.items);
      if (totals.size > 0) await work(tx, totals);
      assertBeforeDeadline(ctx, 'catalog-service');
      return reservationOf(moved);
    });
  }

  /** `InventoryEntryOutOfStock`, `ReorderPoint` and `SafetyStock` of the entries whose stock fell. */
  private async stockMessages(
    tx: Queryable,
    writer: MessageWriter,
    before: Array<Pick<EntryRow, 'id' | 'doc'>>,
    totals: Map<string, number>,
  ): Promise<void> {
    for (const row of before) {
      const onStock = row.doc.quantityOnStock;
      const payloads = stockLevelMessages(row.doc, onStock, onStock - totals.get(row.id)!);
      if (payloads.length === 0) continue;
      await writer.append(
        tx,
        {
          typeId: 'inventory-entry',
          id: row.id,
          version: row.doc.version + 1,
          ...(row.doc.key ? { identifiers: { key: row.doc.key } } : {}),
          table: INVENTORY_TABLE,
        },
        payloads,
      );
    }
  }
}
