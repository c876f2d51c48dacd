import type autocannon from 'autocannon';

/**
 * The checkout path (issue 30) in the run of `npm run bench`: a catalog of three products in a 19 % tax
 * category, a zone and a shipping method, then
 *
 * - **the path**: `connections` shoppers, each one after the other creating a cart, adding three line items,
 *   setting the shipping address and the shipping method and creating the order (seven requests), for
 *   `seconds`; each step's p50/p99 and the carts ordered per second;
 * - **`addLineItem` with recalculation against a Store `setName`**, taking turns in each round under the same
 *   autocannon load: each connection adds a line item to a cart of its own (three items, a shipping address and
 *   method: prices, tiers, tax and shipping are recalculated) at the version its last answer gave, exactly as
 *   the Store scenario updates a Store of its own.
 */
export interface CheckoutTarget {
  url: string;
  projectKey: string;
  bearer: string;
}

export interface CheckoutCatalog {
  skus: [string, string, string];
  shippingMethodId: string;
}

/** The steps of one checkout, in order. */
export const CHECKOUT_STEPS = [
  'create cart',
  'addLineItem 1',
  'addLineItem 2',
  'addLineItem 3',
  'setShippingAddress',
  'setShippingMethod',
  'create order',
] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export interface StepFigures {
  step: CheckoutStep;
  count: number;
  p50Ms: number;
  p99Ms: number;
}

export interface CheckoutPathFigures {
  connections: number;
  seconds: number;
  /** Orders created per second (a cart counts once its order is created). */
  cartsPerSecond: number;
  /** Requests of the path per second. */
  requestsPerSecond: number;
  steps: StepFigures[];
  errors: number;
  /** The first error answers seen (status and code), for the report. */
  errorSamples: string[];
}

/** One cell of the side-by-side: `setName` or `addLineItem`, one round. */
export interface CheckoutUpdateFigures {
  scenario: string;
  connections: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  cpuMs?: number;
  /** req/s per round. */
  samples: number[];
}

export interface CheckoutBenchFacts {
  path: CheckoutPathFigures[];
  updates: CheckoutUpdateFigures[];
  /** addLineItem / setName per round: median and spread. */
  ratio?: { median: number; low: number; high: number };
  /** The 1-minute load average before each round. */
  loads: number[];
}

const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });
export const SHIPPING_ADDRESS = { country: 'DE', city: 'Berlin', postalCode: '10115', streetName: 'Bench' };

/** One request of the API; anything but 2xx throws with the answer. */
export async function call<T>(
  target: CheckoutTarget,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${target.url}/${target.projectKey}/${path}`, {
    method,
    headers: { authorization: `Bearer ${target.bearer}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/**
 * The catalog a checkout needs, through the API: a tax category (19 % DE, net prices), a product type, three
 * published products with an EUR price (a tier from 3 pieces), a zone DE and a shipping method of 4.90 EUR,
 * free above 100 EUR. With `stock`, each SKU gets an inventory entry of that many units.
 */
export async function seedCheckoutCatalog(
  target: CheckoutTarget,
  run: string,
  stock?: number,
): Promise<CheckoutCatalog> {
  const taxCategory = await call<{ id: string }>(target, 'POST', 'tax-categories', {
    key: `bench-tax-${run}`,
    name: 'Standard',
    rates: [{ name: '19% DE', amount: 0.19, includedInPrice: false, country: 'DE' }],
  });
  const productType = await call<{ id: string }>(target, 'POST', 'product-types', {
    key: `bench-checkout-${run}`,
    name: 'Checkout',
    description: 'bench',
    attributes: [],
  });
  const skus = [0, 1, 2].map((i) => `checkout-${run}-${i}`) as [string, string, string];
  for (const [i, sku] of skus.entries()) {
    await call(target, 'POST', 'products', {
      productType: { typeId: 'product-type', id: productType.id },
      key: `checkout-${run}-${i}`,
      name: { en: `Checkout product ${i}` },
      slug: { en: `checkout-${run}-${i}` },
      taxCategory: { typeId: 'tax-category', id: taxCategory.id },
      masterVariant: {
        sku,
        prices: [{ value: eur(1000 + i * 250), tiers: [{ minimumQuantity: 3, value: eur(900 + i * 250) }] }],
      },
      publish: true,
    });
    if (stock !== undefined) await call(target, 'POST', 'inventory', { sku, quantityOnStock: stock });
  }
  const zone = await call<{ id: string }>(target, 'POST', 'zones', {
    key: `bench-zone-${run}`,
    name: 'Germany',
    locations: [{ country: 'DE' }],
  });
  const shippingMethod = await call<{ id: string }>(target, 'POST', 'shipping-methods', {
    key: `bench-shipping-${run}`,
    name: 'Standard',
    taxCategory: { typeId: 'tax-category', id: taxCategory.id },
    zoneRates: [
      {
        zone: { typeId: 'zone', id: zone.id },
        shippingRates: [{ price: eur(490), freeAbove: eur(10_000) }],
      },
    ],
    isDefault: false,
  });
  return { skus, shippingMethodId: shippingMethod.id };
}

interface Answer {
  status: number;
  body: { id?: string; version?: number; errors?: Array<{ code?: string }> };
}

async function send(target: CheckoutTarget, method: string, path: string, body: unknown): Promise<Answer> {
  const response = await fetch(`${target.url}/${target.projectKey}/${path}`, {
    method,
    headers: { authorization: `Bearer ${target.bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The seven requests of one checkout, each step timed; resolves with how far it got. */
async function oneCheckout(
  target: CheckoutTarget,
  catalog: CheckoutCatalog,
  timings: Map<CheckoutStep, number[]>,
  fail: (step: CheckoutStep, answer: Answer) => void,
): Promise<boolean> {
  const timed = async (step: CheckoutStep, method: string, path: string, body: unknown) => {
    const started = performance.now();
    const answer = await send(target, method, path, body);
    const elapsed = performance.now() - started;
    if (answer.status >= 300) {
      fail(step, answer);
      return undefined;
    }
    timings.get(step)!.push(elapsed);
    return answer.body as { id: string; version: number };
  };
  let cart = await timed('create cart', 'POST', 'carts', { currency: 'EUR', country: 'DE' });
  if (!cart) return false;
  const update = async (step: CheckoutStep, action: object) => {
    if (!cart) return;
    cart = await timed(step, 'POST', `carts/${cart.id}`, { version: cart.version, actions: [action] });
  };
  for (const [i, sku] of catalog.skus.entries())
    await update(`addLineItem ${i + 1}` as CheckoutStep, { action: 'addLineItem', sku, quantity: 1 + i });
  await update('setShippingAddress', { action: 'setShippingAddress', address: SHIPPING_ADDRESS });
  await update('setShippingMethod', {
    action: 'setShippingMethod',
    shippingMethod: { typeId: 'shipping-method', id: catalog.shippingMethodId },
  });
  if (!cart) return false;
  const order = await timed('create order', 'POST', 'orders', {
    cart: { typeId: 'cart', id: cart.id },
    version: cart.version,
  });
  return order !== undefined;
}

/** `connections` shoppers checking out one cart after the other for `seconds`. */
export async function checkoutPath(
  target: CheckoutTarget,
  catalog: CheckoutCatalog,
  connections: number,
  seconds: number,
): Promise<CheckoutPathFigures> {
  const timings = new Map<CheckoutStep, number[]>(CHECKOUT_STEPS.map((step) => [step, []]));
  let errors = 0;
  const errorSamples: string[] = [];
  const fail = (step: CheckoutStep, answer: Answer) => {
    errors++;
    if (errorSamples.length < 3)
      errorSamples.push(`${step}: ${answer.status} ${answer.body.errors?.[0]?.code ?? ''}`.trim());
  };
  let ordered = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        try {
          if (await oneCheckout(target, catalog, timings, fail)) ordered++;
        } catch (error) {
          errors++;
          if (errorSamples.length < 3) errorSamples.push(String(error));
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const requests = [...timings.values()].reduce((sum, list) => sum + list.length, 0);
  return {
    connections,
    seconds: round1(elapsed),
    cartsPerSecond: round1(ordered / elapsed),
    requestsPerSecond: Math.round(requests / elapsed),
    steps: CHECKOUT_STEPS.map((step) => {
      const sorted = [...timings.get(step)!].sort((a, b) => a - b);
      return {
        step,
        count: sorted.length,
        p50Ms: round1(percentile(sorted, 50)),
        p99Ms: round1(percentile(sorted, 99)),
      };
    }),
    errors,
    errorSamples,
  };
}

/**
 * One cart per connection for the `addLineItem` load: three line items, the shipping address and the shipping
 * method set, so each added item reprices, taxes and ships the whole cart.
 */
export async function prepareCarts(
  target: CheckoutTarget,
  catalog: CheckoutCatalog,
  count: number,
): Promise<Array<{ id: string; version: number }>> {
  const carts: Array<{ id: string; version: number }> = [];
  for (let i = 0; i < count; i++) {
    const cart = await call<{ id: string; version: number }>(target, 'POST', 'carts', {
      currency: 'EUR',
      country: 'DE',
      shippingAddress: SHIPPING_ADDRESS,
      lineItems: catalog.skus.map((sku) => ({ sku, quantity: 1 })),
      shippingMethod: { typeId: 'shipping-method', id: catalog.shippingMethodId },
    });
    carts.push({ id: cart.id, version: cart.version });
  }
  return carts;
}

/**
 * autocannon options: each connection adds one unit of a line item (taking turns over the three SKUs) to its
 * own cart at the version its last answer gave.
 */
export async function addLineItemLoad(
  target: CheckoutTarget,
  catalog: CheckoutCatalog,
  carts: Array<{ id: string; version: number }>,
): Promise<Partial<autocannon.Options>> {
  // Requests cut off at the end of the last run may have been served since: start from the stored versions.
  for (const cart of carts)
    cart.version = (await call<{ version: number }>(target, 'GET', `carts/${cart.id}`)).version;
  let nextClient = 0;
  return {
    url: target.url,
    headers: { authorization: `Bearer ${target.bearer}`, 'content-type': 'application/json' },
    setupClient(client: autocannon.Client) {
      const cart = carts[nextClient++ % carts.length];
      let n = 0;
      client.setRequests([
        {
          method: 'POST',
          path: `/${target.projectKey}/carts/${cart.id}`,
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              version: cart.version,
              actions: [{ action: 'addLineItem', sku: catalog.skus[n++ % 3], quantity: 1 }],
            }),
          }),
          onResponse: (status, body) => {
            if (status === 200) cart.version = (JSON.parse(body) as { version: number }).version;
            if (status === 409) {
              const error = JSON.parse(body) as { errors?: Array<{ currentVersion?: number }> };
              cart.version = error.errors?.[0]?.currentVersion ?? cart.version;
            }
          },
        },
      ]);
    },
  };
}

/** Rows of updates measured taking turns: req/s, latency, errors, CPU per request, req/s per round. */
export function updatesTable(heading: string, updates: readonly CheckoutUpdateFigures[]): string {
  return [
    `| ${heading} | c | req/s | p50 ms | p99 ms | err | CPU ms/request | req/s per round |`,
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...updates.map(
      (u) =>
        `| ${u.scenario} | ${u.connections} | ${u.requestsPerSecond} | ${u.p50Ms} | ${u.p99Ms} | ${u.errors} | ` +
        `${u.cpuMs === undefined ? '-' : u.cpuMs.toFixed(3)} | ${u.samples.join(', ')} |`,
    ),
  ].join('\n');
}

/** The checkout figures as Markdown: the path's steps per concurrency, then the side-by-side. */
export function checkoutTable(facts: CheckoutBenchFacts): string {
  const lines: string[] = [];
  for (const path of facts.path) {
    lines.push(
      `Checkout path at c=${path.connections} for ${path.seconds} s: **${path.cartsPerSecond} carts ordered/s** ` +
        `(${path.requestsPerSecond} requests/s), ${path.errors} errors` +
        (path.errorSamples.length ? ` (${path.errorSamples.join('; ')})` : '') +
        '.',
      '',
      '| step | requests | p50 ms | p99 ms |',
      '|---|---:|---:|---:|',
      ...path.steps.map((s) => `| ${s.step} | ${s.count} | ${s.p50Ms} | ${s.p99Ms} |`),
      '',
    );
  }
  if (facts.updates.length) {
    lines.push(updatesTable('update (same run, taking turns)', facts.updates));
    if (facts.ratio) {
      const r = facts.ratio;
      lines.push(
        '',
        `addLineItem / setName: **${r.median}x** (per round ${r.low}-${r.high}; target at least 0.5x).`,
      );
    }
  }
  if (facts.loads.length)
    lines.push(
      '',
      `Load average (1 min) before each round: ${facts.loads.map((n) => n.toFixed(1)).join(', ')}.`,
    );
  return lines.join('\n');
}
