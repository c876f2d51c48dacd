import { SqlParams } from './sql-params.js';

describe(SqlParams.name, () => {
  it('numbers placeholders after the offset and keeps the values in order', () => {
    const params = new SqlParams(2);
    expect(params.add('a')).toBe('$3');
    expect(params.add(4)).toBe('$4');
    expect(params.values).toEqual(['a', 4]);
    expect(params.size).toBe(2);
  });

  it('starts at $1 without an offset and hands out copies of its values', () => {
    const params = new SqlParams();
    expect(params.add(null)).toBe('$1');
    params.values.push('x');
    expect(params.values).toEqual([null]);
  });

  it('shares one placeholder between equal values added with addShared', () => {
    const params = new SqlParams(1);
    expect([
      params.addShared('en'),
      params.add('en'),
      params.addShared('de'),
      params.addShared('en'),
    ]).toEqual(['$2', '$3', '$4', '$2']);
    expect(params.values).toEqual(['en', 'en', 'de']);
  });

  it('refuses a negative or fractional offset', () => {
    expect(() => new SqlParams(-1)).toThrow(RangeError);
    expect(() => new SqlParams(1.5)).toThrow(RangeError);
  });
});
