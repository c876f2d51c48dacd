import { Errors } from '@commerce/errors';
import {
  centMoney,
  DEFAULT_ROUNDING_MODE,
  Exact,
  minorUnitsOf,
  type CentPrecisionMoney,
  type RoundingMode,
  type TypedMoney,
} from './money.js';
import {
  applyGroupBestDeal,
  applyItemDiscount,
  bySortOrderDescending,
  discountedAmount,
  initialGroups,
  type CartDiscountRule,
  type DiscountedGroup,
  type ItemDiscountState,
} from './cart-discounts.js';
import {
  markMatching,
  shippingPriceOf,
  type ShippingRate,
  type ShippingRateInput,
  type ShippingRateInputType,
} from './shipping-rates.js';
import {
  cartTaxedPriceFromTotal,
  requireTaxRate,
  sumTaxedPrices,
  taxedPriceFromAmount,
  taxItem,
  type CartTaxRate,
  type PricedUnits,
  type TaxAddress,
  type TaxCalculationMode,
  type TaxedItemPrice,
  type TaxedPrice,
  type TaxMode,
  type TaxPortionDraft,
} from './tax.js';

export type LineItemPriceMode = 'Platform' | 'ExternalPrice' | 'ExternalTotal';
export type LineItemMode = 'Standard' | 'GiftLineItem';

/** A tax category as the recalculation needs it: its id (for MissingTaxRateForCountry) and rates. */
export interface TaxCategoryRates {
  id: string;
  rates: readonly CartTaxRate[];
}

/** SDK DiscountedLineItemPriceForQuantity, as far as totals read it (the cart-discount seam). */
export interface DiscountedUnits {
  quantity: number;
  discountedPrice: { value: TypedMoney };
}

/**
 * How an item is taxed, one field per tax mode: `taxCategory` (Platform: the rate for the shipping address),
 * `externalTaxRate` (External: a rate checked by `externalTaxRateOf`), `externalTaxAmount` (ExternalAmount:
 * as `setLineItemTaxAmount` gave it). The mode's field missing means "not taxed yet".
 */
export interface ItemTaxSource {
  taxCategory?: TaxCategoryRates;
  externalTaxRate?: CartTaxRate;
  externalTaxAmount?: { totalGross: TypedMoney; taxRate: CartTaxRate };
  /** External tax mode, `Multiple` shipping mode: the rate per shipping method key (SDK perMethodExternalTaxRate). */
  perMethodExternalTaxRate?: readonly MethodTaxRate[];
}

export type ShippingMode = 'Single' | 'Multiple';

/** SDK ItemShippingTarget, as far as totals read it: units of the item sent by one shipping method. */
export interface ShippingTarget {
  shippingMethodKey?: string;
  quantity: number;
}

/** SDK MethodTaxRate. */
export interface MethodTaxRate {
  shippingMethodKey: string;
  taxRate?: CartTaxRate;
}

/** SDK MethodTaxedPrice. */
export interface MethodTaxedPrice {
  shippingMethodKey: string;
  taxedPrice?: TaxedItemPrice;
}

export interface LineItemInput extends ItemTaxSource {
  id: string;
  quantity: number;
  priceMode: LineItemPriceMode;
  lineItemMode?: LineItemMode;
  /**
   * One unit's price after product discounts: `selectLineItemPrice(...).unitPrice` (Platform) or the external
   * price (ExternalPrice; ExternalTotal's `price`).
   */
  unitPrice: TypedMoney;
  /** ExternalTotal: the given `totalPrice` (only it counts; HalfEven to cents). */
  externalTotalPrice?: TypedMoney;
  /**
   * The cart-discount seam: the groups of `discountedPricePerQuantity` (their quantities add up to
   * `quantity`). Omitted or empty: every unit at `unitPrice`.
   */
  discountedPricePerQuantity?: readonly DiscountedUnits[];
  /** `Multiple` shipping mode: `shippingDetails.targets`. */
  shippingTargets?: readonly ShippingTarget[];
}

export interface CustomLineItemInput extends ItemTaxSource {
  id: string;
  quantity: number;
  money: TypedMoney;
  discountedPricePerQuantity?: readonly DiscountedUnits[];
  /** `Multiple` shipping mode: `shippingDetails.targets`. */
  shippingTargets?: readonly ShippingTarget[];
}

/** A shipping method's (or custom) rate and how it is taxed: the cart's one in `Single` mode. */
export interface ShippingInput extends ItemTaxSource {
  shippingRate: ShippingRate;
  /** The Project's `shippingRateInputType.type` (tiers of other types are ignored). */
  rateInputType?: ShippingRateInputType;
  /** The cart's `shippingRateInput`. */
  rateInput?: ShippingRateInput;
}

/** One entry of the cart's `shipping[]` in `Multiple` mode. */
export interface MethodShippingInput extends ShippingInput {
  shippingKey: string;
  /** Its `shippingAddress`: the tax address of the items it ships and of itself. */
  shippingAddress: TaxAddress;
}

export interface CartTotalsInput {
  currency: string;
  taxMode: TaxMode;
  priceRoundingMode?: RoundingMode;
  taxRoundingMode?: RoundingMode;
  taxCalculationMode?: TaxCalculationMode;
  /** The tax address (Single mode: the cart's `shippingAddress`). Platform and External tax need it. */
  shippingAddress?: TaxAddress;
  /** Project `carts.countryTaxRateFallbackEnabled`. */
  countryTaxRateFallbackEnabled?: boolean;
  lineItems: readonly LineItemInput[];
  customLineItems: readonly CustomLineItemInput[];
  /** `Single` (default): `shipping` and `shippingAddress`; `Multiple`: `shippings` and the items' targets. */
  shippingMode?: ShippingMode;
  shipping?: ShippingInput;
  shippings?: readonly MethodShippingInput[];
  /** ExternalAmount: the cart's tax as `setCartTotalTax` gave it. */
  externalTotalTax?: { totalGross: TypedMoney; taxPortions?: readonly TaxPortionDraft[] };
  /**
   * The Cart Discounts that apply to the cart (active, valid, predicate and code checked by the caller). Given,
   * they replace the items' `discountedPricePerQuantity` (applied in descending sortOrder, rounded after each).
   */
  cartDiscounts?: readonly CartDiscountRule[];
}

/** SDK DiscountedLineItemPrice with the discount's id (the caller makes references of them). */
export interface DiscountedPriceOutput {
  value: CentPrecisionMoney;
  includedDiscounts: { discountId: string; discountedAmount: CentPrecisionMoney }[];
}

/** SDK DiscountOnTotalPrice. */
export interface DiscountOnTotalPriceOutput {
  discountedAmount: CentPrecisionMoney;
  includedDiscounts: { discountId: string; discountedAmount: CentPrecisionMoney }[];
  discountedNetAmount?: CentPrecisionMoney;
  discountedGrossAmount?: CentPrecisionMoney;
}

export interface ItemTotals {
  id: string;
  totalPrice: CentPrecisionMoney;
  taxRate?: CartTaxRate;
  /** Single mode: by `taxRate`; Multiple mode: the sum of `taxedPricePortions` once the item is fully allocated. */
  taxedPrice?: TaxedItemPrice;
  /** Multiple mode: the rate for each shipping method's address (Platform) or as given (External); else []. */
  perMethodTaxRate: MethodTaxRate[];
  /** Multiple mode: the taxed price of the units each shipping method ships; else []. */
  taxedPricePortions: MethodTaxedPrice[];
  /** With `cartDiscounts`: the item's discounted unit groups (empty: no cart discount changed it). */
  discountedPricePerQuantity?: { quantity: number; discountedPrice: DiscountedPriceOutput }[];
}

export interface ShippingTotals {
  /** ShippingInfo `price`: the tier's or rate's price, 0 above `freeAbove`. */
  price: CentPrecisionMoney;
  /** ShippingInfo `shippingRate`, its tiers marked `isMatching`. */
  shippingRate: ShippingRate;
  taxRate?: CartTaxRate;
  taxedPrice?: TaxedItemPrice;
  /** ShippingInfo `discountedPrice`: after the shipping cart discounts. */
  discountedPrice?: DiscountedPriceOutput;
}

export interface MethodShippingTotals extends ShippingTotals {
  shippingKey: string;
}

export interface CartTotals {
  lineItems: ItemTotals[];
  customLineItems: ItemTotals[];
  /** Single mode: `shippingInfo`. */
  shipping?: ShippingTotals;
  /** Multiple mode: each `shipping[].shippingInfo`, in input order; else []. */
  shippings: MethodShippingTotals[];
  /** Σ LI + CLI `totalPrice`: the cart value of CartValue tiers and `freeAbove`. */
  itemsTotal: CentPrecisionMoney;
  totalPrice: CentPrecisionMoney;
  taxedPrice?: TaxedPrice;
  taxedShippingPrice?: TaxedPrice;
  /** Σ LI quantities; absent without line items. */
  totalLineItemQuantity?: number;
  /** Cart `discountOnTotalPrice`: what the totalPrice cart discounts took off. */
  discountOnTotalPrice?: DiscountOnTotalPriceOutput;
  /** The ids of the cart discounts that changed something (discount code states). */
  appliedDiscounts: string[];
  /** Discounts of a Discount Group that would have changed something but another of the group saved more. */
  stoppedByGroupBestDeal: string[];
}

function inCurrency(money: TypedMoney, currency: string, field: string): TypedMoney {
  if (money.currencyCode !== currency) {
    throw Errors.invalidInput(`The ${field} is in ${money.currencyCode}, the cart in ${currency}.`);
  }
  return money;
}

/** The price groups of an item: its discounted groups, else all units at one price. */
function unitsOf(
  id: string,
  quantity: number,
  unitPrice: TypedMoney,
  discounted: readonly DiscountedUnits[] | undefined,
  currency: string,
): PricedUnits[] {
  if (!discounted?.length) {
    return [{ quantity, unitPrice: minorUnitsOf(inCurrency(unitPrice, currency, 'price')) }];
  }
  const covered = discounted.reduce((sum, group) => sum + group.quantity, 0);
  if (covered !== quantity) {
    throw Errors.invalidInput(
      `The discounted quantities of item '${id}' add up to ${covered}, not ${quantity}.`,
    );
  }
  return discounted.map((group) => ({
    quantity: group.quantity,
    unitPrice: minorUnitsOf(inCurrency(group.discountedPrice.value, currency, 'discounted price')),
  }));
}

function totalOf(units: readonly PricedUnits[], mode: RoundingMode): bigint {
  return units
    .reduce((sum, group) => sum.plus(group.unitPrice.times(group.quantity)), Exact.ZERO)
    .round(mode);
}

interface Taxed {
  taxRate?: CartTaxRate;
  taxedPrice?: TaxedItemPrice;
}

function taxByRate(
  input: CartTotalsInput,
  rate: CartTaxRate,
  totalPrice: CentPrecisionMoney,
  units: readonly PricedUnits[] | undefined,
): TaxedItemPrice {
  return taxItem({
    currencyCode: input.currency,
    totalPrice,
    rate,
    taxRoundingMode: input.taxRoundingMode ?? DEFAULT_ROUNDING_MODE,
    taxCalculationMode: input.taxCalculationMode ?? 'LineItemLevel',
    ...(units ? { units } : {}),
  });
}

/** What a tax mode makes of one item's tax source for the tax address (undefined fields: not taxed). */
function taxOf(
  input: CartTotalsInput,
  address: TaxAddress | undefined,
  source: ItemTaxSource,
  totalPrice: CentPrecisionMoney,
  units: readonly PricedUnits[] | undefined,
): Taxed {
  const rate = rateOf(input, address, source);
  if (rate) return { taxRate: rate, taxedPrice: taxByRate(input, rate, totalPrice, units) };
  const amount = input.taxMode === 'ExternalAmount' ? source.externalTaxAmount : undefined;
  if (!amount) return {};
  return {
    taxRate: amount.taxRate,
    taxedPrice: taxedPriceFromAmount(
      totalPrice,
      amount.totalGross,
      amount.taxRate,
      input.taxRoundingMode ?? DEFAULT_ROUNDING_MODE,
    ),
  };
}

/** The rate of a Platform or External item for a tax address (Platform: MissingTaxRateForCountry if none). */
function rateOf(
  input: CartTotalsInput,
  address: TaxAddress | undefined,
  source: ItemTaxSource,
): CartTaxRate | undefined {
  switch (input.taxMode) {
    case 'Platform':
      if (!address || !source.taxCategory) return undefined;
      return requireTaxRate(source.taxCategory, address, input.countryTaxRateFallbackEnabled ?? false);
    case 'External':
      return source.externalTaxRate;
    case 'ExternalAmount':
    case 'Disabled':
      return undefined;
  }
}

/**
 * The units each shipping method key ships (targets in order take the price groups in order) and their
 * share of the total: each rounded by the mode, the last allocated share taking the remainder when the item is
 * fully allocated, so the shares add up to `totalPrice`.
 */
function sharesOf(
  total: bigint,
  quantity: number,
  units: readonly PricedUnits[] | undefined,
  targets: readonly ShippingTarget[],
  mode: RoundingMode,
): { shippingMethodKey: string; total: bigint; units?: PricedUnits[] }[] {
  const keyed = targets.filter(
    (target): target is ShippingTarget & { shippingMethodKey: string } =>
      target.shippingMethodKey !== undefined && target.quantity > 0,
  );
  const allocated = keyed.reduce((sum, target) => sum + target.quantity, 0);
  const remaining = units?.map((group) => ({ ...group }));
  const shares = keyed.map((target) => {
    if (!remaining) {
      const share = Exact.of(total)
        .times(target.quantity)
        .dividedBy(quantity || 1)
        .round(mode);
      return { shippingMethodKey: target.shippingMethodKey, total: share };
    }
    const taken: PricedUnits[] = [];
    let wanted = target.quantity;
    for (const group of remaining) {
      if (wanted === 0) break;
      const take = Math.min(wanted, group.quantity);
      if (take === 0) continue;
      taken.push({ quantity: take, unitPrice: group.unitPrice });
      group.quantity -= take;
      wanted -= take;
    }
    return { shippingMethodKey: target.shippingMethodKey, total: totalOf(taken, mode), units: taken };
  });
  if (allocated === quantity && shares.length > 0) {
    const others = shares.slice(0, -1).reduce((sum, share) => sum + share.total, 0n);
    shares[shares.length - 1].total = total - others;
  }
  return shares;
}

/** An item's tax in `Multiple` mode: a rate per shipping method, a taxed price per allocated share. */
function multipleTaxOf(
  input: CartTotalsInput,
  source: ItemTaxSource & { quantity: number; shippingTargets?: readonly ShippingTarget[] },
  totalPrice: CentPrecisionMoney,
  units: readonly PricedUnits[] | undefined,
): Pick<ItemTotals, 'taxedPrice' | 'perMethodTaxRate' | 'taxedPricePortions'> {
  const perMethodTaxRate: MethodTaxRate[] = [];
  if (input.taxMode === 'Platform' && source.taxCategory) {
    for (const shipping of input.shippings ?? []) {
      const taxRate = rateOf(input, shipping.shippingAddress, source);
      if (taxRate) perMethodTaxRate.push({ shippingMethodKey: shipping.shippingKey, taxRate });
    }
  } else if (input.taxMode === 'External') {
    perMethodTaxRate.push(...(source.perMethodExternalTaxRate ?? []));
  }
  const targets = source.shippingTargets ?? [];
  const mode = input.priceRoundingMode ?? DEFAULT_ROUNDING_MODE;
  const shares = sharesOf(BigInt(totalPrice.centAmount), source.quantity, units, targets, mode);
  const taxedPricePortions: MethodTaxedPrice[] = shares.map((share) => {
    const taxRate = perMethodTaxRate.find(
      (rate) => rate.shippingMethodKey === share.shippingMethodKey,
    )?.taxRate;
    const shareTotal = centMoney(input.currency, share.total);
    return {
      shippingMethodKey: share.shippingMethodKey,
      ...(taxRate ? { taxedPrice: taxByRate(input, taxRate, shareTotal, share.units) } : {}),
    };
  });
  const allocated = targets.reduce(
    (sum, target) => sum + (target.shippingMethodKey ? target.quantity : 0),
    0,
  );
  const complete =
    allocated === source.quantity && taxedPricePortions.every((portion) => portion.taxedPrice !== undefined);
  const result: Pick<ItemTotals, 'taxedPrice' | 'perMethodTaxRate' | 'taxedPricePortions'> = {
    perMethodTaxRate,
    taxedPricePortions,
  };
  if (complete && (taxedPricePortions.length > 0 || source.quantity === 0)) {
    result.taxedPrice = sumTaxedPrices(
      input.currency,
      taxedPricePortions.map((portion) => portion.taxedPrice as TaxedItemPrice),
    );
  }
  return result;
}

function itemTax(
  input: CartTotalsInput,
  source: ItemTaxSource & { quantity: number; shippingTargets?: readonly ShippingTarget[] },
  totalPrice: CentPrecisionMoney,
  units: readonly PricedUnits[] | undefined,
): Omit<ItemTotals, 'id' | 'totalPrice'> {
  if (input.shippingMode === 'Multiple' && input.taxMode !== 'ExternalAmount') {
    return multipleTaxOf(input, source, totalPrice, units);
  }
  return {
    ...taxOf(input, input.shippingAddress, source, totalPrice, units),
    perMethodTaxRate: [],
    taxedPricePortions: [],
  };
}

function lineItemTotals(input: CartTotalsInput, item: LineItemInput): ItemTotals {
  const { currency } = input;
  if (!Number.isSafeInteger(item.quantity) || item.quantity < 0)
    throw Errors.invalidField('quantity', item.quantity);
  let total: bigint;
  let units: PricedUnits[] | undefined;
  if (item.lineItemMode === 'GiftLineItem') {
    total = 0n;
    units = [{ quantity: item.quantity, unitPrice: Exact.ZERO }];
  } else if (item.priceMode === 'ExternalTotal') {
    if (!item.externalTotalPrice) throw Errors.requiredField('externalTotalPrice');
    // Only the given total counts (RAML LineItemPriceMode); UnitPriceLevel has no unit to tax here.
    total = minorUnitsOf(inCurrency(item.externalTotalPrice, currency, 'externalTotalPrice')).round(
      'HalfEven',
    );
  } else {
    units = unitsOf(item.id, item.quantity, item.unitPrice, item.discountedPricePerQuantity, currency);
    // ExternalPrice in high precision rounds HalfEven (RAML LineItem.totalPrice); else priceRoundingMode.
    const mode =
      item.priceMode === 'ExternalPrice' && item.unitPrice.type === 'highPrecision'
        ? 'HalfEven'
        : (input.priceRoundingMode ?? DEFAULT_ROUNDING_MODE);
    total = totalOf(units, mode);
  }
  const totalPrice = centMoney(currency, total);
  return { id: item.id, totalPrice, ...itemTax(input, item, totalPrice, units) };
}

function customLineItemTotals(input: CartTotalsInput, item: CustomLineItemInput): ItemTotals {
  if (!Number.isSafeInteger(item.quantity) || item.quantity < 0)
    throw Errors.invalidField('quantity', item.quantity);
  const units = unitsOf(item.id, item.quantity, item.money, item.discountedPricePerQuantity, input.currency);
  const totalPrice = centMoney(
    input.currency,
    totalOf(units, input.priceRoundingMode ?? DEFAULT_ROUNDING_MODE),
  );
  return { id: item.id, totalPrice, ...itemTax(input, item, totalPrice, units) };
}

function shippingTotals(
  input: CartTotalsInput,
  shipping: ShippingInput,
  address: TaxAddress | undefined,
  cartValue: number,
  discounts: readonly CartDiscountRule[] = [],
  applied: string[] = [],
): ShippingTotals {
  const rate = shipping.shippingRate;
  inCurrency(rate.price, input.currency, 'shipping rate');
  const tierInput = {
    currencyCode: input.currency,
    cartValue,
    ...(shipping.rateInputType ? { rateInputType: shipping.rateInputType } : {}),
    ...(shipping.rateInput ? { rateInput: shipping.rateInput } : {}),
  };
  const { price } = shippingPriceOf(rate, tierInput);
  const [shippingRate] = markMatching([rate], undefined, rate.tiers.length ? tierInput : undefined);
  const { isMatching: _rateMark, ...unmarked } = shippingRate;
  inCurrency(price, input.currency, 'shipping price');
  let cents = BigInt(price.centAmount);
  const included: DiscountedPriceOutput['includedDiscounts'] = [];
  for (const rule of discounts) {
    const after = discountedAmount(
      cents,
      rule.value,
      input.currency,
      input.priceRoundingMode ?? DEFAULT_ROUNDING_MODE,
    );
    if (after === undefined || after === cents) continue;
    included.push({ discountId: rule.id, discountedAmount: centMoney(input.currency, cents - after) });
    if (!applied.includes(rule.id)) applied.push(rule.id);
    cents = after;
  }
  const charged = centMoney(input.currency, cents);
  const taxed = taxOf(input, address, shipping, charged, [
    { quantity: 1, unitPrice: Exact.of(charged.centAmount) },
  ]);
  return {
    price,
    shippingRate: unmarked,
    ...taxed,
    ...(included.length ? { discountedPrice: { value: charged, includedDiscounts: included } } : {}),
  };
}

/** What one cart discount step decided: the groups of each item, the queued shipping and total discounts. */
interface DiscountPlan {
  state: ItemDiscountState;
  shipping: CartDiscountRule[];
  total: CartDiscountRule[];
  applied: string[];
  stoppedByGroupBestDeal: string[];
}

/**
 * Cart discounts on items in descending sortOrder, each step rounded (checkout facts 4.3, 4.5); shipping and
 * total price discounts are queued in the same order and applied once their base is known. A
 * StopAfterThisDiscount discount that changed something stops every later one.
 */
function planDiscounts(input: CartTotalsInput): DiscountPlan {
  const mode = input.priceRoundingMode ?? DEFAULT_ROUNDING_MODE;
  const discountable = input.lineItems.filter(
    (item) => item.priceMode !== 'ExternalTotal' && item.lineItemMode !== 'GiftLineItem',
  );
  const state: ItemDiscountState = {
    lineItems: initialGroups(
      discountable.map((item) => ({
        id: item.id,
        quantity: item.quantity,
        unitPrice: minorUnitsOf(inCurrency(item.unitPrice, input.currency, 'price')).round(mode),
      })),
    ),
    customLineItems: initialGroups(
      input.customLineItems.map((item) => ({
        id: item.id,
        quantity: item.quantity,
        unitPrice: minorUnitsOf(inCurrency(item.money, input.currency, 'money')).round(mode),
      })),
    ),
  };
  const plan: DiscountPlan = { state, shipping: [], total: [], applied: [], stoppedByGroupBestDeal: [] };
  const hasShipping =
    input.shippingMode === 'Multiple' ? (input.shippings ?? []).length > 0 : !!input.shipping;
  const rules = [...(input.cartDiscounts ?? [])].sort(bySortOrderDescending);
  const groupsDone = new Set<string>();
  for (const each of rules) {
    let rule = each;
    let changed: boolean;
    if (rule.discountGroup !== undefined) {
      // A Discount Group takes its turn once, at its sortOrder: only its best deal applies.
      if (groupsDone.has(rule.discountGroup)) continue;
      groupsDone.add(rule.discountGroup);
      const members = rules.filter((member) => member.discountGroup === each.discountGroup);
      const { winner, losers } = applyGroupBestDeal(members, state, input.currency, mode);
      plan.stoppedByGroupBestDeal.push(...losers);
      if (!winner) continue;
      rule = winner;
      changed = true;
      plan.applied.push(rule.id);
    } else if (rule.target.type === 'shipping') {
      plan.shipping.push(rule);
      changed = hasShipping;
    } else if (rule.target.type === 'totalPrice') {
      plan.total.push(rule);
      changed = true;
    } else {
      changed = applyItemDiscount(rule, state, input.currency, mode);
      if (changed) plan.applied.push(rule.id);
    }
    if (changed && rule.stackingMode === 'StopAfterThisDiscount') break;
  }
  return plan;
}

function groupsOutput(currency: string, groups: readonly DiscountedGroup[] | undefined) {
  if (!groups?.some((group) => group.includedDiscounts.length > 0)) return [];
  return groups.map((group) => ({
    quantity: group.quantity,
    discountedPrice: {
      value: centMoney(currency, group.unitPrice),
      includedDiscounts: group.includedDiscounts.map((d) => ({
        discountId: d.discountId,
        discountedAmount: centMoney(currency, d.amount),
      })),
    },
  }));
}

const asUnits = (groups: ReturnType<typeof groupsOutput>): DiscountedUnits[] | undefined =>
  groups.length
    ? groups.map((g) => ({ quantity: g.quantity, discountedPrice: { value: g.discountedPrice.value } }))
    : undefined;

/** A taxed price scaled by after/before, each portion rounded by the tax rounding mode (facts 4.4). */
function scaledTaxedPrice(price: TaxedPrice, before: bigint, after: bigint, mode: RoundingMode): TaxedPrice {
  const scale = (cents: number) =>
    Exact.of(cents)
      .times(after)
      .dividedBy(before === 0n ? 1n : before)
      .round(mode);
  const currency = price.totalGross.currencyCode;
  const gross = scale(price.totalGross.centAmount);
  const portions = price.taxPortions.map((portion) => ({
    ...portion,
    amount: centMoney(currency, scale(portion.amount.centAmount)),
  }));
  const tax = portions.reduce((sum, portion) => sum + BigInt(portion.amount.centAmount), 0n);
  return {
    totalNet: centMoney(currency, gross - tax),
    totalGross: centMoney(currency, gross),
    taxPortions: portions,
    totalTax: centMoney(currency, tax),
  };
}

/**
 * A cart's totals, in the order of facts 4.3: line item and custom line item totals (from unit prices after
 * product discounts, and the cart-discount seam `discountedPricePerQuantity`), the shipping price on that
 * value, then tax rates and taxed prices by the tax mode. Pure: the caller selected the prices
 * (`requireLineItemPrice`) and the shipping rate (`findZone`, `rateForCurrency`).
 *
 * Raises MissingTaxRateForCountry (Platform, a tax category without a rate for the address) and
 * InvalidInput for amounts in another currency.
 */
export function recalculate(input: CartTotalsInput): CartTotals {
  const { currency } = input;
  const multiple = input.shippingMode === 'Multiple';
  const plan = input.cartDiscounts ? planDiscounts(input) : undefined;
  const lineItems = input.lineItems.map((item) => {
    if (!plan) return lineItemTotals(input, item);
    const groups = groupsOutput(currency, plan.state.lineItems.get(item.id));
    const units = asUnits(groups);
    const { discountedPricePerQuantity: _given, ...rest } = item;
    const totals = lineItemTotals(input, units ? { ...rest, discountedPricePerQuantity: units } : rest);
    return { ...totals, discountedPricePerQuantity: groups };
  });
  const customLineItems = input.customLineItems.map((item) => {
    if (!plan) return customLineItemTotals(input, item);
    const groups = groupsOutput(currency, plan.state.customLineItems.get(item.id));
    const units = asUnits(groups);
    const { discountedPricePerQuantity: _given, ...rest } = item;
    const totals = customLineItemTotals(input, units ? { ...rest, discountedPricePerQuantity: units } : rest);
    return { ...totals, discountedPricePerQuantity: groups };
  });
  const applied = plan ? [...plan.applied] : [];
  const items = [...lineItems, ...customLineItems];
  const itemsCents = items.reduce((sum, item) => sum + BigInt(item.totalPrice.centAmount), 0n);
  const itemsTotal = centMoney(currency, itemsCents);
  const shipping =
    !multiple && input.shipping
      ? shippingTotals(
          input,
          input.shipping,
          input.shippingAddress,
          itemsTotal.centAmount,
          plan?.shipping,
          applied,
        )
      : undefined;
  const shippings: MethodShippingTotals[] = multiple
    ? (input.shippings ?? []).map((method) => ({
        shippingKey: method.shippingKey,
        ...shippingTotals(
          input,
          method,
          method.shippingAddress,
          itemsTotal.centAmount,
          plan?.shipping,
          applied,
        ),
      }))
    : [];
  const shippingCents = [...(shipping ? [shipping] : []), ...shippings].reduce(
    (sum, method) => sum + BigInt((method.discountedPrice?.value ?? method.price).centAmount),
    0n,
  );
  const undiscounted = itemsCents + shippingCents;
  let totalCents = undiscounted;
  const totalDiscounts: DiscountOnTotalPriceOutput['includedDiscounts'] = [];
  for (const rule of plan?.total ?? []) {
    const after = discountedAmount(
      totalCents,
      rule.value,
      currency,
      input.priceRoundingMode ?? DEFAULT_ROUNDING_MODE,
    );
    if (after === undefined || after === totalCents) continue;
    totalDiscounts.push({ discountId: rule.id, discountedAmount: centMoney(currency, totalCents - after) });
    applied.push(rule.id);
    totalCents = after;
  }
  const totalPrice = centMoney(currency, totalCents);

  const result: CartTotals = {
    lineItems,
    customLineItems,
    shippings,
    itemsTotal,
    totalPrice,
    appliedDiscounts: applied,
    stoppedByGroupBestDeal: plan ? [...plan.stoppedByGroupBestDeal] : [],
  };
  if (totalDiscounts.length > 0) {
    result.discountOnTotalPrice = {
      discountedAmount: centMoney(currency, undiscounted - totalCents),
      includedDiscounts: totalDiscounts,
    };
  }
  if (shipping) result.shipping = shipping;
  if (input.lineItems.length > 0) {
    result.totalLineItemQuantity = input.lineItems.reduce((sum, item) => sum + item.quantity, 0);
  }

  switch (input.taxMode) {
    case 'Disabled':
      break;
    case 'ExternalAmount':
      // Cart tax only through setCartTotalTax; taxedShippingPrice stays empty (RAML TaxMode).
      if (input.externalTotalTax) {
        result.taxedPrice = cartTaxedPriceFromTotal(
          totalPrice,
          input.externalTotalTax.totalGross,
          input.externalTotalTax.taxPortions,
        );
      }
      break;
    case 'Platform':
    case 'External': {
      // Single: once there is a shipping address and every item and the shipping are taxed; Multiple: once
      // every item is fully allocated and taxed, and every shipping method taxed (RAML Cart.taxedPrice).
      const methods = [...(shipping ? [shipping] : []), ...shippings];
      const taxed = [...items, ...methods].map((item) => item.taxedPrice);
      if ((!multiple && !input.shippingAddress) || taxed.some((price) => price === undefined)) break;
      result.taxedPrice = sumTaxedPrices(currency, taxed as TaxedItemPrice[]);
      if (methods.length > 0) {
        result.taxedShippingPrice = sumTaxedPrices(
          currency,
          methods.map((method) => method.taxedPrice as TaxedItemPrice),
        );
      }
      if (result.discountOnTotalPrice) {
        // A totalPrice discount scales the taxed prices in proportion (checkout facts 4.4).
        const taxMode = input.taxRoundingMode ?? DEFAULT_ROUNDING_MODE;
        const before = result.taxedPrice;
        result.taxedPrice = scaledTaxedPrice(before, undiscounted, totalCents, taxMode);
        if (result.taxedShippingPrice)
          result.taxedShippingPrice = scaledTaxedPrice(
            result.taxedShippingPrice,
            undiscounted,
            totalCents,
            taxMode,
          );
        result.discountOnTotalPrice.discountedNetAmount = centMoney(
          currency,
          before.totalNet.centAmount - result.taxedPrice.totalNet.centAmount,
        );
        result.discountOnTotalPrice.discountedGrossAmount = centMoney(
          currency,
          before.totalGross.centAmount - result.taxedPrice.totalGross.centAmount,
        );
      }
      break;
    }
  }
  return result;
}
