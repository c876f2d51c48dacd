import {
  SHIPPING_ADDRESS,
  call,
  type CheckoutCatalog,
  type CheckoutTarget,
  type CheckoutUpdateFigures,
  updatesTable,
} from './checkout-bench.js';

/**
 * `--scenarios discounts` (issue 31): `addLineItem` with recalculation on a cart while five cart discounts and
 * two product discounts are active, beside the same step with all seven inactive, taking turns in each round.
 * The discounts are on the checkout catalog (`seedCheckoutCatalog`) and switched with `changeIsActive` before
 * each turn, so both sides run on the same project, catalog and carts' shape; a probe cart proves which side is
 * measured (its line items discounted, or not) before the load starts.
 */

export interface DiscountBenchFacts {
  updates: CheckoutUpdateFigures[];
  /** addLineItem with discounts / without, per round: median and spread. */
  ratio?: { median: number; low: number; high: number };
  /** The 1-minute load average before each round. */
  loads: number[];
}

interface Versioned {
  id: string;
  version: number;
}

export interface DiscountSet {
  cartDiscounts: Versioned[];
  productDiscounts: Versioned[];
}

const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });

/**
 * Five cart discounts (line items relative and absolute, a multi-buy, shipping, total price: each with a cart
 * predicate the carts meet) and two product discounts (relative on two SKUs, absolute on the third), created
 * inactive with sort orders of their own.
 */
export async function seedDiscounts(target: CheckoutTarget, catalog: CheckoutCatalog): Promise<DiscountSet> {
  const [a, b, c] = catalog.skus;
  const stamp = `${Date.now()}`;
  const sortOrder = (i: number) => `0.${stamp}${i + 1}`;
  const cartDrafts = [
    {
      value: { type: 'relative', permyriad: 500 },
      target: { type: 'lineItems', predicate: 'true' },
      cartPredicate: 'totalPrice > "1.00 EUR"',
    },
    {
      value: { type: 'absolute', money: [eur(50)] },
      target: { type: 'lineItems', predicate: 'quantity >= 1' },
      cartPredicate: 'lineItemCount(true) >= 1',
    },
    {
      value: { type: 'relative', permyriad: 1000 },
      target: {
        type: 'multiBuyLineItems',
        predicate: `sku = "${a}"`,
        triggerQuantity: 3,
        discountedQuantity: 1,
        selectionMode: 'Cheapest',
      },
      cartPredicate: '1 = 1',
    },
    {
      value: { type: 'relative', permyriad: 5000 },
      target: { type: 'shipping' },
      cartPredicate: 'country = "DE"',
    },
    {
      value: { type: 'absolute', money: [eur(100)] },
      target: { type: 'totalPrice' },
      cartPredicate: 'lineItemTotal(true) > "10.00 EUR"',
    },
  ];
  const cartDiscounts: Versioned[] = [];
  for (const [i, draft] of cartDrafts.entries()) {
    cartDiscounts.push(
      await call<Versioned>(target, 'POST', 'cart-discounts', {
        name: { en: `bench ${i}` },
        sortOrder: sortOrder(i),
        isActive: false,
        ...draft,
      }),
    );
  }
  const productDrafts = [
    { value: { type: 'relative', permyriad: 1000 }, predicate: `sku in ("${a}", "${b}")` },
    { value: { type: 'absolute', money: [eur(100)] }, predicate: `sku = "${c}"` },
  ];
  const productDiscounts: Versioned[] = [];
  for (const [i, draft] of productDrafts.entries()) {
    productDiscounts.push(
      await call<Versioned>(target, 'POST', 'product-discounts', {
        name: { en: `bench ${i}` },
        sortOrder: sortOrder(i),
        isActive: false,
        ...draft,
      }),
    );
  }
  return { cartDiscounts, productDiscounts };
}

interface ProbeCart {
  lineItems: Array<{ price: { discounted?: unknown }; discountedPricePerQuantity: unknown[] }>;
  discountOnTotalPrice?: unknown;
}

/** A cart as the load's carts are (three items, address, shipping method): what the discounts do to it. */
async function probe(target: CheckoutTarget, catalog: CheckoutCatalog): Promise<ProbeCart> {
  return call<ProbeCart>(target, 'POST', 'carts', {
    currency: 'EUR',
    country: 'DE',
    shippingAddress: SHIPPING_ADDRESS,
    lineItems: catalog.skus.map((sku) => ({ sku, quantity: 3 })),
    shippingMethod: { typeId: 'shipping-method', id: catalog.shippingMethodId },
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every discount of the set active or inactive, then waits (up to the product discount cache's 5 s, for
 * another replica) until a probe cart shows it: all items discounted by product and cart discounts with a
 * discount on the total, or none.
 */
export async function switchDiscounts(
  target: CheckoutTarget,
  catalog: CheckoutCatalog,
  set: DiscountSet,
  active: boolean,
): Promise<void> {
  const change = async (path: string, discount: Versioned) => {
    const changed = await call<Versioned>(target, 'POST', `${path}/${discount.id}`, {
      version: discount.version,
      actions: [{ action: 'changeIsActive', isActive: active }],
    });
    discount.version = changed.version;
  };
  for (const discount of set.cartDiscounts) await change('cart-discounts', discount);
  for (const discount of set.productDiscounts) await change('product-discounts', discount);
  const shows = (cart: ProbeCart) => {
    const byProduct = cart.lineItems.map((item) => item.price.discounted !== undefined);
    const byCart = cart.lineItems.map((item) => item.discountedPricePerQuantity.length > 0);
    const total = cart.discountOnTotalPrice !== undefined;
    return active
      ? byProduct.every(Boolean) && byCart.every(Boolean) && total
      : !byProduct.some(Boolean) && !byCart.some(Boolean) && !total;
  };
  for (let attempt = 0; attempt < 30; attempt++) {
    if (shows(await probe(target, catalog))) return;
    await sleep(250);
  }
  throw new Error(`the discounts did not become ${active ? 'active' : 'inactive'} on a probe cart`);
}

/** The discount figures as Markdown: both sides with their CPU per request, then the per-round ratio. */
export function discountTable(facts: DiscountBenchFacts): string {
  const lines = [updatesTable('addLineItem (same run, taking turns)', facts.updates)];
  if (facts.ratio) {
    const r = facts.ratio;
    lines.push(
      '',
      `addLineItem with / without discounts: **${r.median}x** (per round ${r.low}-${r.high}; target at least 0.7x).`,
    );
  }
  if (facts.loads.length)
    lines.push(
      '',
      `Load average (1 min) before each round: ${facts.loads.map((n) => n.toFixed(1)).join(', ')}.`,
    );
  return lines.join('\n');
}
