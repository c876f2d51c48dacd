import { ApiError } from '@commerce/errors';
import { parseQueryParams, type RawQuery } from './parse-query-params.js';

function errorOf(raw: RawQuery): ApiError {
  try {
    parseQueryParams(raw);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(raw)} to be rejected`);
}

describe(parseQueryParams.name, () => {
  it('applies the defaults', () => {
    expect(parseQueryParams({})).toEqual({
      where: [],
      sort: [],
      expand: [],
      vars: {},
      limit: 20,
      offset: 0,
      withTotal: true,
    });
  });

  it('accepts a single-valued parameter repeated with the same value, as the SDK process helper sends it', () => {
    expect(parseQueryParams({ withTotal: ['false', 'false'], limit: ['5', '5'] })).toMatchObject({
      withTotal: false,
      limit: 5,
    });
  });

  it('reads single and repeated parameters and input variables', () => {
    expect(
      parseQueryParams({
        where: ['key = :k', 'version > 1'],
        sort: 'key asc',
        expand: ['distributionChannels[*]'],
        'var.k': 'berlin',
        'var.states': ['Open', 'Merged'],
        'var.empty': [],
        limit: '500',
        offset: '10000',
        withTotal: 'false',
        other: 'ignored',
        nothing: undefined,
      }),
    ).toEqual({
      where: ['key = :k', 'version > 1'],
      sort: ['key asc'],
      expand: ['distributionChannels[*]'],
      vars: { k: ['berlin'], states: ['Open', 'Merged'] },
      limit: 500,
      offset: 10000,
      withTotal: false,
    });
  });

  it.each<[number | string, number]>([
    ['0', 0],
    ['007', 7],
    ['1', 1],
  ])('reads limit %j', (limit, expected) => {
    expect(parseQueryParams({ limit: String(limit) }).limit).toBe(expected);
  });

  it.each<[RawQuery, string]>([
    [{ limit: '501' }, 'Malformed parameter: limit: must be an integer between 0 and 500.'],
    [{ limit: 'abc' }, 'Malformed parameter: limit: must be an integer between 0 and 500.'],
    [{ limit: '-1' }, 'Malformed parameter: limit: must be an integer between 0 and 500.'],
    [{ limit: '1.5' }, 'Malformed parameter: limit: must be an integer between 0 and 500.'],
    [{ limit: '' }, 'Malformed parameter: limit: must be an integer between 0 and 500.'],
    [{ limit: ' 5' }, 'Malformed parameter: limit: must be an integer between 0 and 500.'],
    [{ limit: '1e2' }, 'Malformed parameter: limit: must be an integer between 0 and 500.'],
    [{ limit: '99999999999999999999' }, 'Malformed parameter: limit: must be an integer between 0 and 500.'],
    [{ limit: ['1', '2'] }, 'Malformed parameter: limit: must be given only once.'],
    [{ offset: '-1' }, 'Malformed parameter: offset: must be an integer between 0 and 10000.'],
    [{ offset: '10001' }, 'Malformed parameter: offset: must be an integer between 0 and 10000.'],
    [{ withTotal: 'maybe' }, 'Malformed parameter: withTotal: must be true or false.'],
    [{ withTotal: 'TRUE' }, 'Malformed parameter: withTotal: must be true or false.'],
    [{ withTotal: ['true', 'false'] }, 'Malformed parameter: withTotal: must be given only once.'],
    [{ 'var.a_b': 'x' }, 'Malformed parameter: var.a_b: input variable names consist of letters and digits.'],
    [{ 'var.': 'x' }, 'Malformed parameter: var.: input variable names consist of letters and digits.'],
    [
      { expand: ['custom.type', '/3brhKS%;Q'] },
      "Malformed parameter: expand: Invalid expansion path '/3brhKS%;Q': '/3brhKS%;Q' is not a field name with optional [*] or [n].",
    ],
    [
      { expand: '' },
      "Malformed parameter: expand: Invalid expansion path '': it must have 1 to 500 characters.",
    ],
  ])('rejects %j', (raw, message) => {
    const error = errorOf(raw);
    expect(error.status).toBe(400);
    expect(error.code).toBe('InvalidInput');
    expect(error.message).toBe(message);
  });
});
