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
}

export interface CustomLineItemInput extends ItemTaxSource {
  id: string;
  quantity: number;
  money: TypedMoney;
  discountedPricePerQuantity?: readonly DiscountedUnits[];
}

/** The cart's shipping in `Single` mode: a shipping method's (or custom) rate and how it is taxed. */
export interface ShippingInput extends ItemTaxSource {
  shippingRate: ShippingRate;
  /** The Project's `shippingRateInputType.type` (tiers of other types are ignored). */
  rateInputType?: ShippingRateInputType;
  /** The cart's `shippingRateInput`. */
  rateInput?: ShippingRateInput;
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
  shipping?: ShippingInput;
  /** ExternalAmount: the cart's tax as `setCartTotalTax` gave it. */
  externalTotalTax?: { totalGross: TypedMoney; taxPortions?: readonly TaxPortionDraft[] };
}

export interface ItemTotals {
  id: string;
  totalPrice: CentPrecisionMoney;
  taxRate?: CartTaxRate;
  taxedPrice?: TaxedItemPrice;
}

export interface ShippingTotals {
  /** ShippingInfo `price`: the tier's or rate's price, 0 above `freeAbove`. */
  price: CentPrecisionMoney;
  /** ShippingInfo `shippingRate`, its tiers marked `isMatching`. */
  shippingRate: ShippingRate;
  taxRate?: CartTaxRate;
  taxedPrice?: TaxedItemPrice;
}

export interface CartTotals {
  lineItems: ItemTotals[];
  customLineItems: ItemTotals[];
  shipping?: ShippingTotals;
  /** Σ LI + CLI `totalPrice`: the cart value of CartValue tiers and `freeAbove`. */
  itemsTotal: CentPrecisionMoney;
  totalPrice: CentPrecisionMoney;
  taxedPrice?: TaxedPrice;
  taxedShippingPrice?: TaxedPrice;
  /** Σ LI quantities; absent without line items. */
  totalLineItemQuantity?: number;
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

/** What a tax mode makes of one item's tax source (undefined fields: not taxed). */
function taxOf(
  input: CartTotalsInput,
  source: ItemTaxSource,
  totalPrice: CentPrecisionMoney,
  units: readonly PricedUnits[] | undefined,
): Taxed {
  const taxRoundingMode = input.taxRoundingMode ?? DEFAULT_ROUNDING_MODE;
  const taxCalculationMode = input.taxCalculationMode ?? 'LineItemLevel';
  const taxBy = (rate: CartTaxRate): Taxed => ({
    taxRate: rate,
    taxedPrice: taxItem({
      currencyCode: input.currency,
      totalPrice,
      rate,
      taxRoundingMode,
      taxCalculationMode,
      ...(units ? { units } : {}),
    }),
  });
  switch (input.taxMode) {
    case 'Disabled':
      return {};
    case 'Platform':
      if (!input.shippingAddress || !source.taxCategory) return {};
      return taxBy(
        requireTaxRate(
          source.taxCategory,
          input.shippingAddress,
          input.countryTaxRateFallbackEnabled ?? false,
        ),
      );
    case 'External':
      return source.externalTaxRate ? taxBy(source.externalTaxRate) : {};
    case 'ExternalAmount': {
      const amount = source.externalTaxAmount;
      if (!amount) return {};
      return {
        taxRate: amount.taxRate,
        taxedPrice: taxedPriceFromAmount(totalPrice, amount.totalGross, amount.taxRate, taxRoundingMode),
      };
    }
  }
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
  return { id: item.id, totalPrice, ...taxOf(input, item, totalPrice, units) };
}

function customLineItemTotals(input: CartTotalsInput, item: CustomLineItemInput): ItemTotals {
  if (!Number.isSafeInteger(item.quantity) || item.quantity < 0)
    throw Errors.invalidField('quantity', item.quantity);
  const units = unitsOf(item.id, item.quantity, item.money, item.discountedPricePerQuantity, input.currency);
  const totalPrice = centMoney(
    input.currency,
    totalOf(units, input.priceRoundingMode ?? DEFAULT_ROUNDING_MODE),
  );
  return { id: item.id, totalPrice, ...taxOf(input, item, totalPrice, units) };
}

function shippingTotals(input: CartTotalsInput, shipping: ShippingInput, cartValue: number): ShippingTotals {
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
  const taxed = taxOf(input, shipping, price, [{ quantity: 1, unitPrice: Exact.of(price.centAmount) }]);
  return { price, shippingRate: unmarked, ...taxed };
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
  const lineItems = input.lineItems.map((item) => lineItemTotals(input, item));
  const customLineItems = input.customLineItems.map((item) => customLineItemTotals(input, item));
  const items = [...lineItems, ...customLineItems];
  const itemsCents = items.reduce((sum, item) => sum + BigInt(item.totalPrice.centAmount), 0n);
  const itemsTotal = centMoney(currency, itemsCents);
  const shipping = input.shipping ? shippingTotals(input, input.shipping, itemsTotal.centAmount) : undefined;
  const totalPrice = centMoney(currency, itemsCents + BigInt(shipping?.price.centAmount ?? 0));

  const result: CartTotals = { lineItems, customLineItems, itemsTotal, totalPrice };
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
      // Set once there is a shipping address and every item and the shipping are taxed (RAML Cart.taxedPrice).
      const taxed = [...items, ...(shipping ? [shipping] : [])].map((item) => item.taxedPrice);
      if (!input.shippingAddress || taxed.some((price) => price === undefined)) break;
      result.taxedPrice = sumTaxedPrices(currency, taxed as TaxedItemPrice[]);
      if (shipping?.taxedPrice) result.taxedShippingPrice = sumTaxedPrices(currency, [shipping.taxedPrice]);
      break;
    }
  }
  return result;
}
