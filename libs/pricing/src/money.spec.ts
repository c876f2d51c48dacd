import fc from 'fast-check';
import {
  centMoney,
  Exact,
  fractionDigitsOf,
  highPrecisionMoney,
  minorUnitsOf,
  sumMoney,
  toCentPrecision,
  type RoundingMode,
} from './money.js';

describe(Exact.name, () => {
  it.each([
    // value, HalfEven, HalfUp, HalfDown
    ['2.5', 2n, 3n, 2n],
    ['3.5', 4n, 4n, 3n],
    ['-2.5', -2n, -3n, -2n],
    ['-3.5', -4n, -4n, -3n],
    ['2.4999', 2n, 2n, 2n],
    ['2.5001', 3n, 3n, 3n],
    ['0.5', 0n, 1n, 0n],
    ['-0.5', 0n, -1n, 0n],
    ['7', 7n, 7n, 7n],
    ['385.56', 386n, 386n, 386n],
    ['20.52', 21n, 21n, 21n],
    ['1e2', 100n, 100n, 100n],
    ['12.5e-1', 1n, 1n, 1n],
  ])('rounds %s to %s (HalfEven), %s (HalfUp), %s (HalfDown)', (value, even, up, down) => {
    const exact = Exact.of(value);
    expect(exact.round('HalfEven')).toBe(even);
    expect(exact.round('HalfUp')).toBe(up);
    expect(exact.round('HalfDown')).toBe(down);
  });

  it('reads a double as the decimal it prints as, so rates carry no binary error', () => {
    expect(Exact.of(0.19).toString()).toBe('19/100');
    expect(Exact.of(0.1).plus(Exact.of(0.2)).compare(Exact.of(0.3))).toBe(0);
    expect(Exact.of(1e-7).toString()).toBe('1/10000000');
    // 1.08 x 3 x 1.19 = 3.8556 exactly, where doubles give 3.8555999999999995.
    expect(Exact.of(108).times(3).times(Exact.of(1.19)).toString()).toBe('9639/25');
  });

  it('refuses what is not a finite decimal', () => {
    expect(() => Exact.of(Number.NaN)).toThrow(RangeError);
    expect(() => Exact.of('1,5')).toThrow(RangeError);
    expect(() => Exact.of('.')).toThrow(RangeError);
    expect(() => Exact.ONE.dividedBy(0)).toThrow(RangeError);
  });

  const decimal = fc
    .tuple(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.integer({ min: 0, max: 8 }))
    .map(([units, scale]) => Exact.ratio(units, 10n ** BigInt(scale)));
  const mode = fc.constantFrom<RoundingMode>('HalfEven', 'HalfUp', 'HalfDown');

  it('rounds to one of the two nearest integers, the nearer one unless it is a tie', () => {
    fc.assert(
      fc.property(decimal, mode, (value, roundingMode) => {
        const rounded = Exact.of(value.round(roundingMode));
        const distance = value.minus(rounded);
        const twice = distance.times(2);
        // |value - rounded| <= 1/2
        expect(twice.compare(Exact.ONE)).toBeLessThanOrEqual(0);
        expect(twice.compare(Exact.ONE.negated())).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('rounds symmetrically around zero and leaves integers alone', () => {
    fc.assert(
      fc.property(decimal, mode, (value, roundingMode) => {
        expect(value.negated().round(roundingMode)).toBe(-value.round(roundingMode));
        const integer = Exact.of(value.round(roundingMode));
        expect(integer.round(roundingMode)).toBe(value.round(roundingMode));
      }),
    );
  });

  it('HalfEven ties land on an even integer, HalfUp away from zero, HalfDown towards it', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), (whole) => {
        const tie = Exact.ratio(whole * 2n + 1n, 2n); // whole + 1/2
        expect(tie.round('HalfEven') % 2n).toBe(0n);
        const away = tie.compare(Exact.ZERO) > 0 ? whole + 1n : whole;
        const towards = tie.compare(Exact.ZERO) > 0 ? whole : whole + 1n;
        expect(tie.round('HalfUp')).toBe(away);
        expect(tie.round('HalfDown')).toBe(towards);
      }),
    );
  });

  it('adds, subtracts, multiplies and divides exactly', () => {
    fc.assert(
      fc.property(decimal, decimal, decimal, (a, b, c) => {
        expect(a.plus(b).minus(b).compare(a)).toBe(0);
        expect(a.times(b.plus(c)).compare(a.times(b).plus(a.times(c)))).toBe(0);
        if (b.compare(Exact.ZERO) !== 0) expect(a.times(b).dividedBy(b).compare(a)).toBe(0);
      }),
    );
  });
});

describe(fractionDigitsOf.name, () => {
  it.each([
    ['EUR', 2],
    ['USD', 2],
    ['JPY', 0],
    ['KWD', 3],
    ['XXY', 2],
  ])('%s has %d fraction digits', (currency, digits) => {
    expect(fractionDigitsOf(currency)).toBe(digits);
  });
});

describe('money', () => {
  it('builds cent-precision money in the currency digits', () => {
    expect(centMoney('EUR', 1234)).toEqual({
      type: 'centPrecision',
      currencyCode: 'EUR',
      centAmount: 1234,
      fractionDigits: 2,
    });
    expect(centMoney('JPY', 5n)).toEqual({
      type: 'centPrecision',
      currencyCode: 'JPY',
      centAmount: 5,
      fractionDigits: 0,
    });
  });

  it.each([
    [123455, 4, 'HalfEven', 1235],
    [123450, 4, 'HalfEven', 1234],
    [123450, 4, 'HalfUp', 1235],
    [123451, 4, 'HalfDown', 1235],
    [123450, 4, 'HalfDown', 1234],
    [-123450, 4, 'HalfUp', -1235],
    [1, 7, 'HalfEven', 0],
  ] as const)('high precision %d with %d digits rounds (%s) to %d cents', (precise, digits, mode, cents) => {
    const money = highPrecisionMoney('EUR', precise, digits, mode);
    expect(money).toEqual({
      type: 'highPrecision',
      currencyCode: 'EUR',
      centAmount: cents,
      fractionDigits: digits,
      preciseAmount: precise,
    });
  });

  it('refuses high precision with no more digits than the currency', () => {
    expect(() => highPrecisionMoney('EUR', 100, 2)).toThrow(/fractionDigits/);
    expect(() => highPrecisionMoney('JPY', 100, 0)).toThrow(/fractionDigits/);
  });

  it('reads money in exact minor units and rounds it back to cents', () => {
    expect(minorUnitsOf(highPrecisionMoney('EUR', 123456, 5)).toString()).toBe('15432/125'); // 123.456 cents
    expect(minorUnitsOf(centMoney('EUR', 99)).toString()).toBe('99');
    expect(toCentPrecision(highPrecisionMoney('EUR', 123456, 5), 'HalfUp')).toEqual(centMoney('EUR', 123));
    expect(toCentPrecision(highPrecisionMoney('EUR', 12345, 3), 'HalfEven')).toEqual(centMoney('EUR', 1234));
  });

  it('sums cents of one currency and refuses a mix', () => {
    expect(sumMoney('EUR', [centMoney('EUR', 1), centMoney('EUR', 2)])).toEqual(centMoney('EUR', 3));
    expect(() => sumMoney('EUR', [centMoney('USD', 1)])).toThrow(/USD/);
  });

  it('keeps every cent of high precision amounts: rounding each to cents moves at most half a cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.integer({ min: 3, max: 10 }),
        (precise, digits) => {
          const money = highPrecisionMoney('EUR', precise, digits);
          const error = minorUnitsOf(money).minus(Exact.of(money.centAmount)).times(2);
          expect(error.compare(Exact.ONE)).toBeLessThanOrEqual(0);
          expect(error.compare(Exact.ONE.negated())).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
