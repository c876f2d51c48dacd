import fc from 'fast-check';
import { sameJson } from './json.js';

/** The definition: JSON texts with sorted keys and without undefined fields. */
function canonicalText(value: unknown): string | undefined {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>)
          .filter(([, x]) => x !== undefined)
          .sort(([x], [y]) => (x < y ? -1 : 1))
          .map(([k, x]) => [k, canonical(x)]),
      );
    }
    return v;
  };
  return JSON.stringify(canonical(value));
}

describe(sameJson.name, () => {
  it.each([
    [{ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 }, true],
    [{ a: 1, b: undefined }, { a: 1 }, true],
    [{ a: 1 }, { a: 1, b: null }, false],
    [[1, undefined], [1, null], true],
    [[1, 2], [2, 1], false],
    [{ a: [] }, { a: {} }, false],
    [{}, [], false],
    ['1', 1, false],
    [null, undefined, false],
  ])('%j and %j: %s', (a, b, same) => {
    expect(sameJson(a, b)).toBe(same);
    expect(sameJson(b, a)).toBe(same);
  });

  it('says what comparing the sorted JSON texts says', () => {
    const value = fc.jsonValue({ maxDepth: 4 });
    // Pairs that are often equal: a value and a copy with its keys in another order, or a changed copy.
    const reordered = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(reordered)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.entries(v)
                .reverse()
                .map(([k, x]) => [k, reordered(x)]),
            )
          : v;
    fc.assert(
      fc.property(value, value, fc.boolean(), (a, b, copy) => {
        const other = copy ? reordered(a) : b;
        expect(sameJson(a, other)).toBe(canonicalText(a) === canonicalText(other));
      }),
      { numRuns: 2_000 },
    );
  });
});
