import { ApiError } from '@commerce/errors';
import type { Literal, Predicate } from './ast.js';
import { MAX_PREDICATE_DEPTH, MAX_PREDICATE_LENGTH, parsePredicate } from './parser.js';

const str = (value: string): Literal => ({ kind: 'string', value });
const num = (text: string): Literal => ({ kind: 'number', value: Number(text), text });
const bool = (value: boolean): Literal => ({ kind: 'boolean', value });
const variable = (name: string): Literal => ({ kind: 'variable', name });
const eq = (field: string, value: Literal): Predicate => ({ kind: 'compare', field, operator: '=', value });

function errorOf(source: string): ApiError {
  try {
    parsePredicate(source);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`expected '${source}' to be rejected`);
}

describe(parsePredicate.name, () => {
  it.each<[string, Predicate]>([
    ['name = "Peter"', eq('name', str('Peter'))],
    ['age <> 42', { kind: 'compare', field: 'age', operator: '!=', value: num('42') }],
    ['age != 42', { kind: 'compare', field: 'age', operator: '!=', value: num('42') }],
    ['age < 42', { kind: 'compare', field: 'age', operator: '<', value: num('42') }],
    ['age<=42', { kind: 'compare', field: 'age', operator: '<=', value: num('42') }],
    ['age >42', { kind: 'compare', field: 'age', operator: '>', value: num('42') }],
    ['age >= -1.5', { kind: 'compare', field: 'age', operator: '>=', value: num('-1.5') }],
    ['age = 007', eq('age', { kind: 'number', value: 7, text: '7' })],
    ['age = -0.50', eq('age', { kind: 'number', value: -0.5, text: '-0.50' })],
    ['active = true', eq('active', bool(true))],
    ['active = FALSE', eq('active', bool(false))],
    ["key = 'single'", eq('key', str('single'))],
    ['key = "say \\"hi\\" \\\\ \\n \\u00e9"', eq('key', str('say "hi" \\ \n é'))],
    ['key = "unicode ✓ 東京"', eq('key', str('unicode ✓ 東京'))],
    ['key = :k', eq('key', variable('k'))],
    ['name(en = "x")', { kind: 'nested', field: 'name', predicate: eq('en', str('x')) }],
    ['name(en-US = "x")', { kind: 'nested', field: 'name', predicate: eq('en-US', str('x')) }],
    [
      'masterData(staged(name(en = "a") and slug(en = "b")))',
      {
        kind: 'nested',
        field: 'masterData',
        predicate: {
          kind: 'nested',
          field: 'staged',
          predicate: {
            kind: 'and',
            operands: [
              { kind: 'nested', field: 'name', predicate: eq('en', str('a')) },
              { kind: 'nested', field: 'slug', predicate: eq('en', str('b')) },
            ],
          },
        },
      },
    ],
    [
      'custom(fields(foo = "bar"))',
      {
        kind: 'nested',
        field: 'custom',
        predicate: { kind: 'nested', field: 'fields', predicate: eq('foo', str('bar')) },
      },
    ],
    ['age in (42, 43)', { kind: 'in', field: 'age', negated: false, values: [num('42'), num('43')] }],
    ['age not in (42)', { kind: 'in', field: 'age', negated: true, values: [num('42')] }],
    ['state in :states', { kind: 'in', field: 'state', negated: false, values: [variable('states')] }],
    ['key in ("a", :b)', { kind: 'in', field: 'key', negated: false, values: [str('a'), variable('b')] }],
    [
      'tags contains any ("a", "b")',
      { kind: 'contains', field: 'tags', mode: 'any', values: [str('a'), str('b')] },
    ],
    ['tags CONTAINS ALL ("a")', { kind: 'contains', field: 'tags', mode: 'all', values: [str('a')] }],
    ['tags contains all :t', { kind: 'contains', field: 'tags', mode: 'all', values: [variable('t')] }],
    ['name is defined', { kind: 'defined', field: 'name', negated: false }],
    ['name is not defined', { kind: 'defined', field: 'name', negated: true }],
    ['tags is empty', { kind: 'empty', field: 'tags', negated: false }],
    ['tags Is Not Empty', { kind: 'empty', field: 'tags', negated: true }],
    [
      'geoLocation within circle(13.37, 52.51, 1000)',
      {
        kind: 'withinCircle',
        field: 'geoLocation',
        longitude: num('13.37'),
        latitude: num('52.51'),
        radius: num('1000'),
      },
    ],
    [
      'email matches ignore case "A@B.DE"',
      { kind: 'matchesIgnoreCase', field: 'email', value: str('A@B.DE') },
    ],
    ['not (name = "Peter")', { kind: 'not', operand: eq('name', str('Peter')) }],
    ['NOT(a = 1)', { kind: 'not', operand: eq('a', num('1')) }],
    ['(a = 1)', eq('a', num('1'))],
    ['((a = 1))', eq('a', num('1'))],
    [
      'a = 1 and b = 2 and c = 3',
      { kind: 'and', operands: [eq('a', num('1')), eq('b', num('2')), eq('c', num('3'))] },
    ],
    [
      'a = 1 or b = 2 and c = 3',
      {
        kind: 'or',
        operands: [eq('a', num('1')), { kind: 'and', operands: [eq('b', num('2')), eq('c', num('3'))] }],
      },
    ],
    [
      '(a = 1 OR b = 2) AnD c = 3',
      {
        kind: 'and',
        operands: [{ kind: 'or', operands: [eq('a', num('1')), eq('b', num('2'))] }, eq('c', num('3'))],
      },
    ],
    [
      'not (a = 1) and b = 2',
      { kind: 'and', operands: [{ kind: 'not', operand: eq('a', num('1')) }, eq('b', num('2'))] },
    ],
    [
      'not (name = "Peter" and age < 42)',
      {
        kind: 'not',
        operand: {
          kind: 'and',
          operands: [
            eq('name', str('Peter')),
            { kind: 'compare', field: 'age', operator: '<', value: num('42') },
          ],
        },
      },
    ],
    ['  a\n=\t1  ', eq('a', num('1'))],
    ['and = 1', eq('and', num('1'))],
    ['_x-y_1 = 1', eq('_x-y_1', num('1'))],
  ])('parses %s', (source, expected) => {
    expect(parsePredicate(source)).toEqual(expected);
  });

  it.each<[string, string]>([
    [
      'invalid',
      "Unexpected end of input, expected identifier character, '(', comparison operator, not, in, contains, is, within or matches (line 1, column 8):invalid",
    ],
    [
      'firstName ilike "sofia%"',
      "Invalid input 'ilike', expected identifier character, '(', comparison operator, not, in, contains, is, within or matches (line 1, column 11):firstName ilike \"sofia%\"",
    ],
    ['', "Unexpected end of input, expected field name, not or '(' (line 1, column 1):"],
    [
      'a = ',
      'Unexpected end of input, expected string, number, true, false or input variable (line 1, column 5):a = ',
    ],
    [
      'a = b',
      "Invalid input 'b', expected string, number, true, false or input variable (line 1, column 5):a = b",
    ],
    ['a = 1 b = 2', "Invalid input 'b', expected and or or (line 1, column 7):a = 1 b = 2"],
    ['a = 1 and', "Unexpected end of input, expected field name, not or '(' (line 1, column 10):a = 1 and"],
    ['(a = 1', "Unexpected end of input, expected and, or or ')' (line 1, column 7):(a = 1"],
    ['a = 1)', "Invalid input ')', expected and or or (line 1, column 6):a = 1)"],
    ['not a = 1', "Invalid input 'a', expected '(' (line 1, column 5):not a = 1"],
    ['a in 1', "Invalid input '1', expected '(' or input variable (line 1, column 6):a in 1"],
    [
      'a in ()',
      "Invalid input ')', expected string, number, true, false or input variable (line 1, column 7):a in ()",
    ],
    ['a in (1 2)', "Invalid input '2', expected ',' or ')' (line 1, column 9):a in (1 2)"],
    ['a not = 1', "Invalid input '=', expected in (line 1, column 7):a not = 1"],
    ['a contains "x"', 'Invalid input \'"x"\', expected any or all (line 1, column 12):a contains "x"'],
    ['a is', 'Unexpected end of input, expected not, defined or empty (line 1, column 5):a is'],
    ['a is not null', "Invalid input 'null', expected defined or empty (line 1, column 10):a is not null"],
    [
      'g within square(1, 2, 3)',
      "Invalid input 'square', expected circle (line 1, column 10):g within square(1, 2, 3)",
    ],
    ['g within circle(1, 2)', "Invalid input ')', expected ',' (line 1, column 21):g within circle(1, 2)"],
    ['a matches "x"', 'Invalid input \'"x"\', expected ignore (line 1, column 11):a matches "x"'],
    ['a = "open', 'Unexpected end of input, expected " (line 1, column 10):a = "open'],
    ["a = 'open", "Unexpected end of input, expected ' (line 1, column 10):a = 'open"],
    ['a = "\\u12"', 'Invalid unicode escape, expected 4 hexadecimal digits (line 1, column 8):a = "\\u12"'],
    ['a = 1.', "Invalid input '.', expected and or or (line 1, column 6):a = 1."],
    [
      'a # 1',
      "Invalid input '#', expected identifier character, '(', comparison operator, not, in, contains, is, within or matches (line 1, column 3):a # 1",
    ],
    [
      'a = - 1',
      "Invalid input '-', expected string, number, true, false or input variable (line 1, column 5):a = - 1",
    ],
    [
      'a = :',
      "Invalid input ':', expected string, number, true, false or input variable (line 1, column 5):a = :",
    ],
    [
      'a = 1 and\n  b ? 2',
      "Invalid input '?', expected identifier character, '(', comparison operator, not, in, contains, is, within or matches (line 2, column 5):a = 1 and\n  b ? 2",
    ],
    ['a = 1e999', "Invalid input 'e999', expected and or or (line 1, column 6):a = 1e999"],
  ])('rejects %j', (source, message) => {
    const error = errorOf(source);
    expect(error.status).toBe(400);
    expect(error.code).toBe('InvalidInput');
    expect(error.message).toBe(`Malformed parameter: where: Syntax error while parsing 'where'. ${message}`);
  });

  it('rejects a number too large to represent', () => {
    expect(errorOf(`a = ${'9'.repeat(400)}`).message).toContain(
      `Number out of range '${'9'.repeat(30)}...' (line 1, column 5)`,
    );
  });

  it('rejects a predicate longer than the limit before reading it', () => {
    const error = errorOf(`key = "${'x'.repeat(MAX_PREDICATE_LENGTH)}"`);
    expect(error.message).toBe(
      `Malformed parameter: where: The predicate is longer than ${MAX_PREDICATE_LENGTH} characters.`,
    );
  });

  it('accepts nesting up to the limit and rejects deeper nesting with a 400, never a stack overflow', () => {
    const nested = (depth: number) => `${'a('.repeat(depth)}b = 1${')'.repeat(depth)}`;
    expect(() => parsePredicate(nested(MAX_PREDICATE_DEPTH))).not.toThrow();
    expect(errorOf(nested(MAX_PREDICATE_DEPTH + 1)).message).toBe(
      `Malformed parameter: where: The predicate is nested more than ${MAX_PREDICATE_DEPTH} levels deep.`,
    );
    expect(errorOf('not ('.repeat(3000)).status).toBe(400);
    expect(errorOf('('.repeat(4000) + 'a = 1' + ')'.repeat(4000)).status).toBe(400);
  });

  it('parses long flat chains without recursion', () => {
    const chain = Array.from({ length: 800 }, (_, i) => `a = ${i}`).join(' or ');
    const parsed = parsePredicate(chain);
    expect(parsed.kind === 'or' && parsed.operands.length).toBe(800);
  });
});
