import type { Cart, Project, RecurringOrder, RequestContext } from '@commerce/contracts';
import type { RpcClient } from '@commerce/messaging';
import { openDatabase } from '@commerce/persistence';
import { testDatabase } from '@commerce/persistence/testing';
import { MessageLog, ProjectSettings, type ReferenceResolver } from '@commerce/resources';
import type { DataSource } from 'typeorm';
import type { CartDiscountReader } from '../carts/cart-discount-reader.js';
import type { CartsService } from '../carts/carts.service.js';
import { cartsTable } from '../carts/carts.table.js';
import { checkoutMigrations } from '../database/migrations/index.js';
import { OrderCreation } from '../orders/order-creation.js';
import { RecurringOrderRunner } from './recurring-order-runner.js';
import { RecurringOrderScheduler } from './recurring-order-scheduler.js';
import { recurringOrdersTable } from './recurring-orders.table.js';

const PROJECT = 'demo';
const DAY_MS = 60_000;
const settings = { tickMs: 1_000, dayMs: DAY_MS };
const money = (centAmount: number) => ({
  type: 'centPrecision' as const,
  currencyCode: 'EUR',
  centAmount,
  fractionDigits: 2,
});

/**
 * The scheduler's claim against a real PostgreSQL: two replicas (each its own connection pool, runner and
 * scheduler) run the same due recurring order at the same time, and exactly one order is written per due time.
 * The other services are out of the picture: the project's settings (auth-service) answer from a constant, and
 * this Fixed-price cart without a Store, States or stock needs no other call.
 */
describe(RecurringOrderRunner.name, () => {
  let database: { db: DataSource; url: string; close(): Promise<void> };
  let second: DataSource;
  let replicas: Array<{ runner: RecurringOrderRunner; scheduler: RecurringOrderScheduler }>;

  const project = { key: PROJECT, messages: { enabled: true } } as unknown as Project;
  const noCalls = {
    send: async (subject: string) => {
      if (subject === 'auth.projects.get') return project;
      throw new Error(`unexpected call of ${subject}`);
    },
  } as unknown as RpcClient;

  function replica(db: DataSource) {
    const messages = new MessageLog('checkout', new ProjectSettings(noCalls));
    // The runner uses the checks and the settlement of order creation, not its price or discount code checks.
    const orders = new OrderCreation(
      db,
      messages,
      noCalls,
      {} as ReferenceResolver,
      {} as CartsService,
      {} as CartDiscountReader,
      settings,
    );
    const runner = new RecurringOrderRunner(db, messages, noCalls, orders, {} as CartsService, settings);
    return { runner, scheduler: new RecurringOrderScheduler(db, runner, settings) };
  }

  beforeAll(async () => {
    database = await testDatabase({ schema: 'checkout', migrations: checkoutMigrations });
    second = await openDatabase({ url: database.url, schema: 'checkout', migrations: checkoutMigrations });
    replicas = [replica(database.db), replica(second)];
  });
  afterAll(async () => {
    await second.destroy();
    await database.close();
  });

  async function recurringOrder(nextOrderAt: Date): Promise<RecurringOrder> {
    const ctx: RequestContext = { projectKey: PROJECT, correlationId: 'test', actor: {} };
    const now = new Date().toISOString();
    const cartId = `cart-${Math.random().toString(36).slice(2)}`;
    const cart = {
      id: cartId,
      version: 1,
      createdAt: now,
      lastModifiedAt: now,
      cartState: 'Active',
      origin: 'RecurringOrder',
      totalPrice: money(2000),
      lineItems: [{ id: 'li', quantity: 2, variant: { id: 1 }, totalPrice: money(2000), state: [] }],
      customLineItems: [],
      shippingAddress: { country: 'DE' },
    } as unknown as Cart;
    await cartsTable.insert(database.db, ctx.projectKey, cart);
    const order: RecurringOrder = {
      id: `ro-${Math.random().toString(36).slice(2)}`,
      version: 1,
      createdAt: now,
      lastModifiedAt: now,
      recurringOrderState: 'Active',
      cart: { typeId: 'cart', id: cartId },
      startsAt: nextOrderAt.toISOString(),
      nextOrderAt: nextOrderAt.toISOString(),
      schedule: { type: 'standard', value: 1, intervalUnit: 'Days' },
    };
    await recurringOrdersTable.insert(database.db, PROJECT, order);
    return order;
  }

  const ordersOf = async (id: string) =>
    database.db.query<Array<{ id: string; doc: { cart: { id: string } } }>>(
      `SELECT id, doc FROM "checkout"."orders" WHERE project_key = $1 AND doc->'recurringOrder'->>'id' = $2`,
      [PROJECT, id],
    );

  it('orders once when two replicas run the same due time at once', async () => {
    const due = new Date(Date.now() - 1_000);
    const order = await recurringOrder(due);
    const outcomes = await Promise.all(replicas.map(({ runner }) => runner.run(PROJECT, order.id)));
    expect(outcomes.sort()).toEqual(['lost', 'ordered']);
    const written = await ordersOf(order.id);
    expect(written).toHaveLength(1);
    const after = (await recurringOrdersTable.findById(database.db, PROJECT, order.id))!;
    expect(after).toMatchObject({
      version: 2,
      nextOrderAt: new Date(due.getTime() + DAY_MS).toISOString(),
    });
    expect(after.lastOrderAt).toBeDefined();
    const copy = (await cartsTable.findById(database.db, PROJECT, written[0].doc.cart.id))!;
    expect(copy).toMatchObject({ cartState: 'Ordered', origin: 'RecurringOrder' });
  });

  it('makes one order per due time over several ticks of two schedulers', async () => {
    const start = new Date(Date.now() - 3 * DAY_MS - 1_000);
    const order = await recurringOrder(start);
    // Tick by tick through the schedule: each tick both schedulers look at once.
    for (let day = 0; day < 3; day++) {
      const now = new Date(start.getTime() + day * DAY_MS + 10);
      await Promise.all(replicas.map(({ scheduler }) => scheduler.sweep(now)));
    }
    expect(await ordersOf(order.id)).toHaveLength(3);
    const runs = await database.db.query<Array<{ due_at: Date }>>(
      `SELECT due_at FROM "checkout"."recurring_order_runs" WHERE recurring_order_id = $1 ORDER BY due_at`,
      [order.id],
    );
    expect(runs.map((run) => run.due_at.getTime() - start.getTime())).toEqual([0, DAY_MS, 2 * DAY_MS]);
  });

  it('skips a due time by the counter, and does not make up missed ones', async () => {
    const due = new Date(Date.now() - 5 * DAY_MS - 1_000);
    const order = await recurringOrder(due);
    await recurringOrdersTable.replace(
      database.db,
      PROJECT,
      { ...order, version: 2, skipConfiguration: { type: 'Counter', totalToSkip: 1, skipped: 0 } },
      1,
    );
    const outcomes = await Promise.all(replicas.map(({ runner }) => runner.run(PROJECT, order.id)));
    expect(outcomes.sort()).toEqual(['lost', 'skipped']);
    const after = (await recurringOrdersTable.findById(database.db, PROJECT, order.id))!;
    expect(after.skipConfiguration).toMatchObject({ totalToSkip: 1, skipped: 1 });
    // Five days were missed: the next due time is the first one from now on, not one a day after the last.
    expect(Date.parse(after.nextOrderAt!)).toBeGreaterThan(Date.now() - DAY_MS);
    expect(await ordersOf(order.id)).toHaveLength(0);
  });
});
