import { ApiError } from '@commerce/errors';
import { storeSchema } from '../../test/store-schema.js';
import { SqlParams } from '../sql-params.js';
import { compileWhere, MAX_WHERE_PARAMETERS } from './compile-where.js';

const vars = { keys: ['a', 'b'], one: ['x'], n: ['5'] };

function errorOf(where: string): ApiError {
  try {
    compileWhere([where], vars, storeSchema, new SqlParams());
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`expected '${where}' to be rejected`);
}

describe(`${compileWhere.name} rejections`, () => {
  it.each<[string, string]>([
    ['foo = 1', `The field 'foo' does not exist.`],
    ['address(street = "x")', `The field 'address.street' does not exist.`],
    ['custom(foo(x = 1))', `The field 'custom.foo' does not exist.`],
    ['constructor = 1', `The field 'constructor' does not exist.`],
    [
      'key contains any ("a")',
      `The operator 'contains any' needs an array of values, but the field 'key' is of type string.`,
    ],
    [
      'countries contains all ("DE")',
      `The operator 'contains all' needs an array of values, but the field 'countries' is of type array of object.`,
    ],
    ['active < true', `The operator '<' cannot be used on the field 'active' of type boolean.`],
    [
      'createdBy(isPlatformClient >= false)',
      `The operator '>=' cannot be used on the field 'createdBy.isPlatformClient' of type boolean.`,
    ],
    ['rating is empty', `The operator 'is empty' cannot be used on the field 'rating' of type number.`],
    ['name = "x"', `The field 'name' is a localized string; query one locale, e.g. name(en = "value").`],
    ['name in ("x")', `The field 'name' is a localized string; query one locale, e.g. name(en = "value").`],
    ['address = "x"', `The operator '=' cannot be used on the field 'address' of type object.`],
    ['countries = "DE"', `The operator '=' cannot be used on the field 'countries' of type array of object.`],
    [
      'distributionChannels > "x"',
      `The operator '>' cannot be used on the field 'distributionChannels' of type array of reference.`,
    ],
    ['key(a = 1)', `The field 'key' of type string has no fields to query with 'key(...)'.`],
    [
      'languages(a = 1)',
      `The field 'languages' of type array of string has no fields to query with 'languages(...)'.`,
    ],
    [
      'rating within circle(1, 2, 3)',
      `The operator 'within circle' cannot be used on the field 'rating' of type number.`,
    ],
    [
      'rating matches ignore case "x"',
      `The operator 'matches ignore case' cannot be used on the field 'rating' of type number.`,
    ],
    [
      'custom(fields(f > true))',
      `The operator '>' cannot be used on the field 'custom.fields.f' of type any.`,
    ],
    ['version = "abc"', `The field 'version' expects a number, but got "abc".`],
    ['rating = "4"', `The field 'rating' expects a number, but got "4".`],
    ['key = 1', `The field 'key' expects a string, but got 1.`],
    ['active = "true"', `The field 'active' expects a boolean (true or false), but got "true".`],
    ['active = :n', `The field 'active' expects a boolean (true or false), but got "5".`],
    ['version = :one', `The field 'version' expects a number, but got "x".`],
    [
      'createdAt > "yesterday"',
      `The field 'createdAt' expects a datetime such as "2021-06-01T00:00:00.000Z", but got "yesterday".`,
    ],
    [
      'createdAt > "2021-02-30T00:00:00Z"',
      `The field 'createdAt' expects a datetime such as "2021-06-01T00:00:00.000Z", but got "2021-02-30T00:00:00Z".`,
    ],
    [
      'openedAt = 5',
      `The field 'openedAt' expects a datetime such as "2021-06-01T00:00:00.000Z", but got 5.`,
    ],
    [
      'openingDate > "2021-13-01"',
      `The field 'openingDate' expects a date such as "2021-06-01", but got "2021-13-01".`,
    ],
    ['opensAt > "25:00"', `The field 'opensAt' expects a time such as "13:45:00.000", but got "25:00".`],
    ['key matches ignore case 1', `The field 'key' expects a string, but got 1.`],
    ['key = :missing', `Missing parameter value for missing`],
    ['key in ("a", :missing)', `Missing parameter value for missing`],
    ['key = :keys', `The parameter keys has 2 values; only 'in' and 'contains' take several.`],
    [
      'geoLocation within circle(181, 0, 1)',
      `The longitude of 'within circle' must be between -180 and 180, but got 181.`,
    ],
    [
      'geoLocation within circle(0, -91, 1)',
      `The latitude of 'within circle' must be between -90 and 90, but got -91.`,
    ],
    [
      'geoLocation within circle(0, 0, -1)',
      `The radius of 'within circle' must be between 0 and ${Number.MAX_VALUE}, but got -1.`,
    ],
    [
      'geoLocation within circle(0, "x", 1)',
      `The latitude of 'within circle' must be a number, but got "x".`,
    ],
  ])('rejects %s', (where, message) => {
    const error = errorOf(where);
    expect(error.status).toBe(400);
    expect(error.code).toBe('InvalidInput');
    expect(error.message).toBe(`Malformed parameter: where: ${message}`);
  });

  it('rejects a predicate binding too many values', () => {
    const keys = Array.from({ length: MAX_WHERE_PARAMETERS + 1 }, (_, i) => `k${i}`);
    const params = new SqlParams();
    expect(() => compileWhere(['key in :keys'], { keys }, storeSchema, params)).toThrow(
      `The predicate uses more than ${MAX_WHERE_PARAMETERS} values.`,
    );
  });

  it('passes syntax errors through as 400s', () => {
    expect(errorOf('key ==').message).toContain("Syntax error while parsing 'where'.");
  });
});
