import type { Price, ProductProjection, ProductVariant, TypedMoney } from '@commerce/contracts';
import { Errors } from '@commerce/errors';

/**
 * The price selection scope: a projection request's parameters, or a cart's currency, country, group and
 * channel, and a recurring line item's recurrence policy (id).
 */
export interface PriceSelection {
  currency: string;
  country?: string;
  customerGroup?: string;
  channel?: string;
  recurrencePolicy?: string;
}

type RawValue = string | string[] | undefined;

function single(raw: Record<string, RawValue>, name: string): string | undefined {
  const value = raw[name];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) {
    if (value.length !== 1) throw Errors.invalidInput(`Malformed parameter: ${name}: must be given once.`);
    return value[0];
  }
  return value;
}

/**
 * The price selection of a query string, or undefined when there is none. `priceCountry`,
 * `priceCustomerGroup` and `priceChannel` need `priceCurrency` (as the live API requires).
 */
export function priceSelectionOf(raw: Record<string, RawValue>): PriceSelection | undefined {
  const currency = single(raw, 'priceCurrency');
  const country = single(raw, 'priceCountry');
  const customerGroup = single(raw, 'priceCustomerGroup');
  const channel = single(raw, 'priceChannel');
  const recurrencePolicy = single(raw, 'priceRecurrencePolicy');
  if (currency === undefined) {
    if (
      country !== undefined ||
      customerGroup !== undefined ||
      channel !== undefined ||
      recurrencePolicy !== undefined
    ) {
      throw Errors.invalidInput('The price selection parameters need priceCurrency.');
    }
    return undefined;
  }
  if (!/^[A-Z]{3}$/.test(currency))
    throw Errors.invalidInput(`Malformed parameter: priceCurrency: '${currency}'.`);
  if (country !== undefined && !/^[A-Z]{2}$/.test(country)) {
    throw Errors.invalidInput(`Malformed parameter: priceCountry: '${country}'.`);
  }
  return {
    currency,
    ...(country !== undefined ? { country } : {}),
    ...(customerGroup !== undefined ? { customerGroup } : {}),
    ...(channel !== undefined ? { channel } : {}),
    ...(recurrencePolicy !== undefined ? { recurrencePolicy } : {}),
  };
}

function validAt(price: Price, now: Date): boolean {
  if (price.validFrom !== undefined && new Date(price.validFrom) > now) return false;
  if (price.validUntil !== undefined && new Date(price.validUntil) <= now) return false;
  return true;
}

/**
 * How specific a price is for the selection, or -1 when it does not apply: a price that names a customer
 * group, channel, country or recurrence policy applies only when the selection names the same one. A
 * recurrence policy outweighs everything (a recurring item takes its policy's price, else a price without
 * one: docs/CHECKOUT.md); then customer group outweighs channel, which outweighs country; among equals, a
 * price with a validity period wins over one without.
 */
function specificity(price: Price, selection: PriceSelection, now: Date): number {
  if (price.value.currencyCode !== selection.currency || !validAt(price, now)) return -1;
  if (price.recurrencePolicy && price.recurrencePolicy.id !== selection.recurrencePolicy) return -1;
  if (price.customerGroup && price.customerGroup.id !== selection.customerGroup) return -1;
  if (price.channel && price.channel.id !== selection.channel) return -1;
  if (price.country && price.country !== selection.country) return -1;
  const dated = price.validFrom !== undefined || price.validUntil !== undefined;
  return (
    (price.recurrencePolicy ? 16 : 0) +
    (price.customerGroup ? 8 : 0) +
    (price.channel ? 4 : 0) +
    (price.country ? 2 : 0) +
    (dated ? 1 : 0)
  );
}

/** The price the live API selects for a variant, if any. */
export function selectPrice(
  prices: readonly Price[],
  selection: PriceSelection,
  now = new Date(),
): Price | undefined {
  let best: Price | undefined;
  let bestScore = -1;
  for (const price of prices) {
    const score = specificity(price, selection, now);
    if (score > bestScore) {
      best = price;
      bestScore = score;
    }
  }
  return best;
}

function withSelectedPrice(variant: ProductVariant, selection: PriceSelection, now: Date): ProductVariant {
  const price = selectPrice(variant.prices, selection, now);
  const { price: _previous, ...rest } = variant as ProductVariant & { price?: Price };
  return price ? ({ ...rest, price } as ProductVariant) : rest;
}

/** The projection with each variant's `price` set by the selection. */
export function withPriceSelection(
  projection: ProductProjection,
  selection: PriceSelection | undefined,
  now = new Date(),
): ProductProjection {
  if (!selection) return projection;
  return {
    ...projection,
    masterVariant: withSelectedPrice(projection.masterVariant, selection, now),
    variants: projection.variants.map((variant) => withSelectedPrice(variant, selection, now)),
  };
}

/**
 * The value of a price for a quantity: the tier with the highest `minimumQuantity` not above the quantity
 * overrides the base value (tiers start at 2; a price with `discounted` ignores its tiers: RAML Price).
 */
export function tierValueOf(price: Price, quantity: number): TypedMoney {
  if (price.discounted || !price.tiers?.length) return price.value;
  let best: { minimumQuantity: number; value: TypedMoney } | undefined;
  for (const tier of price.tiers) {
    if (tier.minimumQuantity <= quantity && (!best || tier.minimumQuantity > best.minimumQuantity))
      best = tier;
  }
  return best?.value ?? price.value;
}

/** The price a line item carries and the unit price its totals start from. */
export interface SelectedLineItemPrice {
  /** The selected Price as `LineItem.price` shows it: `value` is the tier's value when a tier applies. */
  price: Price;
  /** What one unit costs before cart discounts: `discounted.value` when a product discount applies, else `price.value`. */
  unitPrice: TypedMoney;
}

/** A line item's price for its quantity in the cart's scope at `now`, or undefined when none fits. */
export function selectLineItemPrice(
  prices: readonly Price[],
  selection: PriceSelection,
  quantity: number,
  now = new Date(),
): SelectedLineItemPrice | undefined {
  const selected = selectPrice(prices, selection, now);
  if (!selected) return undefined;
  const value = tierValueOf(selected, quantity);
  const price = value === selected.value ? selected : { ...selected, value };
  return { price, unitPrice: selected.discounted?.value ?? value };
}

/** As `selectLineItemPrice`, raising `MatchingPriceNotFound` with the variant and scope when no price fits. */
export function requireLineItemPrice(
  variant: { productId: string; variantId: number; prices: readonly Price[] },
  selection: PriceSelection,
  quantity: number,
  now = new Date(),
): SelectedLineItemPrice {
  const selected = selectLineItemPrice(variant.prices, selection, quantity, now);
  if (selected) return selected;
  throw Errors.matchingPriceNotFound({
    productId: variant.productId,
    variantId: variant.variantId,
    currency: selection.currency,
    ...(selection.country !== undefined ? { country: selection.country } : {}),
    ...(selection.customerGroup !== undefined
      ? { customerGroup: { typeId: 'customer-group' as const, id: selection.customerGroup } }
      : {}),
    ...(selection.channel !== undefined
      ? { channel: { typeId: 'channel' as const, id: selection.channel } }
      : {}),
  });
}
