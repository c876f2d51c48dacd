import fc from 'fast-check';

/**
 * Hostile values for the hostile-input run: each with a label that names it in a failure report (the values
 * themselves can be megabytes long).
 */

export interface Labelled<T> {
  label: string;
  value: T;
}

/**
 * JSON text that `JSON.stringify` cannot write: numbers beyond a double or 2^53 (`1e999`), nesting deeper than
 * its stack. A body holds a marker string in its place, which `serialize` replaces by the text.
 */
const RAW_TEXTS: string[] = [];
function raw(text: string): string {
  RAW_TEXTS.push(text);
  return `\u0000raw:${RAW_TEXTS.length - 1}\u0000`;
}
const RAW = /"\\u0000raw:(\d+)\\u0000"/g;

/** The JSON text of a body, with the raw texts in place (lone surrogates stay `\ud800` escapes). */
export function serialize(body: unknown): string {
  return JSON.stringify(body).replace(RAW, (_, index: string) => RAW_TEXTS[Number(index)]);
}

const LONG = 200_000;
const nested = (depth: number, leaf: unknown, wrap: (inner: unknown) => unknown) => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = wrap(value);
  return value;
};

/** The named hostile values: nulls, broken Unicode, NUL, very long texts, extreme numbers, shapes, wrong types. */
const NAMED: ReadonlyArray<Labelled<unknown>> = [
  { label: 'null', value: null },
  { label: 'lone high surrogate', value: '\ud800' },
  { label: 'lone low surrogate', value: '\udfff' },
  { label: 'surrogate inside text', value: 'ab\ud800cd' },
  { label: 'reversed surrogate pair', value: '\udc00\ud800' },
  { label: 'NUL', value: '\u0000' },
  { label: 'NUL inside text', value: 'a\u0000b' },
  { label: `long text (${LONG} chars)`, value: 'lorem ipsum '.repeat(LONG / 12) },
  { label: `long single word (${LONG} chars)`, value: 'a'.repeat(LONG) },
  { label: 'long single word of 4-byte characters', value: '𝔘'.repeat(LONG / 4) },
  { label: 'empty text', value: '' },
  { label: 'blank text', value: ' \t\n' },
  { label: 'RTL override and zero-width', value: '\u202e\u200b\ufeff' },
  { label: 'combining marks', value: `e${'\u0301'.repeat(5000)}` },
  { label: 'SQL quote', value: "' OR 1=1 --" },
  { label: 'LIKE wildcards', value: '%_\\' },
  { label: 'path traversal', value: '../../etc/passwd' },
  { label: 'template', value: '${7*7}{{7*7}}' },
  { label: 'number-like text', value: '1e999' },
  { label: 'date-like text', value: '2026-13-45T99:99:99Z' },
  { label: '1e308', value: 1e308 },
  { label: '-1e308', value: -1e308 },
  { label: '1e999 (Infinity in JSON)', value: raw('1e999') },
  { label: '-1e999', value: raw('-1e999') },
  { label: '2^53 + 1', value: raw('9007199254740993') },
  { label: '2^64', value: raw('18446744073709551616') },
  { label: '2^31', value: 2 ** 31 },
  { label: '-2^31 - 1', value: -(2 ** 31) - 1 },
  { label: '-1', value: -1 },
  { label: '0', value: 0 },
  { label: '-0', value: raw('-0') },
  { label: '0.5', value: 0.5 },
  { label: '5e-324', value: 5e-324 },
  { label: 'true', value: true },
  { label: 'false', value: false },
  { label: 'empty object', value: {} },
  { label: 'empty array', value: [] },
  { label: 'array of null', value: [null] },
  { label: 'array of a text', value: ['x'] },
  { label: 'object of null', value: { en: null } },
  { label: 'object with an empty key', value: { '': 'x' } },
  { label: 'object with a surrogate key', value: { 'x\ud800': 'y' } },
  { label: '__proto__ object', value: JSON.parse('{"__proto__": {"polluted": true}, "en": "x"}') },
  { label: 'constructor object', value: { constructor: { prototype: { polluted: true } } } },
  { label: 'deep object (60 levels)', value: nested(60, 'x', (inner) => ({ a: inner })) },
  { label: 'deep array (60 levels)', value: nested(60, 'x', (inner) => [inner]) },
  {
    label: 'very deep object (10,000 levels)',
    value: raw(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`),
  },
  { label: 'very deep array (10,000 levels)', value: raw(`${'['.repeat(10_000)}${']'.repeat(10_000)}`) },
  {
    label: 'wide object (20,000 keys)',
    value: Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i])),
  },
  { label: 'wide array (50,000 items)', value: Array.from({ length: 50_000 }, (_, i) => i) },
  { label: 'array of 1,000 objects', value: Array.from({ length: 1_000 }, () => ({ en: 'x', id: 'x' })) },
];

/** A hostile value: a named one most of the time, else random JSON or a random text with any code unit. */
export const hostileValue: fc.Arbitrary<Labelled<unknown>> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NAMED) },
  {
    weight: 1,
    arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({ label: 'random JSON', value })),
  },
  {
    weight: 1,
    arbitrary: fc
      .string({ unit: 'binary', maxLength: 40 })
      .map((value) => ({ label: `random text ${JSON.stringify(value)}`, value })),
  },
  {
    weight: 1,
    arbitrary: fc.double().map((value) => ({
      label: `random number ${String(value)}`,
      value: Number.isFinite(value) ? value : null,
    })),
  },
);

/**
 * One URL component: percent-encoded, a lone surrogate as the three bytes it would take in CESU-8 (not
 * UTF-8: the server sees invalid UTF-8), which `encodeURIComponent` refuses to write.
 */
export function encodeComponent(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** Long enough to hurt, short enough for the gateway's 15 KB request head (one text goes past it). */
const LONG_QUERY = 6_000;

/** Hostile texts for a URL: path segments and query values (the URL length keeps them shorter than bodies). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\ud800',
      'a\udfffb',
      '\u0000',
      '%00',
      'a'.repeat(LONG_QUERY),
      'lorem ipsum '.repeat(LONG_QUERY / 12),
      '𝔘'.repeat(400),
      'b'.repeat(20_000),
      '"',
      "'",
      '\\',
      '\\ud800',
      '../..',
      '${x}',
      'NaN',
      'null',
      '-1',
      '0',
      '1e309',
      '-9e99',
      '99999999999999999999999',
      '9007199254740993',
      'key=',
      'key=\u0000',
      'key=\ud800',
      `key=${'k'.repeat(LONG_QUERY)}`,
      '\u202e',
      '__proto__',
      'constructor',
      'valueOf desc',
      'toString',
      'hasOwnProperty asc',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 80 }) },
);

/** A predicate from fragments of the predicate language, hostile literals among them. */
const predicate = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'key',
        'name(en',
        'id',
        'version',
        ')',
        '(',
        '=',
        '!=',
        '>',
        '<=',
        '"x"',
        '"\\ud800"',
        '"\ud800"',
        '"\u0000"',
        `"${'a'.repeat(LONG_QUERY)}"`,
        ':v',
        'and',
        'or',
        'not',
        'in',
        'is',
        'defined',
        'not defined',
        'contains any',
        'contains all',
        'is empty',
        '1',
        '-9e99',
        '1e999',
        '99999999999999999999999',
        'true',
        ',',
        'within circle',
        '[',
        ']',
        'createdAt',
        '__proto__',
        'constructor',
        'valueOf',
        '"2026-13-45T99:99:99Z"',
        'custom(fields(x',
        'masterVariant(sku',
        'variants(attributes(name',
        'languages',
      ),
      hostileText,
    ),
    { maxLength: 14 },
  )
  .map((parts) => parts.join(' '));

const sortExpression = fc.oneof(
  hostileText,
  fc
    .tuple(
      fc.constantFrom(
        'key',
        'createdAt',
        'name.en',
        'name.\ud800',
        'x',
        '',
        'id',
        'version',
        'masterVariant.sku',
      ),
      fc.constantFrom('asc', 'desc', 'up', '', 'asc asc'),
    )
    .map(([f, d]) => `${f} ${d}`),
);

const expandExpression = fc.oneof(
  hostileText,
  fc
    .array(
      fc.constantFrom(
        'obj',
        'distributionChannels[*]',
        'productSelections[0]',
        'productSelection',
        'productType',
        'custom.type',
        'parent',
        'ancestors[*]',
        'a',
        '[*]',
        '[99999999999]',
        '.',
        '..',
      ),
      { maxLength: 8 },
    )
    .map((p) => p.join('.')),
);

const numberText = fc.oneof(fc.integer({ min: -5, max: 600 }).map(String), hostileText);

/** Query parameters of any route: paging, predicates, sorts, expansions, search texts, flags. */
const QUERY_PARAMETERS: Record<string, fc.Arbitrary<string | [string, string]>> = {
  where: fc.oneof(predicate, hostileText),
  sort: sortExpression,
  expand: expandExpression,
  limit: numberText,
  offset: fc.oneof(fc.integer({ min: -5, max: 20_000 }).map(String), hostileText),
  withTotal: fc.constantFrom('true', 'false', 'maybe', ''),
  'var.v': hostileText,
  version: fc.oneof(fc.integer({ min: -2, max: 3 }).map(String), hostileText),
  staged: fc.constantFrom('true', 'false', 'x'),
  text: fc.tuple(fc.constantFrom('en', 'de', 'en-US', '', '\ud800', 'x'.repeat(300)), hostileText),
  fuzzy: fc.constantFrom('true', 'false', '1'),
  fuzzyLevel: numberText,
  filter: fc.oneof(predicate, hostileText),
  'filter.query': hostileText,
  facet: hostileText,
  markMatchingVariants: fc.constantFrom('true', 'x'),
  priceCurrency: hostileText,
  priceCountry: hostileText,
  storeProjection: hostileText,
  localeProjection: hostileText,
  dryRun: fc.constantFrom('true', 'x'),
};

/** One to three hostile parameters (a parameter at a time is what finds which one breaks). */
const queryParameters: fc.Arbitrary<Array<[string, string]>> = fc
  .uniqueArray(fc.constantFrom(...Object.keys(QUERY_PARAMETERS)), { minLength: 1, maxLength: 3 })
  .chain((names) =>
    fc.tuple(...names.map((name) => QUERY_PARAMETERS[name].map((value) => [name, value] as const))),
  )
  .map((pairs) =>
    pairs.map(([name, value]): [string, string] =>
      Array.isArray(value) ? [`text.${value[0]}`, value[1]] : [name, value],
    ),
  );

/** A hostile query string (empty or `?...`), repeated parameters included. */
export const hostileQuery: fc.Arbitrary<string> = fc
  .tuple(queryParameters, fc.boolean())
  .map(([parameters, repeat]) => {
    const all = repeat ? [...parameters, ...parameters] : parameters;
    const text = all.map(([name, value]) => `${encodeComponent(name)}=${encodeComponent(value)}`).join('&');
    return text ? `?${text}` : '';
  });
