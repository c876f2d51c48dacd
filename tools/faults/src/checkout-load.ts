import type pg from 'pg';
import { call, type Api } from './load.js';

/** Units on stock of each SKU: enough that no order of the run is refused for stock. */
export const CHECKOUT_STOCK = 1_000_000;

/** What the checkout part of the load orders: three SKUs with inventory, and a shipping method. */
export interface CheckoutSetup {
  skus: string[];
  shippingMethodId: string;
}

async function created<T>(api: Api, token: string, path: string, body: unknown): Promise<T> {
  const answer = await call(`${api.gateways[0]}/${api.projectKey}/${path}`, { method: 'POST', body, token });
  if (answer.status !== 201 && answer.status !== 200)
    throw new Error(`POST ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as T;
}

/**
 * Through the API: a tax category, three published products in it with EUR prices, an inventory entry of
 * CHECKOUT_STOCK units per SKU, a zone DE and a shipping method.
 */
export async function seedCheckout(api: Api, token: string): Promise<CheckoutSetup> {
  const run = Date.now().toString(36);
  const tax = await created<{ id: string }>(api, token, 'tax-categories', {
    key: `faults-tax-${run}`,
    name: 'Standard',
    rates: [{ name: '19% DE', amount: 0.19, includedInPrice: false, country: 'DE' }],
  });
  const type = await created<{ id: string }>(api, token, 'product-types', {
    key: `faults-type-${run}`,
    name: 'Faults',
    description: 'faults',
    attributes: [],
  });
  const skus = [0, 1, 2].map((i) => `faults-${run}-${i}`);
  for (const [i, sku] of skus.entries()) {
    await created(api, token, 'products', {
      productType: { typeId: 'product-type', id: type.id },
      key: `faults-${run}-${i}`,
      name: { en: `Faults ${i}` },
      slug: { en: `faults-${run}-${i}` },
      taxCategory: { typeId: 'tax-category', id: tax.id },
      masterVariant: { sku, prices: [{ value: { currencyCode: 'EUR', centAmount: 1000 + i * 100 } }] },
      publish: true,
    });
    await created(api, token, 'inventory', { sku, quantityOnStock: CHECKOUT_STOCK });
  }
  const zone = await created<{ id: string }>(api, token, 'zones', {
    key: `faults-zone-${run}`,
    name: 'DE',
    locations: [{ country: 'DE' }],
  });
  const method = await created<{ id: string }>(api, token, 'shipping-methods', {
    key: `faults-shipping-${run}`,
    name: 'Standard',
    taxCategory: { typeId: 'tax-category', id: tax.id },
    zoneRates: [
      {
        zone: { typeId: 'zone', id: zone.id },
        shippingRates: [{ price: { currencyCode: 'EUR', centAmount: 490 } }],
      },
    ],
    isDefault: false,
  });
  return { skus, shippingMethodId: method.id };
}

/** A cart draft of the load: three line items in ReserveOnOrder, ready to order. */
export function checkoutCartDraft(setup: CheckoutSetup) {
  return {
    currency: 'EUR',
    country: 'DE',
    inventoryMode: 'ReserveOnOrder',
    shippingAddress: { country: 'DE', city: 'Berlin' },
    shippingMethod: { typeId: 'shipping-method', id: setup.shippingMethodId },
    lineItems: setup.skus.map((sku, i) => ({ sku, quantity: i + 1 })),
  };
}

/** The checkout invariants, each as the number of rows that break it (0 everywhere: all hold). */
export interface CheckoutInvariants {
  /** Orders in the database. */
  orders: number;
  /** An order whose cart is not `Ordered` (or gone). */
  orderWithoutOrderedCart: number;
  /** A cart `Ordered` that no order references. */
  orderedCartWithoutOrder: number;
  /** A committed reservation (units taken out of the stock) whose order does not exist. */
  committedWithoutOrder: number;
  /** An order holding ReserveOnOrder units with no reservation, or a released one. */
  orderWithoutReservation: number;
  /** An entry whose quantities differ from the stock less what its reservations hold. */
  inconsistentEntries: number;
  /** Pending reservations left (the sweep settles them after its bound): with and without an order. */
  pendingWithOrder: number;
  pendingWithoutOrder: number;
}

/**
 * Checks, in the database, what a fault must never break: every order's cart is `Ordered` and every
 * `Ordered` cart has its order (one transaction writes both); no unit is taken out of the stock for an order
 * that does not exist, and every order holds its units; each entry's `quantityOnStock` is the stock less the
 * committed reservations' units and its `availableQuantity` the stock less the pending and committed ones.
 */
export async function checkoutInvariants(
  client: pg.Client,
  projectKey: string,
  setup: CheckoutSetup,
): Promise<CheckoutInvariants> {
  const one = async (sql: string, values: unknown[] = [projectKey]) =>
    (await client.query<{ n: number }>(sql, values)).rows[0].n;
  const orders = await one(`SELECT count(*)::int AS n FROM "checkout"."orders" WHERE project_key = $1`);
  const orderWithoutOrderedCart = await one(
    `SELECT count(*)::int AS n FROM "checkout"."orders" o
     LEFT JOIN "checkout"."carts" c ON c.project_key = o.project_key AND c.id = o.doc->'cart'->>'id'
     WHERE o.project_key = $1 AND c.doc->>'cartState' IS DISTINCT FROM 'Ordered'`,
  );
  const orderedCartWithoutOrder = await one(
    `SELECT count(*)::int AS n FROM "checkout"."carts" c
     WHERE c.project_key = $1 AND c.doc->>'cartState' = 'Ordered' AND NOT EXISTS (
       SELECT 1 FROM "checkout"."orders" o WHERE o.project_key = c.project_key AND o.doc->'cart'->>'id' = c.id)`,
  );
  const reservations = (state: string, withOrder: boolean) =>
    one(
      `SELECT count(*)::int AS n FROM "catalog"."inventory_reservations" r
       WHERE r.project_key = $1 AND r.state = $2 AND jsonb_array_length(r.items) > 0
         AND ${withOrder ? '' : 'NOT '}EXISTS (
           SELECT 1 FROM "checkout"."orders" o WHERE o.project_key = r.project_key AND o.id = r.order_id)`,
      [projectKey, state],
    );
  const orderWithoutReservation = await one(
    `SELECT count(*)::int AS n FROM "checkout"."orders" o
     WHERE o.project_key = $1 AND o.doc->>'inventoryMode' = 'ReserveOnOrder' AND NOT EXISTS (
       SELECT 1 FROM "catalog"."inventory_reservations" r
       WHERE r.project_key = o.project_key AND r.order_id = o.id AND r.state IN ('pending', 'committed'))`,
  );
  const inconsistentEntries = await one(
    `WITH held AS (
       SELECT (i->>'entryId') AS entry_id,
              sum((i->>'quantity')::bigint) FILTER (WHERE r.state = 'committed') AS committed,
              sum((i->>'quantity')::bigint) FILTER (WHERE r.state IN ('pending', 'committed')) AS held
       FROM "catalog"."inventory_reservations" r, jsonb_array_elements(r.items) i
       WHERE r.project_key = $1 GROUP BY 1)
     SELECT count(*)::int AS n FROM "catalog"."inventory_entries" e LEFT JOIN held h ON h.entry_id = e.id
     WHERE e.project_key = $1 AND e.doc->>'sku' = ANY($2::text[]) AND (
       (e.doc->>'quantityOnStock')::bigint <> $3 - coalesce(h.committed, 0) OR
       (e.doc->>'availableQuantity')::bigint <> $3 - coalesce(h.held, 0))`,
    [projectKey, setup.skus, CHECKOUT_STOCK],
  );
  return {
    orders,
    orderWithoutOrderedCart,
    orderedCartWithoutOrder,
    committedWithoutOrder: await reservations('committed', false),
    orderWithoutReservation,
    inconsistentEntries,
    pendingWithOrder: await reservations('pending', true),
    pendingWithoutOrder: await reservations('pending', false),
  };
}

/** The invariants that failed, named; empty when all hold. */
export function brokenInvariants(found: CheckoutInvariants): string[] {
  const names: Array<[keyof CheckoutInvariants, string]> = [
    ['orderWithoutOrderedCart', 'orders without their cart Ordered'],
    ['orderedCartWithoutOrder', 'Ordered carts without an order'],
    ['committedWithoutOrder', 'reserved units taken out of the stock without their order'],
    ['orderWithoutReservation', 'orders without their reservation'],
    ['inconsistentEntries', 'inventory entries whose quantities do not add up'],
  ];
  return names.filter(([field]) => found[field] > 0).map(([field, name]) => `${found[field]} ${name}`);
}
