import type { SubRate } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import {
  centMoney,
  Exact,
  minorUnitsOf,
  type CentPrecisionMoney,
  type RoundingMode,
  type TypedMoney,
} from './money.js';

export type TaxMode = 'Platform' | 'External' | 'ExternalAmount' | 'Disabled';
export type TaxCalculationMode = 'LineItemLevel' | 'UnitPriceLevel';
export const DEFAULT_TAX_MODE: TaxMode = 'Platform';
export const DEFAULT_TAX_CALCULATION_MODE: TaxCalculationMode = 'LineItemLevel';

/** A TaxRate as a cart item carries it (SDK TaxRate): an external rate has no `id`. */
export interface CartTaxRate {
  id?: string;
  key?: string;
  name: string;
  amount: number;
  includedInPrice: boolean;
  country: string;
  state?: string;
  subRates?: SubRate[];
}

/** SDK ExternalTaxRateDraft. */
export interface ExternalTaxRateDraft {
  name: string;
  amount?: number;
  includedInPrice?: boolean;
  country: string;
  state?: string;
  subRates?: SubRate[];
}

/** SDK TaxPortion: `amount` in cents. */
export interface TaxPortion {
  name?: string;
  rate: number;
  amount: CentPrecisionMoney;
}

/** SDK TaxedItemPrice (LineItem, CustomLineItem, ShippingInfo `taxedPrice`). */
export interface TaxedItemPrice {
  totalNet: CentPrecisionMoney;
  totalGross: CentPrecisionMoney;
  taxPortions: TaxPortion[];
  totalTax?: CentPrecisionMoney;
}

/** SDK TaxedPrice (Cart `taxedPrice`, `taxedShippingPrice`). */
export type TaxedPrice = TaxedItemPrice;

export interface TaxAddress {
  country: string;
  state?: string;
}

/**
 * The rate of a tax category for an address: the rate whose country and state equal the address's
 * (case-sensitive; a rate without state fits an address without state). A country-only rate covers an
 * address with another state only when the Project's `countryTaxRateFallbackEnabled` is on (facts 4.4).
 */
export function findTaxRate<R extends { country: string; state?: string }>(
  rates: readonly R[],
  address: TaxAddress,
  countryTaxRateFallbackEnabled = false,
): R | undefined {
  const state = address.state ?? undefined;
  const exact = rates.find((rate) => rate.country === address.country && (rate.state ?? undefined) === state);
  if (exact || state === undefined || !countryTaxRateFallbackEnabled) return exact;
  return rates.find((rate) => rate.country === address.country && rate.state == null);
}

/** As `findTaxRate`, raising `MissingTaxRateForCountry` (Platform tax mode) when the category has none. */
export function requireTaxRate<R extends { country: string; state?: string }>(
  category: { id: string; rates: readonly R[] },
  address: TaxAddress,
  countryTaxRateFallbackEnabled = false,
): R {
  const rate = findTaxRate(category.rates, address, countryTaxRateFallbackEnabled);
  if (rate) return rate;
  throw Errors.missingTaxRateForCountry({
    taxCategoryId: category.id,
    country: address.country,
    ...(address.state != null ? { state: address.state } : {}),
  });
}

function checkFraction(field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw Errors.invalidField(field, value);
  }
  return value;
}

/**
 * An ExternalTaxRateDraft checked and completed (RAML ExternalTaxRateDraft): `amount` (0..1) is required
 * without `subRates`, and equals the sum of the `subRates` when both are given (the sum when omitted);
 * `includedInPrice` defaults to false.
 */
export function externalTaxRateOf(draft: ExternalTaxRateDraft, field = 'externalTaxRate'): CartTaxRate {
  const subRates = draft.subRates ?? [];
  subRates.forEach((subRate, i) => checkFraction(`${field}.subRates[${i}].amount`, subRate.amount));
  let amount: number;
  if (subRates.length === 0) {
    if (draft.amount == null) throw Errors.requiredField(`${field}.amount`);
    amount = checkFraction(`${field}.amount`, draft.amount);
  } else {
    const sum = subRates.reduce((total, subRate) => total.plus(Exact.of(subRate.amount)), Exact.ZERO);
    if (draft.amount != null) {
      checkFraction(`${field}.amount`, draft.amount);
      if (Exact.of(draft.amount).compare(sum) !== 0) {
        throw Errors.invalidInput(
          `The ${field}.amount ${draft.amount} must equal the sum of its subRates (${sum.toNumber()}).`,
        );
      }
    }
    if (sum.compare(Exact.ONE) > 0) throw Errors.invalidField(`${field}.subRates`, subRates);
    amount = draft.amount ?? Number(sum.toNumber().toPrecision(15));
  }
  return {
    name: draft.name,
    amount,
    includedInPrice: draft.includedInPrice ?? false,
    country: draft.country,
    ...(draft.state != null ? { state: draft.state } : {}),
    subRates,
  };
}

/** The portions a rate taxes by: one per sub-rate (by its name), else the rate itself. */
function portionRatesOf(rate: CartTaxRate): { name: string; rate: number }[] {
  return rate.subRates?.length
    ? rate.subRates.map((subRate) => ({ name: subRate.name, rate: subRate.amount }))
    : [{ name: rate.name, rate: rate.amount }];
}

/** Units of one price: `quantity` units at `unitPrice` (in minor units, exact). */
export interface PricedUnits {
  quantity: number;
  unitPrice: Exact;
}

export interface TaxItemInput {
  currencyCode: string;
  /** The item's `totalPrice` in cents (net, or gross when the rate is `includedInPrice`). */
  totalPrice: CentPrecisionMoney;
  rate: CartTaxRate;
  taxRoundingMode: RoundingMode;
  taxCalculationMode: TaxCalculationMode;
  /**
   * The units behind `totalPrice` (a line item's `discountedPricePerQuantity` groups, or its one price):
   * UnitPriceLevel taxes a unit of each group. Without units, UnitPriceLevel is LineItemLevel.
   */
  units?: readonly PricedUnits[];
}

/**
 * The taxed price of an item (facts 4.4). Each portion's tax is rounded by `taxRoundingMode`:
 * - not included: tax = round(net × r), gross = net + Σ tax;
 * - `includedInPrice`: tax = round(gross × r / (1 + R)) with R the whole rate, net = gross − Σ tax;
 * - LineItemLevel taxes the total; UnitPriceLevel taxes one unit of each price group, times its quantity:
 *   (1.08 × 3) × 1.19 = 3.8556 → 3.86, while round(1.08 × 1.19) = 1.29, × 3 = 3.87 (RAML TaxCalculationMode).
 */
export function taxItem(input: TaxItemInput): TaxedItemPrice {
  const { currencyCode, rate, taxRoundingMode } = input;
  const total = BigInt(input.totalPrice.centAmount);
  const whole = Exact.of(rate.amount);
  const divisor = rate.includedInPrice ? Exact.ONE.plus(whole) : Exact.ONE;
  const taxOf = (base: Exact, portionRate: number): bigint =>
    base.times(Exact.of(portionRate)).dividedBy(divisor).round(taxRoundingMode);
  const units =
    input.taxCalculationMode === 'UnitPriceLevel' && input.units?.length ? input.units : undefined;
  const portions = portionRatesOf(rate).map((portion) => {
    const amount = units
      ? units.reduce((sum, group) => sum + taxOf(group.unitPrice, portion.rate) * BigInt(group.quantity), 0n)
      : taxOf(Exact.of(total), portion.rate);
    return { name: portion.name, rate: portion.rate, amount };
  });
  const tax = portions.reduce((sum, portion) => sum + portion.amount, 0n);
  const net = rate.includedInPrice ? total - tax : total;
  const gross = rate.includedInPrice ? total : total + tax;
  return {
    totalNet: centMoney(currencyCode, net),
    totalGross: centMoney(currencyCode, gross),
    taxPortions: portions.map((portion) => ({
      name: portion.name,
      rate: portion.rate,
      amount: centMoney(currencyCode, portion.amount),
    })),
    totalTax: centMoney(currencyCode, tax),
  };
}

/** SDK ExternalTaxAmountDraft. */
export interface ExternalTaxAmountDraft {
  totalGross: TypedMoney;
  taxRate: ExternalTaxRateDraft;
}

/**
 * The taxed price of an item in ExternalAmount mode (RAML TaxMode): `totalNet` is the item's `totalPrice`,
 * `totalGross` as given (HalfEven to cents); the tax splits over the sub-rates in proportion to their
 * amounts (rounded by `taxRoundingMode`, the last portion takes the remainder), else one portion.
 */
export function taxedPriceFromAmount(
  totalPrice: CentPrecisionMoney,
  totalGross: TypedMoney,
  rate: CartTaxRate,
  taxRoundingMode: RoundingMode,
): TaxedItemPrice {
  const currencyCode = totalPrice.currencyCode;
  if (totalGross.currencyCode !== currencyCode) {
    throw Errors.invalidInput(`The totalGross must be in the cart's currency ${currencyCode}.`);
  }
  const gross = minorUnitsOf(totalGross).round('HalfEven');
  const net = BigInt(totalPrice.centAmount);
  const tax = gross - net;
  const parts = portionRatesOf(rate);
  const whole = parts.reduce((sum, part) => sum.plus(Exact.of(part.rate)), Exact.ZERO);
  let assigned = 0n;
  const portions = parts.map((part, i) => {
    const amount =
      i === parts.length - 1 || whole.compare(Exact.ZERO) === 0
        ? tax - assigned
        : Exact.of(tax).times(Exact.of(part.rate)).dividedBy(whole).round(taxRoundingMode);
    assigned += amount;
    return { name: part.name, rate: part.rate, amount: centMoney(currencyCode, amount) };
  });
  return {
    totalNet: centMoney(currencyCode, net),
    totalGross: centMoney(currencyCode, gross),
    taxPortions: portions,
    totalTax: centMoney(currencyCode, tax),
  };
}

/**
 * The sum of taxed prices (a cart's `taxedPrice` from its items and shipping, `taxedShippingPrice` from its
 * shipping methods): nets and grosses add up, portions with the same rate and name are summed into one
 * (SDK TaxPortion), in the order they first appear.
 */
export function sumTaxedPrices(currencyCode: string, prices: readonly TaxedItemPrice[]): TaxedPrice {
  let net = 0n;
  let gross = 0n;
  const portions = new Map<string, { name?: string; rate: number; amount: bigint }>();
  for (const price of prices) {
    net += BigInt(price.totalNet.centAmount);
    gross += BigInt(price.totalGross.centAmount);
    for (const portion of price.taxPortions) {
      const key = JSON.stringify([portion.rate, portion.name ?? null]);
      const known = portions.get(key);
      if (known) known.amount += BigInt(portion.amount.centAmount);
      else
        portions.set(key, {
          ...(portion.name !== undefined ? { name: portion.name } : {}),
          rate: portion.rate,
          amount: BigInt(portion.amount.centAmount),
        });
    }
  }
  return {
    totalNet: centMoney(currencyCode, net),
    totalGross: centMoney(currencyCode, gross),
    taxPortions: [...portions.values()].map((portion) => ({
      ...(portion.name !== undefined ? { name: portion.name } : {}),
      rate: portion.rate,
      amount: centMoney(currencyCode, portion.amount),
    })),
    totalTax: centMoney(currencyCode, gross - net),
  };
}

/** SDK TaxPortionDraft. */
export interface TaxPortionDraft {
  name?: string;
  rate: number;
  amount: TypedMoney;
}

/**
 * A cart's `taxedPrice` in ExternalAmount mode, from `setCartTotalTax` (SDK CartSetCartTotalTaxAction):
 * `totalNet` is the cart's `totalPrice`, `totalGross` the given one; the given portions, when any, must add
 * up to the difference.
 */
export function cartTaxedPriceFromTotal(
  totalPrice: CentPrecisionMoney,
  externalTotalGross: TypedMoney,
  externalTaxPortions: readonly TaxPortionDraft[] = [],
): TaxedPrice {
  const currencyCode = totalPrice.currencyCode;
  const money = [externalTotalGross, ...externalTaxPortions.map((portion) => portion.amount)];
  if (money.some((amount) => amount.currencyCode !== currencyCode)) {
    throw Errors.invalidInput(`The cart's total tax must be given in the cart's currency ${currencyCode}.`);
  }
  const gross = minorUnitsOf(externalTotalGross).round('HalfEven');
  const net = BigInt(totalPrice.centAmount);
  const portions = externalTaxPortions.map((portion, i) => ({
    ...(portion.name != null ? { name: portion.name } : {}),
    rate: checkFraction(`externalTaxPortions[${i}].rate`, portion.rate),
    amount: centMoney(currencyCode, minorUnitsOf(portion.amount).round('HalfEven')),
  }));
  const portionSum = portions.reduce((sum, portion) => sum + BigInt(portion.amount.centAmount), 0n);
  if (portions.length > 0 && portionSum !== gross - net) {
    throw Errors.invalidInput(
      `The externalTaxPortions add up to ${portionSum} cents, not to the difference of externalTotalGross and the cart's totalPrice (${gross - net} cents).`,
    );
  }
  return {
    totalNet: centMoney(currencyCode, net),
    totalGross: centMoney(currencyCode, gross),
    taxPortions: portions,
    totalTax: centMoney(currencyCode, gross - net),
  };
}
