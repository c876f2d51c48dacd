import type {
  CentPrecisionMoney,
  Price,
  ProductData,
  ProductDiscount,
  ProductProjection,
  ProductVariant,
  Reference,
  StandalonePrice,
  TypedMoney,
} from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';
import { selectPrice, type PriceSelection } from '@commerce/pricing';
import {
  compileProductPredicate,
  type PredicateRef,
  type ProductPredicate,
  type ProductPredicateInput,
  type ProductPredicateNeeds,
} from '@commerce/query';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * How long a catalog-service process answers prices from its copy of a project's product discounts. A write
 * drops the copy of the process that made it at once; other replicas see the change within this bound
 * (docs/DISCOUNTS.md, "When discounted prices change").
 */
export const DISCOUNT_CACHE_MS = 5_000;

interface ActiveDiscount {
  discount: ProductDiscount;
  predicate: ProductPredicate;
}

interface Cached {
  at: number;
  discounts: Promise<ActiveDiscount[]>;
}

/** The product fields a predicate reads, from a projection or a product's data. */
export interface DiscountedProduct {
  id: string;
  key?: string;
  productType: Reference<'product-type'>;
  priceMode?: string;
  categories: ReadonlyArray<{ id: string }>;
  attributes?: ReadonlyArray<{ name: string; value: unknown }>;
}

/** Keys and ancestors a batch of inputs needs, read once per batch and only when a predicate names them. */
interface Lookups {
  productTypeKeys: Map<string, string>;
  categories: Map<string, { key?: string; ancestors: string[] }>;
  channelKeys: Map<string, string>;
  customerGroupKeys: Map<string, string>;
}

const NO_NEEDS: ProductPredicateNeeds = {
  productTypeKey: false,
  categoryKeys: false,
  ancestors: false,
  channelKey: false,
  customerGroupKey: false,
};

/** `a` before `b` when its sortOrder is higher (both are decimals between 0 and 1 written `0.xxx`). */
export function bySortOrderDescending(a: { sortOrder: string }, b: { sortOrder: string }): number {
  const fa = a.sortOrder.slice(2);
  const fb = b.sortOrder.slice(2);
  const width = Math.max(fa.length, fb.length);
  const pa = fa.padEnd(width, '0');
  const pb = fb.padEnd(width, '0');
  return pa < pb ? 1 : pa > pb ? -1 : 0;
}

/** Whether the discount is active and valid at `now`. */
export function isValidAt(discount: ProductDiscount, now: Date): boolean {
  if (!discount.isActive) return false;
  if (discount.validFrom !== undefined && new Date(discount.validFrom) > now) return false;
  if (discount.validUntil !== undefined && new Date(discount.validUntil) <= now) return false;
  return true;
}

/** `n * permyriad / 10000` rounded half even, in the integer cents of `n`. */
function permyriadOf(cents: number, permyriad: number): number {
  const product = BigInt(cents) * BigInt(permyriad);
  let quotient = product / 10000n;
  const remainder = product % 10000n;
  if (remainder > 5000n || (remainder === 5000n && quotient % 2n !== 0n)) quotient += 1n;
  return Number(quotient);
}

/**
 * The value a relative or absolute discount leaves of a price (never below zero), or undefined when the
 * discount has no amount in the price's currency (or is external: its values are set by clients).
 */
export function discountedValueOf(
  value: TypedMoney,
  discount: ProductDiscount,
): CentPrecisionMoney | undefined {
  const money = (centAmount: number): CentPrecisionMoney => ({
    type: 'centPrecision',
    currencyCode: value.currencyCode,
    centAmount: Math.max(0, centAmount),
    fractionDigits: value.fractionDigits,
  });
  switch (discount.value.type) {
    case 'relative':
      return money(value.centAmount - permyriadOf(value.centAmount, discount.value.permyriad));
    case 'absolute': {
      const off = discount.value.money.find((m) => m.currencyCode === value.currencyCode);
      return off ? money(value.centAmount - off.centAmount) : undefined;
    }
    case 'external':
      return undefined;
  }
}

/** A Standalone Price as a variant's Price (price selection and discounts read both alike). */
export function priceOfStandalone(standalone: StandalonePrice): Price {
  return {
    id: standalone.id,
    ...(standalone.key !== undefined ? { key: standalone.key } : {}),
    value: standalone.value,
    ...(standalone.country !== undefined ? { country: standalone.country } : {}),
    ...(standalone.customerGroup ? { customerGroup: standalone.customerGroup } : {}),
    ...(standalone.channel ? { channel: standalone.channel } : {}),
    ...(standalone.validFrom !== undefined ? { validFrom: standalone.validFrom } : {}),
    ...(standalone.validUntil !== undefined ? { validUntil: standalone.validUntil } : {}),
    ...(standalone.discounted ? { discounted: standalone.discounted } : {}),
    ...(standalone.tiers?.length ? { tiers: standalone.tiers } : {}),
    ...(standalone.custom ? { custom: standalone.custom } : {}),
    ...(standalone.recurrencePolicy ? { recurrencePolicy: standalone.recurrencePolicy } : {}),
  };
}

/**
 * The catalog's prices as clients see them: each price's `discounted` set by the best matching active product
 * discount (highest `sortOrder` first; an external discount only where a client set it on the price), and for
 * products in `priceMode: Standalone` the Standalone Prices of each variant's SKU. Computed when answered
 * (projections, search, carts, `/product-discounts/matching`), from the stored product and a short-lived copy
 * of the project's active discounts, so a product change shows at once and a discount change within
 * `DISCOUNT_CACHE_MS`.
 */
@Injectable()
export class ProductDiscounts {
  private readonly cache = new Map<string, Cached>();

  constructor(private readonly db: DataSource) {}

  /** Drops the copy of a project's discounts (after a write of one of them). */
  forget(projectKey: string): void {
    this.cache.delete(projectKey);
  }

  /** The project's active discounts, highest sortOrder first (validity is checked when applied). */
  async active(projectKey: string): Promise<ActiveDiscount[]> {
    const cached = this.cache.get(projectKey);
    if (cached && Date.now() - cached.at < DISCOUNT_CACHE_MS) return cached.discounts;
    const discounts = this.load(projectKey);
    this.cache.set(projectKey, { at: Date.now(), discounts });
    discounts.catch(() => this.cache.delete(projectKey));
    return discounts;
  }

  private async load(projectKey: string): Promise<ActiveDiscount[]> {
    const rows = await this.db.query<Array<{ doc: ProductDiscount }>>(
      `SELECT doc FROM "catalog"."product_discounts" WHERE project_key = $1 AND (doc->>'isActive')::boolean`,
      [projectKey],
    );
    const active: ActiveDiscount[] = [];
    for (const { doc } of rows) {
      try {
        active.push({ discount: doc, predicate: compileProductPredicate(doc.predicate) });
      } catch {
        // Written before a stricter check: it matches nothing rather than failing every price read.
      }
    }
    return active.sort((a, b) => bySortOrderDescending(a.discount, b.discount));
  }

  /** The Standalone Prices of these SKUs that are active, by SKU. */
  async standalonePrices(db: Queryable, projectKey: string, skus: string[]): Promise<Map<string, Price[]>> {
    const bySku = new Map<string, Price[]>();
    if (skus.length === 0) return bySku;
    const rows = await db.query<Array<{ doc: StandalonePrice }>>(
      `SELECT doc FROM "catalog"."standalone_prices"
        WHERE project_key = $1 AND doc->>'sku' = ANY($2::text[]) AND (doc->>'active')::boolean
        ORDER BY created_at, id`,
      [projectKey, [...new Set(skus)]],
    );
    for (const { doc } of rows) bySku.set(doc.sku, [...(bySku.get(doc.sku) ?? []), priceOfStandalone(doc)]);
    return bySku;
  }

  /**
   * The projections with their prices as answered: embedded prices discounted; in Standalone mode each
   * variant's `price` selected among its SKU's Standalone Prices (discounted); `price` set only with a selection.
   */
  async priced(
    projectKey: string,
    projections: ProductProjection[],
    selection: PriceSelection | undefined,
    now = new Date(),
  ): Promise<ProductProjection[]> {
    if (projections.length === 0) return projections;
    const discounts = await this.active(projectKey);
    const standaloneSkus = projections
      .filter((p) => p.priceMode === 'Standalone' && selection)
      .flatMap((p) => [p.masterVariant, ...p.variants].flatMap((v) => (v.sku ? [v.sku] : [])));
    const standalone = await this.standalonePrices(this.db, projectKey, standaloneSkus);
    const lookups = await this.lookups(projectKey, discounts, projections, [...standalone.values()].flat());
    return projections.map((projection) => {
      const variant = (v: ProductVariant): ProductVariant => {
        const prices = this.discountAll(discounts, lookups, projection, v, v.prices, now);
        const { price: _previous, ...rest } = v as ProductVariant & { price?: Price };
        if (!selection) return { ...rest, prices };
        const candidates =
          projection.priceMode === 'Standalone'
            ? this.discountAll(discounts, lookups, projection, v, standalone.get(v.sku ?? '') ?? [], now)
            : prices;
        const selected = selectPrice(candidates, selection, now);
        return { ...rest, prices, ...(selected ? { price: selected } : {}) };
      };
      return {
        ...projection,
        masterVariant: variant(projection.masterVariant),
        variants: projection.variants.map(variant),
      };
    });
  }

  /**
   * The prices a cart's line item chooses from: the variant's embedded prices, or its SKU's Standalone Prices
   * in Standalone mode, each with `discounted` as the best discount sets it.
   */
  async lineItemPrices(
    db: Queryable,
    projectKey: string,
    items: Array<{ product: DiscountedProduct; variant: ProductVariant }>,
    now = new Date(),
  ): Promise<Price[][]> {
    if (items.length === 0) return [];
    const discounts = await this.active(projectKey);
    const skus = items.flatMap(({ product, variant }) =>
      product.priceMode === 'Standalone' && variant.sku ? [variant.sku] : [],
    );
    const standalone = await this.standalonePrices(db, projectKey, skus);
    const prices = items.map(({ product, variant }) =>
      product.priceMode === 'Standalone' ? (standalone.get(variant.sku ?? '') ?? []) : variant.prices,
    );
    const lookups = await this.lookups(
      projectKey,
      discounts,
      items.map((i) => i.product),
      prices.flat(),
    );
    return items.map(({ product, variant }, index) =>
      this.discountAll(discounts, lookups, product, variant, prices[index], now),
    );
  }

  /** Prices of variants, each with `discounted` as the best active discount sets it. */
  async discounted(
    projectKey: string,
    items: Array<{ product: DiscountedProduct; variant: ProductVariant; prices: Price[] }>,
    now = new Date(),
  ): Promise<Price[][]> {
    const discounts = await this.active(projectKey);
    const lookups = await this.lookups(
      projectKey,
      discounts,
      items.map((item) => item.product),
      items.flatMap((item) => item.prices),
    );
    return items.map(({ product, variant, prices }) =>
      this.discountAll(discounts, lookups, product, variant, prices, now),
    );
  }

  /** The best active, valid relative or absolute discount for one price of a variant (`/matching`). */
  async best(
    projectKey: string,
    product: DiscountedProduct,
    variant: ProductVariant,
    price: Price,
    now = new Date(),
  ): Promise<ProductDiscount | undefined> {
    const discounts = await this.active(projectKey);
    const lookups = await this.lookups(projectKey, discounts, [product], [price]);
    const input = this.inputOf(lookups, product, variant, price);
    return discounts.find(
      ({ discount, predicate }) =>
        discount.value.type !== 'external' &&
        isValidAt(discount, now) &&
        discountedValueOf(price.value, discount) !== undefined &&
        predicate.matches(input),
    )?.discount;
  }

  private discountAll(
    discounts: ActiveDiscount[],
    lookups: Lookups,
    product: DiscountedProduct,
    variant: ProductVariant,
    prices: readonly Price[],
    now: Date,
  ): Price[] {
    if (discounts.length === 0 && !prices.some((price) => price.discounted)) return prices as Price[];
    return prices.map((price) => this.discountOne(discounts, lookups, product, variant, price, now));
  }

  private discountOne(
    discounts: ActiveDiscount[],
    lookups: Lookups,
    product: DiscountedProduct,
    variant: ProductVariant,
    price: Price,
    now: Date,
  ): Price {
    const { discounted: stored, ...bare } = price;
    let input: ProductPredicateInput | undefined;
    for (const { discount, predicate } of discounts) {
      if (!isValidAt(discount, now)) continue;
      if (discount.value.type === 'external') {
        if (stored && stored.discount.id === discount.id) return price;
        continue;
      }
      const value = discountedValueOf(price.value, discount);
      if (!value) continue;
      input ??= this.inputOf(lookups, product, variant, price);
      if (predicate.matches(input)) {
        return { ...bare, discounted: { value, discount: { typeId: 'product-discount', id: discount.id } } };
      }
    }
    return bare;
  }

  private inputOf(
    lookups: Lookups,
    product: DiscountedProduct,
    variant: ProductVariant,
    price: Price,
  ): ProductPredicateInput {
    const ref = (id: string, keys: Map<string, string>): PredicateRef => {
      const key = keys.get(id);
      return key !== undefined ? { id, key } : { id };
    };
    const categories = product.categories.map(({ id }) => {
      const key = lookups.categories.get(id)?.key;
      return key !== undefined ? { id, key } : { id };
    });
    const withAncestors = new Map(categories.map((c) => [c.id, c]));
    for (const { id } of product.categories) {
      for (const ancestor of lookups.categories.get(id)?.ancestors ?? []) {
        if (withAncestors.has(ancestor)) continue;
        const key = lookups.categories.get(ancestor)?.key;
        withAncestors.set(ancestor, key !== undefined ? { id: ancestor, key } : { id: ancestor });
      }
    }
    return {
      product: {
        id: product.id,
        ...(product.key !== undefined ? { key: product.key } : {}),
        productType: ref(product.productType.id, lookups.productTypeKeys),
        categories,
        categoriesWithAncestors: [...withAncestors.values()],
      },
      variant: {
        id: variant.id,
        ...(variant.key !== undefined ? { key: variant.key } : {}),
        ...(variant.sku !== undefined ? { sku: variant.sku } : {}),
        attributes: [...variant.attributes, ...(product.attributes ?? [])],
      },
      price: {
        value: price.value,
        ...(price.country !== undefined ? { country: price.country } : {}),
        ...(price.channel ? { channel: ref(price.channel.id, lookups.channelKeys) } : {}),
        ...(price.customerGroup
          ? { customerGroup: ref(price.customerGroup.id, lookups.customerGroupKeys) }
          : {}),
      },
    };
  }

  /** Reads what the active predicates name by key or by ancestry, for these products and prices. */
  private async lookups(
    projectKey: string,
    discounts: ActiveDiscount[],
    products: readonly DiscountedProduct[],
    prices: readonly Price[],
  ): Promise<Lookups> {
    const needs = { ...NO_NEEDS };
    for (const { predicate } of discounts) {
      for (const name of Object.keys(needs) as Array<keyof ProductPredicateNeeds>) {
        if (predicate.needs[name]) needs[name] = true;
      }
    }
    const lookups: Lookups = {
      productTypeKeys: new Map(),
      categories: new Map(),
      channelKeys: new Map(),
      customerGroupKeys: new Map(),
    };
    const allPrices = [
      ...prices,
      ...products.flatMap((p) => {
        const data = p as unknown as Partial<ProductData>;
        return data.masterVariant
          ? [data.masterVariant, ...(data.variants ?? [])].flatMap((v) => v.prices)
          : [];
      }),
    ];
    const keysOf = async (table: string, ids: Iterable<string>, into: Map<string, string>) => {
      const list = [...new Set(ids)];
      if (list.length === 0) return;
      const rows = await this.db.query<Array<{ id: string; key: string | null }>>(
        `SELECT id, key FROM "catalog".${table} WHERE project_key = $1 AND id = ANY($2::text[])`,
        [projectKey, list],
      );
      for (const row of rows) if (row.key !== null) into.set(row.id, row.key);
    };
    const work: Array<Promise<void>> = [];
    if (needs.productTypeKey) {
      work.push(
        keysOf(
          '"product_types"',
          products.map((p) => p.productType.id),
          lookups.productTypeKeys,
        ),
      );
    }
    if (needs.channelKey) {
      work.push(
        keysOf(
          '"channels"',
          allPrices.flatMap((p) => (p.channel ? [p.channel.id] : [])),
          lookups.channelKeys,
        ),
      );
    }
    if (needs.customerGroupKey) {
      work.push(
        keysOf(
          '"customer_groups"',
          allPrices.flatMap((p) => (p.customerGroup ? [p.customerGroup.id] : [])),
          lookups.customerGroupKeys,
        ),
      );
    }
    if (needs.categoryKeys || needs.ancestors)
      work.push(this.categoriesOf(projectKey, products, needs, lookups));
    await Promise.all(work);
    return lookups;
  }

  private async categoriesOf(
    projectKey: string,
    products: readonly DiscountedProduct[],
    needs: ProductPredicateNeeds,
    lookups: Lookups,
  ): Promise<void> {
    const read = async (ids: string[]) => {
      if (ids.length === 0) return;
      const rows = await this.db.query<
        Array<{ id: string; key: string | null; ancestors: Array<{ id: string }> | null }>
      >(
        `SELECT id, key, doc->'ancestors' AS ancestors FROM "catalog"."categories"
          WHERE project_key = $1 AND id = ANY($2::text[])`,
        [projectKey, ids],
      );
      for (const row of rows) {
        lookups.categories.set(row.id, {
          ...(row.key !== null ? { key: row.key } : {}),
          ancestors: (row.ancestors ?? []).map((a) => a.id),
        });
      }
    };
    await read([...new Set(products.flatMap((p) => p.categories.map((c) => c.id)))]);
    if (!needs.ancestors) return;
    const ancestors = [...lookups.categories.values()].flatMap((c) => c.ancestors);
    await read([...new Set(ancestors)].filter((id) => !lookups.categories.has(id)));
  }
}
