import { MAX_JSON_ARRAY_LENGTH, MAX_JSON_DEPTH, jsonTextProblem } from './json-limits.js';

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;
const array = (length: number) => JSON.stringify(Array.from({ length }, (_, i) => i));

describe(jsonTextProblem.name, () => {
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
    ['a surrogate pair as two escapes', '{"name":{"en":"\\ud83d\\ude00"}}'],
    ['a surrogate pair written as it is', JSON.stringify({ a: '\u{1F600}' })],
    ['an escaped backslash before u', '{"a":"\\\\ud800"}'],
    ['other escapes', '{"a":"\\u00e9\\n\\"\\\\"}'],
  ])('accepts %s', (_, text) => {
    expect(jsonTextProblem(text)).toBeUndefined();
  });

  it.each([
    ['nesting one past the limit', nested(MAX_JSON_DEPTH + 1)],
    ['10,000 nested arrays', nested(10_000)],
    ['unbalanced hostile nesting', '['.repeat(100_000)],
    ['mixed nesting', `${'{"a":['.repeat(40)}1${']}'.repeat(40)}`],
  ])('refuses %s', (_, text) => {
    expect(jsonTextProblem(text)).toBe(`JSON nesting deeper than ${MAX_JSON_DEPTH} levels.`);
  });

  it('refuses an array one past the limit, also deep inside', () => {
    const message = `JSON array with more than ${MAX_JSON_ARRAY_LENGTH} elements.`;
    expect(jsonTextProblem(array(MAX_JSON_ARRAY_LENGTH + 1))).toBe(message);
    expect(jsonTextProblem(`{"a":[{"b":${array(MAX_JSON_ARRAY_LENGTH + 1)}}]}`)).toBe(message);
  });

  it('counts each array on its own', () => {
    const half = array(MAX_JSON_ARRAY_LENGTH / 2);
    expect(jsonTextProblem(`[${half},${half}]`)).toBeUndefined();
  });

  it.each([
    ['a lone high surrogate', '{"name":{"en":"\\ud800"}}', '\\ud800'],
    ['a lone low surrogate', '{"key":"a\\uDC00b"}', '\\uDC00'],
    ['a high surrogate before a non-surrogate escape', '["\\ud83d\\u0041"]', '\\ud83d'],
    ['a high surrogate at the end of a string', '["\\ud83d"]', '\\ud83d'],
    ['two high surrogates', '["\\ud83d\\ud83d\\ude00"]', '\\ud83d'],
    ['a lone surrogate in a member name', '{"\\ud800":1}', '\\ud800'],
  ])('refuses %s', (_, text, escape) => {
    expect(jsonTextProblem(text)).toBe(
      `Invalid Unicode escape ${escape}: a lone UTF-16 surrogate is no character.`,
    );
    // What JSON.parse alone would let through: a string that is no Unicode text.
    expect(JSON.stringify(JSON.parse(text))).toMatch(/\\ud[89a-f][0-9a-f]{2}/i);
  });
});
