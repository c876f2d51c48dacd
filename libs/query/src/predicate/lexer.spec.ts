import fc from 'fast-check';
import { normaliseNumber, tokenize } from './lexer.js';

describe(tokenize.name, () => {
  it('reads every kind of token with its offset', () => {
    const tokens = tokenize('a-b(x <> :v1, "s\\"", -2.5) #');
    expect(tokens.map((t) => [t.kind, t.value, t.offset])).toEqual([
      ['identifier', 'a-b', 0],
      ['symbol', '(', 3],
      ['identifier', 'x', 4],
      ['symbol', '!=', 6],
      ['variable', 'v1', 9],
      ['symbol', ',', 12],
      ['string', 's"', 14],
      ['symbol', ',', 19],
      ['number', '-2.5', 21],
      ['symbol', ')', 25],
      ['invalid', '#', 27],
      ['end', '', 28],
    ]);
  });

  it('prefers the longest comparison operator', () => {
    expect(tokenize('<=>=<>!=<>').map((t) => t.text)).toEqual(['<=', '>=', '<>', '!=', '<>', '']);
  });

  it('decodes a string quoted either way, with its escapes, wherever they are', () => {
    const read = (source: string) => tokenize(source).map((t) => [t.kind, t.value, t.text]);
    expect(read(`'it"s' "a\\tb\\u0041c\\\\"`)).toEqual([
      ['string', 'it"s', `'it"s'`],
      ['string', 'a\tbAc\\', `"a\\tb\\u0041c\\\\"`],
      ['end', '', ''],
    ]);
    expect(() => tokenize('key = "open')).toThrow('expected "');
    expect(() => tokenize('"\\u00g1"')).toThrow('Invalid unicode escape');
  });

  it('decodes a surrogate pair written as two escapes, and refuses a lone surrogate with InvalidInput', () => {
    expect(tokenize('"a\\ud83d\\uDE00b"')[0].value).toBe('a\u{1F600}b');
    for (const source of [
      '"\\ud800"',
      'key = "a\\udc00"',
      '"\\ud83d\\u0041"',
      '"\\ud83d"',
      '"\\ud83d\\ud83d\\ude00"',
    ]) {
      expect(() => tokenize(source)).toThrow(
        expect.objectContaining({
          status: 400,
          code: 'InvalidInput',
          message: expect.stringContaining('a lone UTF-16 surrogate is no character'),
        }),
      );
    }
  });

  it('reads back any text written as a JSON string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const [token, end] = tokenize(JSON.stringify(text));
        expect(token).toMatchObject({ kind: 'string', value: text });
        expect(end.kind).toBe('end');
      }),
    );
  });

  it('keeps an astral character whole in an invalid token', () => {
    expect(tokenize('😀')[0]).toMatchObject({ kind: 'invalid', text: '😀' });
  });
});

describe(normaliseNumber.name, () => {
  it.each([
    ['0', '0'],
    ['007', '7'],
    ['-007.50', '-7.50'],
    ['-0', '-0'],
    ['10', '10'],
  ])('%s -> %s', (input, output) => expect(normaliseNumber(input)).toBe(output));
});
