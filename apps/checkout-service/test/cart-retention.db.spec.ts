import { testDatabase } from '@commerce/persistence/testing';
import type { DataSource } from 'typeorm';
import { CartRetentionSweeper } from '../src/carts/cart-retention.js';
import { checkoutMigrations } from '../src/database/migrations/index.js';

let db: DataSource;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ db, close } = await testDatabase({ schema: 'checkout', migrations: checkoutMigrations }));
}, 240_000);

afterAll(() => close?.());

const DAY = 24 * 3600_000;

async function cart(id: string, daysAgo: number, doc: Record<string, unknown>): Promise<void> {
  const at = new Date(Date.now() - daysAgo * DAY).toISOString();
  await db.query(
    `INSERT INTO "checkout"."carts" (id, project_key, version, created_at, last_modified_at, doc)
     VALUES ($1, 'p1', 1, $2, $2, $3)`,
    [id, at, { id, version: 1, cartState: 'Active', ...doc }],
  );
}

async function ids(): Promise<string[]> {
  const rows = await db.query<Array<{ id: string }>>(`SELECT id FROM "checkout"."carts" ORDER BY id`);
  return rows.map((row) => row.id);
}

it('deletes carts past their deleteDaysAfterLastModification, never Quote or RecurringOrder carts', async () => {
  await cart('a-due', 31, { deleteDaysAfterLastModification: 30, origin: 'Customer' });
  await cart('b-kept', 29, { deleteDaysAfterLastModification: 30, origin: 'Customer' });
  await cart('c-default-due', 91, { origin: 'Merchant' });
  await cart('d-default-kept', 89, {});
  await cart('e-quote', 400, { deleteDaysAfterLastModification: 1, origin: 'Quote' });
  await cart('f-recurring', 400, { deleteDaysAfterLastModification: 1, origin: 'RecurringOrder' });
  await cart('g-ordered-due', 3, { deleteDaysAfterLastModification: 2, cartState: 'Ordered' });
  const sweeper = new CartRetentionSweeper(db, { CART_SWEEP_INTERVAL_MS: 600_000 });
  // Two replicas at once, in batches of one: each due cart is deleted exactly once.
  const [first, second] = await Promise.all([sweeper.sweep(new Date(), 1), sweeper.sweep(new Date(), 1)]);
  expect([...first, ...second].sort()).toEqual(['a-due', 'c-default-due', 'g-ordered-due']);
  expect(await ids()).toEqual(['b-kept', 'd-default-kept', 'e-quote', 'f-recurring']);
  expect(await sweeper.sweep(new Date(Date.now() + 2 * DAY))).toEqual(['b-kept', 'd-default-kept']);
}, 240_000);
