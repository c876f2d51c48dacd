import { randomUUID } from 'node:crypto';
import { describeSchema } from '@commerce/persistence';
import { heapOnlyUpdates, testDatabase, withTestServer } from '@commerce/persistence/testing';
import { checkoutMigrations } from '../src/database/migrations/index.js';

it('checkout-service migrations create the checkout schema and its tables, and are idempotent on restart', async () => {
  const schema = await withTestServer((url) =>
    describeSchema({ url, schema: 'checkout', migrations: checkoutMigrations }),
  );
  expect(schema.tables).toEqual(
    expect.arrayContaining([
      'messages',
      'message_relay',
      'reference_intents',
      'zones',
      'zone_locations',
      'shipping_methods',
    ]),
  );
  expect(schema.pendingAfterRestart).toBe(false);
}, 60_000);

it('asks carts by generated columns of their owner and Store, with no index on the whole document', async () => {
  const { db, close } = await testDatabase({
    schema: 'checkout',
    migrations: checkoutMigrations,
    poolSize: 1,
  });
  try {
    const indexes = await db.query<Array<{ name: string; method: string }>>(
      `SELECT c.relname AS name, am.amname AS method FROM pg_index i
       JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
       WHERE i.indrelid = '"checkout"."carts"'::regclass`,
    );
    expect(indexes.filter((index) => index.method !== 'btree')).toEqual([]);
    expect(indexes.map((index) => index.name)).toEqual(
      expect.arrayContaining(['carts_customer_id_idx', 'carts_anonymous_id_idx', 'carts_store_key_idx']),
    );
    const doc = { id: 'c1', customerId: 'cu', anonymousId: 'an', store: { typeId: 'store', key: 'st' } };
    await db.query(
      `INSERT INTO "checkout"."carts" (id, project_key, version, created_at, last_modified_at, doc)
       VALUES ('c1', 'p1', 1, now(), now(), $1)`,
      [doc],
    );
    const read = () =>
      db.query<Array<{ customer_id: string | null; anonymous_id: string | null; store_key: string | null }>>(
        `SELECT customer_id, anonymous_id, store_key FROM "checkout"."carts" WHERE id = 'c1'`,
      );
    expect(await read()).toEqual([{ customer_id: 'cu', anonymous_id: 'an', store_key: 'st' }]);
    await db.query(`UPDATE "checkout"."carts" SET doc = $1 WHERE id = 'c1'`, [{ id: 'c1' }]);
    expect(await read()).toEqual([{ customer_id: null, anonymous_id: null, store_key: null }]);
  } finally {
    await close();
  }
}, 60_000);

it('keeps a location in one Zone of a project, whatever statement writes the Zones', async () => {
  const { db, close } = await testDatabase({
    schema: 'checkout',
    migrations: checkoutMigrations,
    poolSize: 1,
  });
  const zone = (id: string, project: string, locations: object[]) =>
    db.query(
      `INSERT INTO "checkout"."zones" (id, project_key, version, created_at, last_modified_at, doc)
       VALUES ($1, $2, 1, now(), now(), $3)`,
      [id, project, { id, locations }],
    );
  try {
    await zone('a', 'p1', [{ country: 'DE' }, { country: 'US', state: 'NY' }]);
    await zone('b', 'p2', [{ country: 'DE' }]);
    await expect(zone('c', 'p1', [{ country: 'US', state: 'NY' }])).rejects.toMatchObject({
      constraint: 'zone_locations_locations_uq',
    });
    await zone('d', 'p1', [{ country: 'US' }, { country: 'US', state: 'CA' }]);
    await db.query(`UPDATE "checkout"."zones" SET doc = $1 WHERE id = 'a'`, [{ id: 'a', locations: [] }]);
    await zone('e', 'p1', [{ country: 'US', state: 'NY' }]);
    await db.query(`DELETE FROM "checkout"."zones" WHERE id = 'e'`);
    const rows = await db.query<Array<{ zone_id: string; country: string; state: string }>>(
      `SELECT zone_id, country, state FROM "checkout"."zone_locations" ORDER BY zone_id, country, state`,
    );
    expect(rows).toEqual([
      { zone_id: 'b', country: 'DE', state: '' },
      { zone_id: 'd', country: 'US', state: '' },
      { zone_id: 'd', country: 'US', state: 'CA' },
    ]);
  } finally {
    await close();
  }
}, 60_000);

it('updates a cart heap-only (HOT): no index covers a column a change rewrites, its document TOASTed or not', async () => {
  const { db, close } = await testDatabase({
    schema: 'checkout',
    migrations: checkoutMigrations,
    poolSize: 1,
  });
  // About 9 kB, as the bench's cart of three line items: stored out of line (TOAST).
  const lineItems = Array.from({ length: 3 }, (_, i) => ({
    id: `li${i}`,
    name: { en: 'x'.repeat(2500) + i },
  }));
  try {
    const counts = await heapOnlyUpdates(db, 'checkout', 'carts', (tx) =>
      tx.query(
        `INSERT INTO "checkout"."carts" (id, project_key, version, created_at, last_modified_at, doc)
         VALUES ('c1', 'p', 1, '2026-01-01T10:00:00Z', '2026-01-01T10:00:00Z', $1)`,
        [{ id: 'c1', version: 1, customerId: 'cu', anonymousId: 'an', store: { key: 'st' }, lineItems }],
      ),
    );
    expect(counts).toEqual({ updates: 5, hot: 5 });
  } finally {
    await close();
  }
}, 60_000);

it('compresses carts, orders and Messages with lz4 where the server has it, and keeps its default where not', async () => {
  const { db, close } = await testDatabase({
    schema: 'checkout',
    migrations: checkoutMigrations,
    poolSize: 1,
  });
  try {
    const [{ lz4 }] = await db.query<Array<{ lz4: boolean }>>(
      `SELECT 'lz4' = ANY(enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'`,
    );
    const columns = await db.query<Array<{ relname: string; method: string }>>(
      `SELECT c.relname, a.attcompression::text AS method FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'checkout' AND c.relname IN ('carts', 'orders', 'messages') AND a.attname = 'doc'
       ORDER BY c.relname`,
    );
    const method = lz4 ? 'l' : '';
    expect(columns).toEqual([
      { relname: 'carts', method },
      { relname: 'messages', method },
      { relname: 'orders', method },
    ]);
  } finally {
    await close();
  }
}, 60_000);

it('keeps a compressed cart, order, order edit or Message in its row (no TOAST write), and moves only one still above a page out of line', async () => {
  const { db, close } = await testDatabase({
    schema: 'checkout',
    migrations: checkoutMigrations,
    poolSize: 1,
  });
  const toastBytes = async (table: string) => {
    const [{ bytes }] = await db.query<Array<{ bytes: string }>>(
      `SELECT pg_relation_size(reltoastrelid) AS bytes FROM pg_class WHERE oid = '"checkout"."${table}"'::regclass`,
    );
    return Number(bytes);
  };
  const cart = (id: string, text: (i: number) => string) => ({
    id,
    version: 1,
    lineItems: Array.from({ length: 3 }, (_, i) => ({ id: `li${i}`, name: { en: text(i) } })),
  });
  const insert = (doc: { id: string }) =>
    db.query(
      `INSERT INTO "checkout"."carts" (id, project_key, version, created_at, last_modified_at, doc)
       VALUES ($1, 'p', 1, '2026-01-01T10:00:00Z', '2026-01-01T10:00:00Z', $2)`,
      [doc.id, doc],
    );
  try {
    // About 5 kB that compresses little (ids): above 2 kB once compressed, so before, out of line.
    await insert(cart('c1', () => Array.from({ length: 40 }, () => randomUUID()).join(' ')));
    for (let version = 2; version <= 4; version++) {
      await db.query(
        `UPDATE "checkout"."carts" SET version = $1, doc = doc || jsonb_build_object('version', $1::int) WHERE id = 'c1'`,
        [version],
      );
    }
    expect(await toastBytes('carts')).toBe(0);
    // 30 kB that do not compress: still stored, out of line.
    const noise = (i: number) =>
      Array.from({ length: 1200 }, (_, j) => ((i * 7919 + j * 104729) % 1e8).toString(36)).join('');
    await insert(cart('c2', noise));
    expect(await toastBytes('carts')).toBeGreaterThan(0);
    const [{ length }] = await db.query<Array<{ length: number }>>(
      `SELECT length(doc::text) FROM "checkout"."carts" WHERE id = 'c2'`,
    );
    expect(length).toBeGreaterThan(15_000);
    const storage = await db.query<Array<{ relname: string; storage: string }>>(
      `SELECT c.relname, a.attstorage AS storage FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'checkout' AND c.relname IN ('carts', 'orders', 'order_edits', 'messages')
         AND a.attname = 'doc'
       ORDER BY c.relname`,
    );
    expect(storage).toEqual(
      ['carts', 'messages', 'order_edits', 'orders'].map((relname) => ({ relname, storage: 'm' })),
    );
  } finally {
    await close();
  }
}, 60_000);
