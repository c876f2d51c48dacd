import type { Price, Product, ProductData, ProductVariant, TypedMoney } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { fractionDigitsOf, highPrecisionMoney } from '@commerce/pricing';
import { variantsOf, withVariant } from './product-data.js';

export interface MoneyInput {
  type?: 'centPrecision' | 'highPrecision';
  currencyCode: string;
  centAmount?: number;
  fractionDigits?: number;
  preciseAmount?: number;
}

/**
 * TypedMoney from a draft: cents in the currency's default precision, or high precision, whose
 * `centAmount` is the precise amount rounded half even to the default precision (SDK HighPrecisionMoneyDraft).
 */
export function typedMoneyOf(money: MoneyInput): TypedMoney {
  const defaultDigits = fractionDigitsOf(money.currencyCode);
  const highPrecision = money.type === 'highPrecision' || money.preciseAmount !== undefined;
  if (!highPrecision) {
    if (money.centAmount === undefined) throw Errors.requiredField('value.centAmount');
    return {
      type: 'centPrecision',
      currencyCode: money.currencyCode,
      centAmount: money.centAmount,
      fractionDigits: defaultDigits,
    };
  }
  const { fractionDigits, preciseAmount } = money;
  if (fractionDigits === undefined) throw Errors.requiredField('value.fractionDigits');
  if (preciseAmount === undefined) throw Errors.requiredField('value.preciseAmount');
  if (fractionDigits <= defaultDigits) {
    throw Errors.invalidField('value.fractionDigits', fractionDigits);
  }
  return highPrecisionMoney(money.currencyCode, preciseAmount, fractionDigits, 'HalfEven');
}

/**
 * What makes two prices of one variant compete: currency, country, customer group, channel, validity and
 * recurrence policy.
 */
export function priceScopeOf(price: Price): string {
  return JSON.stringify([
    price.value.currencyCode,
    price.country ?? null,
    price.customerGroup?.id ?? null,
    price.channel?.id ?? null,
    price.validFrom ?? null,
    price.validUntil ?? null,
    price.recurrencePolicy?.id ?? null,
  ]);
}

/** A variant's prices must have distinct scopes and distinct keys. */
export function checkPrices(prices: Price[]): Price[] {
  const scopes = new Map<string, Price>();
  const keys = new Set<string>();
  for (const price of prices) {
    const scope = priceScopeOf(price);
    const other = scopes.get(scope);
    if (other) throw Errors.duplicatePriceScope(other);
    scopes.set(scope, price);
    if (price.key !== undefined) {
      if (keys.has(price.key)) throw Errors.duplicateField('price.key', price.key);
      keys.add(price.key);
    }
  }
  return prices;
}

/** The data with one variant's prices replaced (checked). */
export function withPrices(
  data: ProductData,
  variantId: number,
  change: (prices: Price[]) => Price[],
): ProductData {
  return withVariant(data, variantId, (variant) => ({
    ...variant,
    prices: checkPrices(change(variant.prices)),
  }));
}

/** The variant holding the price with `priceId`, in the given data. */
export function variantWithPrice(data: ProductData, priceId: string): ProductVariant | undefined {
  return variantsOf(data).find((variant) => variant.prices.some((price) => price.id === priceId));
}

/** The price with `priceId` in the staged data (where every price lives); missing is `InvalidOperation`. */
export function requirePrice(product: Product, priceId: string): { variant: ProductVariant; price: Price } {
  for (const data of [product.masterData.staged, product.masterData.current]) {
    const variant = variantWithPrice(data, priceId);
    if (variant) return { variant, price: variant.prices.find((price) => price.id === priceId)! };
  }
  throw Errors.invalidOperation(`The product has no price with id '${priceId}'.`);
}

/** The price list with the price of the same key (else of the same id) replaced, or the price appended. */
export function upsertPrice(prices: Price[], price: Price): Price[] {
  const index = prices.findIndex((candidate) =>
    price.key !== undefined ? candidate.key === price.key : candidate.id === price.id,
  );
  if (index < 0) return [...prices, price];
  const next = [...prices];
  next[index] = { ...price, id: prices[index].id };
  return next;
}
