import type {
  CartClassificationTier,
  CartScoreTier,
  CartValueTier,
  PriceFunction,
  ShippingRate,
  ShippingRatePriceTier,
  ShippingRateInputType as ProjectShippingRateInputType,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import jsep from 'jsep';
import { centMoney, Exact, type CentPrecisionMoney } from './money.js';

/** The Project's `shippingRateInputType.type`: which tiers count. Without one, rates are fixed (no tiers). */
export type ShippingRateInputType = ProjectShippingRateInputType['type'];

// The shipping method's shapes are the contracts' (one declaration); re-exported for the library's callers.
export type {
  CartClassificationTier,
  CartScoreTier,
  CartValueTier,
  PriceFunction,
  ShippingRate,
  ShippingRatePriceTier,
};

/** SDK ShippingRateInput of a cart. */
export type ShippingRateInput =
  { type: 'Classification'; key: string; label?: Record<string, string> } | { type: 'Score'; score: number };

/** SDK Location of a Zone. */
export interface ZoneLocation {
  country: string;
  state?: string;
}

export interface ShippingAddress {
  country: string;
  state?: string;
}

function sameLocation(location: ZoneLocation, address: ShippingAddress): boolean {
  return (
    location.country === address.country && (location.state ?? undefined) === (address.state ?? undefined)
  );
}

/**
 * The zone that ships to an address: the one with a location of the address's country and state (a
 * location is in at most one zone). An address with a state that no location names falls back to the zone
 * with the country-only location (docs/CHECKOUT.md: a country covers its states unless a state is zoned).
 */
export function findZone<Z extends { locations: readonly ZoneLocation[] }>(
  zones: readonly Z[],
  address: ShippingAddress,
): Z | undefined {
  const exact = zones.find((zone) => zone.locations.some((location) => sameLocation(location, address)));
  if (exact || address.state == null) return exact;
  return zones.find((zone) =>
    zone.locations.some((location) => location.country === address.country && location.state == null),
  );
}

/** The rate of a zone in the cart's currency. */
export function rateForCurrency<R extends { price: { currencyCode: string } }>(
  shippingRates: readonly R[],
  currencyCode: string,
): R | undefined {
  return shippingRates.find((rate) => rate.price.currencyCode === currencyCode);
}

// --- price functions -------------------------------------------------------------------------------

const OPERATORS = new Set(['+', '-', '*']);

type Term = { kind: 'number'; value: Exact } | { kind: 'x' } | { kind: 'op'; op: string; args: Term[] };

/** The price function as a checked term, or the reason it is refused. */
function termOf(node: jsep.Expression): Term {
  switch (node.type) {
    case 'Literal': {
      const literal = node as jsep.Literal;
      if (typeof literal.value !== 'number' || !/^\d+(\.\d+)?$/.test(literal.raw)) {
        throw new Error(`'${literal.raw}' is not a number`);
      }
      return { kind: 'number', value: Exact.of(literal.raw) };
    }
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      if (name !== 'x') throw new Error(`only the variable x is known, not '${name}'`);
      return { kind: 'x' };
    }
    case 'BinaryExpression': {
      const binary = node as jsep.BinaryExpression;
      if (!OPERATORS.has(binary.operator))
        throw new Error(`the operator '${binary.operator}' is not allowed`);
      return { kind: 'op', op: binary.operator, args: [termOf(binary.left), termOf(binary.right)] };
    }
    case 'UnaryExpression': {
      const unary = node as jsep.UnaryExpression;
      if (unary.operator !== '-' && unary.operator !== '+') {
        throw new Error(`the operator '${unary.operator}' is not allowed`);
      }
      return { kind: 'op', op: `u${unary.operator}`, args: [termOf(unary.argument)] };
    }
    default:
      throw new Error('only numbers, x, +, -, * and parentheses are allowed');
  }
}

const parsedFunctions = new Map<string, Term>();

function parsePriceFunction(source: string): Term {
  const known = parsedFunctions.get(source);
  if (known) return known;
  if (source.length > 1000) throw Errors.invalidField('priceFunction.function', source);
  let term: Term;
  try {
    term = termOf(jsep(source));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw Errors.invalidInput(
      `The price function '${source}' is not valid: ${reason}. Use numbers, x, +, -, * and parentheses.`,
    );
  }
  if (parsedFunctions.size > 10_000) parsedFunctions.clear();
  parsedFunctions.set(source, term);
  return term;
}

function evaluate(term: Term, x: Exact): Exact {
  switch (term.kind) {
    case 'number':
      return term.value;
    case 'x':
      return x;
    case 'op': {
      const [first, second] = term.args.map((arg) => evaluate(arg, x));
      switch (term.op) {
        case '+':
          return first.plus(second);
        case '-':
          return first.minus(second);
        case '*':
          return first.times(second);
        case 'u-':
          return first.negated();
        default:
          return first;
      }
    }
  }
}

/**
 * Refuses (InvalidInput) a price function that is not made of numbers, `x`, `+`, `-`, `*` and parentheses
 * (RAML PriceFunction), parsed by jsep, never run as code. For shipping method writes.
 */
export function validatePriceFunction(source: string): void {
  parsePriceFunction(source);
}

/**
 * The cent amount a price function gives for a score, computed exactly and rounded HalfEven to a cent;
 * InvalidOperation when it is negative.
 */
export function evaluatePriceFunction(source: string, score: number): bigint {
  const cents = evaluate(parsePriceFunction(source), Exact.of(score)).round('HalfEven');
  if (cents < 0n) {
    throw Errors.invalidOperation(
      `The price function '${source}' gives a negative price for the score ${score}.`,
    );
  }
  return cents;
}

// --- tiers -----------------------------------------------------------------------------------------

export interface ShippingPriceInput {
  /** The cart's currency. */
  currencyCode: string;
  /** Σ LI + CLI `totalPrice` after product and cart discounts, in cents (RAML CartValueTier, `freeAbove`). */
  cartValue: number;
  /** The Project's `shippingRateInputType.type`, if any. */
  rateInputType?: ShippingRateInputType;
  /** The cart's `shippingRateInput` (CartClassification and CartScore). */
  rateInput?: ShippingRateInput;
}

export interface ShippingPrice {
  /** What shipping costs: 0 once the cart value reaches `freeAbove`, else the tier's price, else the rate's. */
  price: CentPrecisionMoney;
  /** The index in `rate.tiers` of the tier that applies, if one does. */
  tierIndex?: number;
  /** True when `freeAbove` made it free. */
  free: boolean;
}

function matchingTierIndex(rate: ShippingRate, input: ShippingPriceInput): number | undefined {
  let found: number | undefined;
  const tiers = rate.tiers;
  switch (input.rateInputType) {
    case undefined:
      return undefined;
    case 'CartValue':
      tiers.forEach((tier, i) => {
        if (tier.type !== 'CartValue' || tier.minimumCentAmount > input.cartValue) return;
        const best = found === undefined ? undefined : (tiers[found] as CartValueTier);
        if (!best || tier.minimumCentAmount > best.minimumCentAmount) found = i;
      });
      return found;
    case 'CartClassification': {
      const rateInput = input.rateInput;
      if (rateInput?.type !== 'Classification') return undefined;
      const i = tiers.findIndex((tier) => tier.type === 'CartClassification' && tier.value === rateInput.key);
      return i >= 0 ? i : undefined;
    }
    case 'CartScore': {
      const rateInput = input.rateInput;
      if (rateInput?.type !== 'Score') return undefined;
      const exact = tiers.findIndex((tier) => tier.type === 'CartScore' && tier.score === rateInput.score);
      if (exact >= 0) return exact;
      // A price function prices "a range of scores" (RAML CartScoreTier): its score and the ones above it.
      tiers.forEach((tier, i) => {
        if (tier.type !== 'CartScore' || !tier.priceFunction || tier.score > rateInput.score) return;
        const best = found === undefined ? undefined : (tiers[found] as CartScoreTier);
        if (!best || tier.score > best.score) found = i;
      });
      return found;
    }
  }
}

function tierPrice(tier: ShippingRatePriceTier, input: ShippingPriceInput): CentPrecisionMoney {
  if (tier.type !== 'CartScore') return tier.price;
  if (tier.priceFunction) {
    const score = input.rateInput?.type === 'Score' ? input.rateInput.score : tier.score;
    return centMoney(
      tier.priceFunction.currencyCode,
      evaluatePriceFunction(tier.priceFunction.function, score),
    );
  }
  if (!tier.price) throw Errors.invalidInput('A CartScore tier needs a price or a priceFunction.');
  return tier.price;
}

/**
 * The price of a shipping rate for a cart (facts 4.12): the tier of the Project's input type that matches
 * (CartValue: the highest `minimumCentAmount` ≤ the cart value; CartClassification: `value` = the input's
 * `key`; CartScore: `score` = the input's score, or the price function covering it), else the rate's
 * `price`; and 0 once the cart value reaches `freeAbove`.
 */
export function shippingPriceOf(rate: ShippingRate, input: ShippingPriceInput): ShippingPrice {
  const tierIndex = matchingTierIndex(rate, input);
  const at = tierIndex === undefined ? {} : { tierIndex };
  if (rate.freeAbove && input.cartValue >= rate.freeAbove.centAmount) {
    return { price: centMoney(input.currencyCode, 0), free: true, ...at };
  }
  const price = tierIndex === undefined ? rate.price : tierPrice(rate.tiers[tierIndex], input);
  return { price, free: false, ...at };
}

/**
 * The rates of a zone as `matching-cart` / `matching-location` show them: `isMatching` on every rate (true
 * for the currency's), and on the matching rate's tiers (true for the tier that applies).
 */
export function markMatching(
  shippingRates: readonly ShippingRate[],
  currencyCode: string | undefined,
  tierInput?: ShippingPriceInput,
): ShippingRate[] {
  const chosen = currencyCode === undefined ? undefined : rateForCurrency(shippingRates, currencyCode);
  return shippingRates.map((rate) => {
    const isMatching = currencyCode === undefined ? true : rate === chosen;
    if (!isMatching || !tierInput || rate.tiers.length === 0) return { ...rate, isMatching };
    const tierIndex = matchingTierIndex(rate, tierInput);
    return {
      ...rate,
      isMatching,
      tiers: rate.tiers.map((tier, i) => ({ ...tier, isMatching: i === tierIndex })),
    };
  });
}
