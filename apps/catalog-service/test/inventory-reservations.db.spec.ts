import type {
  InventoryEntry,
  InventoryReservationItem,
  MessagePayload,
  RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { InventoryReservations } from '../src/inventory/inventory-reservations.js';
import { inventoryTable } from '../src/inventory/inventory.table.js';
import { ReservationSweeper } from '../src/inventory/reservation-sweeper.js';
import { ctx, errorOf } from './apply-actions.js';
import { catalogDatabase, recordingWriter } from './catalog-database.js';

let db: DataSource;
let close: () => Promise<void>;
let reservations: InventoryReservations;
const writer = recordingWriter();

beforeAll(async () => {
  ({ db, close } = await catalogDatabase());
  reservations = new InventoryReservations(db, {
    writer: async () => writer,
  });
}, 60_000);

afterAll(() => close());

async function newEntry(
  fields: Partial<InventoryEntry> & { quantityOnStock: number },
  context: RequestContext = ctx,
): Promise<InventoryEntry> {
  const now = new Date().toISOString();
  const entry: InventoryEntry = {
    id: randomUUID(),
    version: 1,
    createdAt: now,
    lastModifiedAt: now,
    sku: `sku-${randomUUID()}`,
    availableQuantity: fields.quantityOnStock,
    ...fields,
  };
  await inventoryTable.insert(db, context.projectKey, entry);
  return entry;
}

const stored = async (entry: InventoryEntry) =>
  (await inventoryTable.findById(db, ctx.projectKey, entry.id))!;

const line = (
  entry: InventoryEntry,
  quantity: number,
  mode: InventoryReservationItem['mode'] = 'ReserveOnOrder',
  lineItemId?: string,
): InventoryReservationItem => ({
  sku: entry.sku,
  ...(entry.supplyChannel ? { supplyChannelId: entry.supplyChannel.id } : {}),
  quantity,
  mode,
  ...(lineItemId ? { lineItemId } : {}),
});

describe('catalog.inventory.reserve', () => {
  it('of 100 concurrent orders of 1 unit on 10 units, exactly 10 are held and nothing is oversold', async () => {
    const entry = await newEntry({ quantityOnStock: 10 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 100 }, () => reservations.reserve(ctx, randomUUID(), [line(entry, 1)])),
    );
    const held = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected'
        ? [(outcome.reason as { errors: Array<{ code: string }> }).errors[0]]
        : [],
    );
    expect(held).toHaveLength(10);
    expect(refused).toHaveLength(90);
    expect(new Set(refused.map((error) => error.code))).toEqual(new Set(['OutOfStock']));
    expect(await stored(entry)).toMatchObject({ quantityOnStock: 10, availableQuantity: 0, version: 11 });
    const [{ pending }] = await db.query<Array<{ pending: number }>>(
      `SELECT count(*)::int AS pending FROM "catalog"."inventory_reservations"
       WHERE project_key = $1 AND state = 'pending' AND items @> $2::jsonb`,
      [ctx.projectKey, JSON.stringify([{ entryId: entry.id }])],
    );
    expect(pending).toBe(10);
  });

  it('holds an order once: a retry, even a concurrent one, answers the same reservation', async () => {
    const entry = await newEntry({ quantityOnStock: 5 });
    const orderId = randomUUID();
    const [first, second] = await Promise.all([
      reservations.reserve(ctx, orderId, [line(entry, 2)]),
      reservations.reserve(ctx, orderId, [line(entry, 2)]),
    ]);
    expect(first).toEqual(second);
    expect(first).toMatchObject({ orderId, state: 'pending', items: [{ entryId: entry.id, quantity: 2 }] });
    expect(await stored(entry)).toMatchObject({ quantityOnStock: 5, availableQuantity: 3 });
  });

  it('is all or nothing: one short line refuses the order with its SKU and line item, and holds nothing', async () => {
    const plenty = await newEntry({ quantityOnStock: 10 });
    const scarce = await newEntry({ quantityOnStock: 1 });
    const orderId = randomUUID();
    const error = await errorOf(
      reservations.reserve(ctx, orderId, [
        line(plenty, 3, 'ReserveOnOrder', 'li-1'),
        line(scarce, 2, 'ReserveOnOrder', 'li-2'),
      ]),
    );
    expect(error).toMatchObject({ code: 'OutOfStock', skus: [scarce.sku], lineItems: ['li-2'] });
    expect(await stored(plenty)).toMatchObject({ availableQuantity: 10, version: 1 });
    expect(await reservations.find(db, ctx.projectKey, orderId)).toBeNull();
    // Lines of one SKU count together.
    expect(
      await errorOf(reservations.reserve(ctx, randomUUID(), [line(plenty, 6), line(plenty, 5)])),
    ).toMatchObject({ code: 'OutOfStock', skus: [plenty.sku] });
  });

  it('lets a restockable entry (restockableInDays, 0 included) and TrackOnly go below zero', async () => {
    const restockable = await newEntry({ quantityOnStock: 1, restockableInDays: 0 });
    const tracked = await newEntry({ quantityOnStock: 1 });
    await reservations.reserve(ctx, randomUUID(), [line(restockable, 3), line(tracked, 4, 'TrackOnly')]);
    expect(await stored(restockable)).toMatchObject({ availableQuantity: -2 });
    expect(await stored(tracked)).toMatchObject({ availableQuantity: -3 });
  });

  it('refuses a line without an entry in both modes, also in another supply channel or project', async () => {
    const entry = await newEntry({ quantityOnStock: 10 });
    for (const mode of ['TrackOnly', 'ReserveOnOrder'] as const) {
      expect(
        await errorOf(reservations.reserve(ctx, randomUUID(), [{ sku: 'no-such-sku', quantity: 1, mode }])),
      ).toMatchObject({ code: 'OutOfStock', skus: ['no-such-sku'] });
    }
    expect(
      await errorOf(
        reservations.reserve(ctx, randomUUID(), [{ ...line(entry, 1), supplyChannelId: 'other-channel' }]),
      ),
    ).toMatchObject({ code: 'OutOfStock', skus: [entry.sku] });
    const other = { ...ctx, projectKey: 'another-project' };
    expect(await errorOf(reservations.reserve(other, randomUUID(), [line(entry, 1)]))).toMatchObject({
      code: 'OutOfStock',
    });
    expect(await stored(entry)).toMatchObject({ availableQuantity: 10 });
  });
});

describe('catalog.inventory.confirm and release', () => {
  it('confirm takes the units out of the stock once, with OutOfStock when it reaches 0', async () => {
    const entry = await newEntry({ quantityOnStock: 2, stockLevels: { reorderPoint: 1 } });
    const orderId = randomUUID();
    await reservations.reserve(ctx, orderId, [line(entry, 2)]);
    writer.written.length = 0;
    expect(await reservations.confirm(ctx, orderId)).toMatchObject({ state: 'committed' });
    expect(await reservations.confirm(ctx, orderId)).toMatchObject({ state: 'committed' });
    expect(await stored(entry)).toMatchObject({ quantityOnStock: 0, availableQuantity: 0 });
    const payloads: MessagePayload[] = writer.written.flatMap((write) => write.payloads);
    expect(payloads).toEqual([
      { type: 'InventoryEntryOutOfStock', sku: entry.sku },
      { type: 'InventoryEntryReorderPoint', sku: entry.sku, quantityOnStock: 0 },
    ]);
    expect(writer.written[0].subject).toMatchObject({ typeId: 'inventory-entry', id: entry.id });
    // A committed reservation is not given back.
    expect(await reservations.release(ctx, orderId)).toMatchObject({ state: 'committed' });
    expect(await stored(entry)).toMatchObject({ availableQuantity: 0 });
  });

  it('release gives the units back once; a release before the reserve makes the reserve hold nothing', async () => {
    const entry = await newEntry({ quantityOnStock: 3 });
    const orderId = randomUUID();
    await reservations.reserve(ctx, orderId, [line(entry, 3)]);
    expect(await reservations.release(ctx, orderId)).toMatchObject({ state: 'released' });
    expect(await reservations.release(ctx, orderId)).toMatchObject({ state: 'released' });
    expect(await stored(entry)).toMatchObject({ quantityOnStock: 3, availableQuantity: 3 });

    const early = randomUUID();
    expect(await reservations.release(ctx, early)).toMatchObject({ state: 'released', items: [] });
    expect(await reservations.reserve(ctx, early, [line(entry, 1)])).toMatchObject({ state: 'released' });
    expect(await stored(entry)).toMatchObject({ availableQuantity: 3 });
    expect(await reservations.confirm(ctx, randomUUID())).toBeNull();
  });
});

describe(ReservationSweeper.name, () => {
  /** A sweeper whose `checkout.orders.exists` answers what `exists` says for an order (or throws). */
  const sweeper = (exists: (id: string) => boolean) =>
    new ReservationSweeper(reservations, {
      send: async (_subject: string, payload: { id: string }) => exists(payload.id),
    } as unknown as RpcClient);

  it('confirms an order that exists, releases one that does not, and keeps it while nobody can tell', async () => {
    const entry = await newEntry({ quantityOnStock: 10 });
    const [written, lost, unknown] = [randomUUID(), randomUUID(), randomUUID()];
    for (const orderId of [written, lost, unknown]) {
      await reservations.reserve(ctx, orderId, [line(entry, 2)]);
    }
    const answers: Record<string, boolean> = { [written]: true, [lost]: false };
    const noResponder = Errors.badGateway('checkout-service');
    const outcomes = await sweeper((id) => {
      if (id in answers) return answers[id];
      throw noResponder;
    }).sweep(0);
    expect(outcomes).toMatchObject({ [written]: 'committed', [lost]: 'released', [unknown]: 'kept' });
    expect(await stored(entry)).toMatchObject({ quantityOnStock: 8, availableQuantity: 6 });
    expect(await reservations.find(db, ctx.projectKey, unknown)).toMatchObject({ state: 'pending' });
    // Asked a moment ago: the next sweep leaves it for later instead of asking again at once.
    expect((await sweeper(() => false).sweep(0))[unknown]).toBeUndefined();
  });

  it('keeps the reservation through the real client while no service answers checkout.orders.exists', async () => {
    const entry = await newEntry({ quantityOnStock: 2 });
    const orderId = randomUUID();
    await reservations.reserve(ctx, orderId, [line(entry, 2)]);
    const real = new ReservationSweeper(
      reservations,
      new RpcClient('catalog-service', { rpcTimeoutMs: 1_000 }),
    );
    expect((await real.sweep(0))[orderId]).toBe('kept');
    expect(await reservations.find(db, ctx.projectKey, orderId)).toMatchObject({ state: 'pending' });
    expect(await stored(entry)).toMatchObject({ availableQuantity: 0 });
  });

  it('leaves a reservation younger than the bound alone', async () => {
    const entry = await newEntry({ quantityOnStock: 1 });
    const orderId = randomUUID();
    await reservations.reserve(ctx, orderId, [line(entry, 1)]);
    expect((await sweeper(() => false).sweep())[orderId]).toBeUndefined();
    expect(await reservations.find(db, ctx.projectKey, orderId)).toMatchObject({ state: 'pending' });
  });
});
