import { MAX_JSON_ARRAY_LENGTH, MAX_JSON_DEPTH, jsonLimitProblem } from './json-limits.js';

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;
const array = (length: number) => JSON.stringify(Array.from({ length }, (_, i) => i));

describe(jsonLimitProblem.name, () => {
  it.each([
    ['an object', '{"key":"a","name":{"en":"x"}}'],
    ['nesting at the limit', nested(MAX_JSON_DEPTH)],
    ['objects at the limit', `${'{"a":'.repeat(MAX_JSON_DEPTH - 1)}{}${'}'.repeat(MAX_JSON_DEPTH - 1)}`],
    ['an array at the limit', array(MAX_JSON_ARRAY_LENGTH)],
    ['brackets and commas inside strings', JSON.stringify({ a: `${'['.repeat(100)}${','.repeat(20_000)}` })],
    ['escaped quotes inside strings', JSON.stringify({ a: `\\"${'['.repeat(100)}` })],
    [
      'an object with many members',
      JSON.stringify(
        Object.fromEntries(
          array(20_000)
            .split(',')
            .map((k) => [k, 1]),
        ),
      ),
    ],
    ['empty text', ''],
  ])('accepts %s', (_, text) => {
    expect(jsonLimitProblem(text)).toBeUndefined();
  });

  it.each([
    ['nesting one past the limit', nested(MAX_JSON_DEPTH + 1)],
    ['10,000 nested arrays', nested(10_000)],
    ['unbalanced hostile nesting', '['.repeat(100_000)],
    ['mixed nesting', `${'{"a":['.repeat(40)}1${']}'.repeat(40)}`],
  ])('refuses %s', (_, text) => {
    expect(jsonLimitProblem(text)).toBe(`JSON nesting deeper than ${MAX_JSON_DEPTH} levels.`);
  });

  it('refuses an array one past the limit, also deep inside', () => {
    const message = `JSON array with more than ${MAX_JSON_ARRAY_LENGTH} elements.`;
    expect(jsonLimitProblem(array(MAX_JSON_ARRAY_LENGTH + 1))).toBe(message);
    expect(jsonLimitProblem(`{"a":[{"b":${array(MAX_JSON_ARRAY_LENGTH + 1)}}]}`)).toBe(message);
  });

  it('counts each array on its own', () => {
    const half = array(MAX_JSON_ARRAY_LENGTH / 2);
    expect(jsonLimitProblem(`[${half},${half}]`)).toBeUndefined();
  });
});
