import fc from 'fast-check';

/** Building blocks for random predicates over the Store test schema. */

export const quoted = (...values: string[]) => fc.constantFrom(...values).map((v) => JSON.stringify(v));
export const comparison = fc.constantFrom('=', '!=', '<>', '<', '<=', '>', '>=');
export const equality = fc.constantFrom('=', '!=', '<>');
export const integer = fc.integer({ min: -2, max: 12 }).map(String);
export const decimal = fc.oneof(
  integer,
  fc.double({ min: -10, max: 10, noNaN: true }).map((n) => n.toFixed(2)),
);
export const bool = fc.constantFrom('true', 'false', 'TRUE');
export const datetime = fc
  .date({ min: new Date('2016-01-01T00:00:00Z'), max: new Date('2023-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => JSON.stringify(d.toISOString()));
export const date = fc
  .date({ min: new Date('2016-01-01T00:00:00Z'), max: new Date('2023-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => JSON.stringify(d.toISOString().slice(0, 10)));
export const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `"${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}"`);
export const list = (literal: fc.Arbitrary<string>) =>
  fc.array(literal, { minLength: 1, maxLength: 3 }).map((xs) => `(${xs.join(', ')})`);
export const membership = fc.constantFrom('in', 'not in', 'IN', 'Not In');
export const contains = fc.constantFrom('contains any', 'contains all');
export const defined = fc.constantFrom('is defined', 'is not defined');
export const empty = fc.constantFrom('is empty', 'is not empty');
export const t = fc.tuple;

/** Combines atoms with and/or/not and parentheses, a few levels deep. */
export function combine(atom: fc.Arbitrary<string>, depth: number): fc.Arbitrary<string> {
  if (depth === 0) return atom;
  const inner = combine(atom, depth - 1);
  return fc.oneof(
    { weight: 3, arbitrary: atom },
    {
      weight: 1,
      arbitrary: t(inner, fc.constantFrom('and', 'or', 'AND', 'Or'), inner).map(
        ([a, op, b]) => `${a} ${op} ${b}`,
      ),
    },
    { weight: 1, arbitrary: inner.map((p) => `not (${p})`) },
    { weight: 1, arbitrary: inner.map((p) => `(${p})`) },
  );
}
