import { evaluatePredicate, PredicateEvaluationError } from './evaluate.js';
import { parsePredicate } from './parser.js';

const cart = {
  key: 'c1',
  country: 'DE',
  totalPrice: { centAmount: 12000, currencyCode: 'EUR' },
  lineItems: [
    { sku: 'A', quantity: 2 },
    { sku: 'B', quantity: 1 },
  ],
  tags: ['x', 'y'],
  flag: true,
};
const holds = (where: string, document: unknown = cart) => evaluatePredicate(parsePredicate(where), document);

describe('evaluatePredicate', () => {
  it.each([
    ['country = "DE"', true],
    ['country != "DE"', false],
    ['country in ("FR", "DE")', true],
    ['country not in ("FR", "DE")', false],
    ['totalPrice(centAmount > 10000 and currencyCode = "EUR")', true],
    ['totalPrice(centAmount <= 10000)', false],
    ['lineItems(sku = "B" and quantity = 1)', true],
    ['lineItems(sku = "A" and quantity = 1)', false],
    ['tags contains any ("y", "z")', true],
    ['tags contains all ("y", "z")', false],
    ['flag = true', true],
    ['not (flag = true)', false],
    ['custom is not defined', true],
    ['key is defined and key = "c1"', true],
    ['key = "other" or country = "DE"', true],
    ['country = 49', false],
    ['tags is empty', false],
    ['constructor is defined', false],
    ['valueOf is not defined', true],
    ['lineItems(toString is defined)', false],
  ])('%s is %s', (where, expected) => {
    expect(holds(where)).toBe(expected);
  });

  it('fails when a compared field is missing, and short-circuits before reaching it', () => {
    expect(() => holds('shippingAddress(country = "DE")')).toThrow(PredicateEvaluationError);
    expect(() => holds('middleName = "x"')).toThrow("The field 'middleName' is not set on the resource.");
    expect(() => holds('totalPrice(fractionDigits = 2)')).toThrow("'totalPrice.fractionDigits'");
    expect(holds('key = "other" and middleName = "x"')).toBe(false);
    // A member of Object.prototype is no field of the resource.
    expect(() => holds('totalPrice(constructor(name = "Object"))')).toThrow("'totalPrice.constructor'");
    expect(() => holds('hasOwnProperty = "x"')).toThrow("The field 'hasOwnProperty' is not set");
  });

  it('refuses input variables, which a trigger has no values for', () => {
    expect(() => holds('country = :c')).toThrow(PredicateEvaluationError);
  });
});
