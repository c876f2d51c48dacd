import { ApiError } from '@commerce/errors';
import { idOrKeyOf, idOrKeyOfSegment, isIdOrKey, versionOf, versionOfQuery } from './identifiers.js';

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return `${error.code}: ${error.errors[0].message}`;
    throw error;
  }
  throw new Error('expected an ApiError');
}

const MALFORMED = 'InvalidInput: Malformed parameter: version: must be a non-negative integer.';

describe(idOrKeyOfSegment.name, () => {
  it.each([
    ['8f1c2d3e', { id: '8f1c2d3e' }],
    ['key=berlin', { key: 'berlin' }],
    ['key=', { key: '' }],
    ['key=a=b', { key: 'a=b' }],
    ['keyberlin', { id: 'keyberlin' }],
  ])('reads %s', (segment, expected) => expect(idOrKeyOfSegment(segment)).toEqual(expected));
});

describe(idOrKeyOf.name, () => {
  it.each([
    [{ id: 'i1' }, { id: 'i1' }],
    [{ key: 'k1' }, { key: 'k1' }],
    [{ id: 'i1', key: null }, { id: 'i1' }],
    [{ id: undefined, key: 'k1' }, { key: 'k1' }],
  ])('accepts %j', (value, expected) => expect(idOrKeyOf(value)).toEqual(expected));

  it.each([[{}], [{ id: 'i1', key: 'k1' }], [{ id: 7 }], [null], ['i1'], [{ key: ['k'] }]])(
    'refuses %j',
    (value) => {
      expect(messageOf(() => idOrKeyOf(value))).toBe('InvalidInput: Exactly one of id or key must be given.');
      expect(isIdOrKey(value)).toBe(false);
    },
  );
});

describe(versionOf.name, () => {
  it.each([0, 1, 42, Number.MAX_SAFE_INTEGER])('accepts %d', (value) => expect(versionOf(value)).toBe(value));

  it.each([-1, 1.5, Number.MAX_SAFE_INTEGER + 1, NaN, '1', null, undefined])('refuses %p', (value) =>
    expect(messageOf(() => versionOf(value))).toBe(MALFORMED),
  );
});

describe(versionOfQuery.name, () => {
  it.each([
    [{ version: '3' }, 3],
    [{ version: '0' }, 0],
    [{ version: ['4', '5'] }, 4],
    [{ version: '0012' }, 12],
  ])('reads %j', (query, expected) => expect(versionOfQuery(query)).toBe(expected));

  it('requires the parameter', () =>
    expect(messageOf(() => versionOfQuery({}))).toBe("InvalidInput: Missing required parameter 'version'."));

  it.each(['', '-1', '1.0', 'abc', ' 1', '1e3', '99999999999999999999'])('refuses %p', (raw) =>
    expect(messageOf(() => versionOfQuery({ version: raw }))).toBe(MALFORMED),
  );
});
