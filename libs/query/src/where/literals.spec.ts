import { isDate, isTime, parseDateTime, resolveList, resolveSingle, typedValue } from './literals.js';

describe(parseDateTime.name, () => {
  it.each<[string, string | undefined]>([
    ['2021-06-01T00:00:00.000Z', '2021-06-01T00:00:00.000Z'],
    ['2021-06-01T10:20:30Z', '2021-06-01T10:20:30.000Z'],
    ['2021-06-01T10:20:30.123456789Z', '2021-06-01T10:20:30.123Z'],
    ['2021-06-01T10:20:30.5Z', '2021-06-01T10:20:30.500Z'],
    ['2021-06-01T10:20', '2021-06-01T10:20:00.000Z'],
    ['2021-06-01 10:20:30', '2021-06-01T10:20:30.000Z'],
    ['2021-06-01', '2021-06-01T00:00:00.000Z'],
    ['2021-06-01T02:00:00+02:00', '2021-06-01T00:00:00.000Z'],
    ['2021-06-01T00:00:00-0130', '2021-06-01T01:30:00.000Z'],
    ['2020-02-29T00:00:00Z', '2020-02-29T00:00:00.000Z'],
    ['0001-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z'],
    ['0050-06-01T00:00:00Z', '0050-06-01T00:00:00.000Z'],
    ['0001-01-01T00:00:00+01:00', undefined],
    ['2021-02-29T00:00:00Z', undefined],
    ['2021-13-01', undefined],
    ['2021-06-01T24:00:00Z', undefined],
    ['2021-06-01T23:60:00Z', undefined],
    ['2021-06-01T23:00:60Z', undefined],
    ['2021-06-01T00:00:00+15:00', undefined],
    ['0000-01-01', undefined],
    ['21-06-01', undefined],
    ['2021-06-01T', undefined],
    ['tomorrow', undefined],
    ['', undefined],
  ])('%j -> %j', (input, output) => expect(parseDateTime(input)).toBe(output));
});

describe(isDate.name, () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2023-04-31', false],
    ['2023-4-1', false],
  ])('%s -> %s', (input, valid) => expect(isDate(input)).toBe(valid));
});

describe(isTime.name, () => {
  it.each([
    ['00:00', true],
    ['23:59:59.999', true],
    ['12:00:00', true],
    ['24:00', false],
    ['12:60', false],
    ['1:00', false],
  ])('%s -> %s', (input, valid) => expect(isTime(input)).toBe(valid));
});

describe(typedValue.name, () => {
  it('reads numbers and booleans from variables, but not from string literals', () => {
    const fromVariable = { kind: 'string', value: '007', fromVariable: true } as const;
    expect(typedValue(fromVariable, 'number', 'n')).toEqual({
      type: 'number',
      param: '7',
      cast: 'bigint',
      json: '7',
    });
    expect(() => typedValue({ kind: 'string', value: '7' }, 'number', 'n')).toThrow('expects a number');
    expect(typedValue({ kind: 'string', value: 'true', fromVariable: true }, 'boolean', 'b').json).toBe(
      'true',
    );
  });

  it('binds integers beyond bigint as numeric', () => {
    const text = '1'.repeat(19);
    expect(typedValue({ kind: 'number', value: Number(text), text }, 'number', 'n')).toMatchObject({
      cast: 'numeric',
      json: text,
    });
  });
});

describe(resolveList.name, () => {
  it('expands a variable into all its values', () => {
    expect(
      resolveList(
        [
          { kind: 'variable', name: 'v' },
          { kind: 'boolean', value: true },
        ],
        { v: ['a', 'b'] },
      ),
    ).toEqual([
      { kind: 'string', value: 'a', fromVariable: true },
      { kind: 'string', value: 'b', fromVariable: true },
      { kind: 'boolean', value: true },
    ]);
  });

  it('does not read variables from the prototype', () => {
    expect(() => resolveSingle({ kind: 'variable', name: 'toString' }, {})).toThrow(
      'Missing parameter value for toString',
    );
  });
});
