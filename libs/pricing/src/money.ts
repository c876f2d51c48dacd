import type { CentPrecisionMoney, HighPrecisionMoney, RoundingMode, TypedMoney } from '@commerce/contracts';
import { Errors } from '@commerce/errors';

export type { CentPrecisionMoney, HighPrecisionMoney, RoundingMode, TypedMoney };

/** The rounding modes of a cart (RAML RoundingMode); `HalfEven` is the default of a new cart. */
export const ROUNDING_MODES: readonly RoundingMode[] = ['HalfEven', 'HalfUp', 'HalfDown'];
export const DEFAULT_ROUNDING_MODE: RoundingMode = 'HalfEven';

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

const TEN = 10n;

/**
 * An exact rational number (numerator / denominator, bigints): amounts, rates and their products are
 * computed without any float rounding, and rounded once, by a named mode, where the API rounds.
 */
export class Exact {
  static readonly ZERO = new Exact(0n, 1n);
  static readonly ONE = new Exact(1n, 1n);

  private constructor(
    readonly numerator: bigint,
    readonly denominator: bigint,
  ) {}

  /** A fraction, normalised (positive denominator, lowest terms). */
  static ratio(numerator: bigint, denominator: bigint): Exact {
    if (denominator === 0n) throw new RangeError('Division by zero.');
    const sign = denominator < 0n ? -1n : 1n;
    const divisor = gcd(numerator, denominator) || 1n;
    return new Exact((sign * numerator) / divisor, (sign * denominator) / divisor);
  }

  static of(value: bigint | number | string): Exact {
    if (typeof value === 'bigint') return new Exact(value, 1n);
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}.`);
      if (Number.isInteger(value) && Number.isSafeInteger(value)) return new Exact(BigInt(value), 1n);
      // The shortest decimal that reads back as this double: 0.19 is 19/100, not the double's binary value.
      return Exact.of(String(value));
    }
    const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(value.trim());
    if (!match || (match[2] === '' && (match[3] ?? '') === ''))
      throw new RangeError(`Not a decimal: '${value}'.`);
    const [, sign, whole, fraction = '', exponentText = '0'] = match;
    const exponent = Number(exponentText) - fraction.length;
    let numerator = BigInt(`${whole}${fraction}` || '0');
    if (sign === '-') numerator = -numerator;
    return exponent >= 0
      ? new Exact(numerator * TEN ** BigInt(exponent), 1n)
      : Exact.ratio(numerator, TEN ** BigInt(-exponent));
  }

  plus(other: Exact): Exact {
    return Exact.ratio(
      this.numerator * other.denominator + other.numerator * this.denominator,
      this.denominator * other.denominator,
    );
  }

  minus(other: Exact): Exact {
    return this.plus(other.negated());
  }

  times(other: Exact | bigint | number): Exact {
    const factor = other instanceof Exact ? other : Exact.of(other);
    return Exact.ratio(this.numerator * factor.numerator, this.denominator * factor.denominator);
  }

  dividedBy(other: Exact | bigint | number): Exact {
    const divisor = other instanceof Exact ? other : Exact.of(other);
    return Exact.ratio(this.numerator * divisor.denominator, this.denominator * divisor.numerator);
  }

  negated(): Exact {
    return new Exact(-this.numerator, this.denominator);
  }

  compare(other: Exact): number {
    const left = this.numerator * other.denominator;
    const right = other.numerator * this.denominator;
    return left < right ? -1 : left > right ? 1 : 0;
  }

  isInteger(): boolean {
    return this.denominator === 1n;
  }

  /** The nearest integer by the mode; HalfUp and HalfDown are symmetric around zero (away from / towards it). */
  round(mode: RoundingMode): bigint {
    const negative = this.numerator < 0n;
    const magnitude = negative ? -this.numerator : this.numerator;
    const quotient = magnitude / this.denominator;
    const twiceRemainder = (magnitude % this.denominator) * 2n;
    let rounded = quotient;
    if (twiceRemainder > this.denominator) rounded = quotient + 1n;
    else if (twiceRemainder === this.denominator) {
      switch (mode) {
        case 'HalfUp':
          rounded = quotient + 1n;
          break;
        case 'HalfDown':
          break;
        case 'HalfEven':
          if (quotient % 2n === 1n) rounded = quotient + 1n;
          break;
      }
    }
    return negative ? -rounded : rounded;
  }

  /** The value as a JS number (for display and tests; never for arithmetic). */
  toNumber(): number {
    return Number(this.numerator) / Number(this.denominator);
  }

  toString(): string {
    return this.denominator === 1n ? `${this.numerator}` : `${this.numerator}/${this.denominator}`;
  }
}

/** A bigint that must fit a JSON number exactly (the API's int64 amounts, as JS reads them). */
export function safeNumber(value: bigint): number {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) {
    throw Errors.invalidInput(`The amount ${value} is too large to be represented.`);
  }
  return result;
}

/** The currency's number of fraction digits (ISO 4217: EUR 2, JPY 0, KWD 3), as Intl knows it; 2 if unknown. */
export function fractionDigitsOf(currencyCode: string): number {
  const known = digitsCache.get(currencyCode);
  if (known !== undefined) return known;
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency: currencyCode }).resolvedOptions()
        .maximumFractionDigits ?? 2;
  } catch {
    digits = 2;
  }
  digitsCache.set(currencyCode, digits);
  return digits;
}
const digitsCache = new Map<string, number>();

/** `CentPrecisionMoney` in the currency's own fraction digits. */
export function centMoney(currencyCode: string, centAmount: number | bigint): CentPrecisionMoney {
  return {
    type: 'centPrecision',
    currencyCode,
    centAmount: typeof centAmount === 'bigint' ? safeNumber(centAmount) : centAmount,
    fractionDigits: fractionDigitsOf(currencyCode),
  };
}

/**
 * `HighPrecisionMoney`: `preciseAmount` in `fractionDigits` (more than the currency's), and its
 * `centAmount` rounded to the currency's digits by `mode` (HalfEven unless said otherwise).
 */
export function highPrecisionMoney(
  currencyCode: string,
  preciseAmount: number,
  fractionDigits: number,
  mode: RoundingMode = DEFAULT_ROUNDING_MODE,
): HighPrecisionMoney {
  const currencyDigits = fractionDigitsOf(currencyCode);
  if (!Number.isInteger(fractionDigits) || fractionDigits <= currencyDigits || fractionDigits > 20) {
    throw Errors.invalidField('fractionDigits', fractionDigits);
  }
  if (!Number.isSafeInteger(preciseAmount)) throw Errors.invalidField('preciseAmount', preciseAmount);
  const cents = Exact.ratio(BigInt(preciseAmount), TEN ** BigInt(fractionDigits - currencyDigits)).round(
    mode,
  );
  return {
    type: 'highPrecision',
    currencyCode,
    centAmount: safeNumber(cents),
    fractionDigits,
    preciseAmount,
  };
}

/**
 * The exact amount of money in the currency's minor units (cents): a high-precision amount keeps its
 * extra digits as a fraction of a cent (EUR 1.23456 with 5 digits is 123.456 cents).
 */
export function minorUnitsOf(money: TypedMoney): Exact {
  if (money.type === 'highPrecision') {
    const extra = money.fractionDigits - fractionDigitsOf(money.currencyCode);
    const precise = Exact.of(money.preciseAmount);
    return extra >= 0
      ? precise.dividedBy(Exact.of(TEN ** BigInt(extra)))
      : precise.times(Exact.of(TEN ** BigInt(-extra)));
  }
  return Exact.of(money.centAmount);
}

/** Money rounded to the currency's minor units by `mode`. */
export function roundedMoney(currencyCode: string, amount: Exact, mode: RoundingMode): CentPrecisionMoney {
  return centMoney(currencyCode, amount.round(mode));
}

/** Cent-precision money for any TypedMoney: a high-precision amount rounded by `mode`. */
export function toCentPrecision(
  money: TypedMoney,
  mode: RoundingMode = DEFAULT_ROUNDING_MODE,
): CentPrecisionMoney {
  return roundedMoney(money.currencyCode, minorUnitsOf(money), mode);
}

/** The sum of cent amounts of one currency. */
export function sumMoney(currencyCode: string, amounts: readonly CentPrecisionMoney[]): CentPrecisionMoney {
  let total = 0n;
  for (const amount of amounts) {
    if (amount.currencyCode !== currencyCode) {
      throw Errors.invalidInput(`Cannot add ${amount.currencyCode} to an amount in ${currencyCode}.`);
    }
    total += BigInt(amount.centAmount);
  }
  return centMoney(currencyCode, total);
}
