import { ApiError } from '@commerce/errors';
import fc from 'fast-check';
import {
  compileProductPredicate,
  productPredicateReferences,
  type ProductPredicateInput,
} from './product-predicate.js';

const INPUT: ProductPredicateInput = {
  product: {
    id: 'p-1',
    key: 'shirt',
    productType: { id: 'pt-1', key: 'clothes' },
    categories: [{ id: 'c-shirts', key: 'shirts' }],
    categoriesWithAncestors: [
      { id: 'c-shirts', key: 'shirts' },
      { id: 'c-men', key: 'men' },
    ],
  },
  variant: {
    id: 2,
    key: 'shirt-red-m',
    sku: 'SHIRT-RED-M',
    attributes: [
      { name: 'color', value: { key: 'red', label: { en: 'Red' } } },
      { name: 'size', value: 40 },
      { name: 'organic', value: true },
      { name: 'title', value: { en: 'Red shirt', de: 'Rotes Hemd' } },
      { name: 'tags', value: ['summer', 'sale'] },
      {
        name: 'rrp',
        value: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 2500, fractionDigits: 2 },
      },
      { name: 'material', value: 'cotton' },
    ],
  },
  price: {
    value: { currencyCode: 'EUR', centAmount: 1999, fractionDigits: 2 },
    country: 'DE',
    channel: { id: 'ch-1', key: 'web' },
    customerGroup: { id: 'cg-1', key: 'b2b' },
  },
};

const matches = (source: string, input = INPUT) => compileProductPredicate(source).matches(input);

function errorOf(source: string): ApiError {
  try {
    compileProductPredicate(source);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`expected '${source}' to be refused`);
}

describe(compileProductPredicate.name, () => {
  it.each<[string, boolean]>([
    ['1 = 1', true],
    ['1=2', false],
    ['true', true],
    ['false', false],
    ['product.id = "p-1"', true],
    ['productId = "p-2"', false],
    ['product.key="shirt"', true],
    ['productKey != "shirt"', false],
    ['productType.id = "pt-1"', true],
    ['productType.key = "clothes"', true],
    ['productTypeKey in ("a", "clothes")', true],
    ['variant.id = 2', true],
    ['variantId >= 3', false],
    ['variant.key = "shirt-red-m"', true],
    ['sku = "SHIRT-RED-M"', true],
    ['sku in ("A", "B")', false],
    ['sku not in ("A", "B")', true],
    ['sku matches "SHIRT-.*"', true],
    ['sku matches "RED"', false],
    ['categories.id contains "c-shirts"', true],
    ['categories.id contains "c-men"', false],
    ['categoriesWithAncestors.id contains "c-men"', true],
    ['categoriesWithAncestors.key contains all ("men", "shirts")', true],
    ['categories.key contains any ("x", "shirts")', true],
    ['categories.key contains all ("men", "shirts")', false],
    ['categories.id is not empty', true],
    ['centAmount = 1999', true],
    ['price.centAmount > 2000', false],
    ['currency = "EUR"', true],
    ['price.currencyCode = "USD"', false],
    ['price = "19.99 EUR"', true],
    ['price > "19.98 EUR"', true],
    ['price >= "20 EUR"', false],
    ['price < "20.00 USD"', false],
    ['price in ("19.99 EUR", "5.00 EUR")', true],
    ['country = "DE"', true],
    ['price.country = "US"', false],
    ['channel.id = "ch-1"', true],
    ['price.channel.key = "web"', true],
    ['customerGroup.id = "cg-1"', true],
    ['customerGroup.key = "b2c"', false],
    ['attributes.color = "red"', true],
    ['attributes.color.key = "red"', true],
    ['attributes.color.label.en = "Red"', true],
    ['attributes.size > 38', true],
    ['attributes.size = 41', false],
    ['attributes.organic = true', true],
    ['attributes.title.de = "Rotes Hemd"', true],
    ['attributes.tags contains "sale"', true],
    ['attributes.tags contains all ("sale", "winter")', false],
    ['attributes.rrp = "25.00 EUR"', true],
    ['attributes.rrp > "25.00 USD"', false],
    ['attributes.material matches "cot.*"', true],
    ['attributes.missing = "x"', false],
    ['attributes.missing is defined', false],
    ['attributes.missing is not defined', true],
    ['attributes.color.constructor is defined', false],
    ['attributes.title.valueOf is not defined', true],
    ['attributes.size = "40"', false],
    ['sku = "SHIRT-RED-M" and country = "DE"', true],
    ['sku = "X" or country = "DE"', true],
    ['not (sku = "X")', true],
    ['not sku = "SHIRT-RED-M"', false],
    ['(sku = "X" or attributes.size = 40) and NOT (centAmount < 100)', true],
    ['product.key is defined and variant.key is defined', true],
  ])('%s is %s', (source, expected) => {
    expect(matches(source)).toBe(expected);
  });

  it('reads an absent key, channel or SKU as undefined, never as an error', () => {
    const bare: ProductPredicateInput = {
      product: { id: 'p', productType: { id: 't' }, categories: [], categoriesWithAncestors: [] },
      variant: { id: 1, attributes: [] },
      price: { value: { currencyCode: 'EUR', centAmount: 100 } },
    };
    expect(matches('sku = "x"', bare)).toBe(false);
    expect(matches('sku is not defined', bare)).toBe(true);
    expect(matches('channel.id = "x"', bare)).toBe(false);
    expect(matches('categories.id contains "x"', bare)).toBe(false);
    expect(matches('categories.id is empty', bare)).toBe(true);
    expect(matches('productType.key = "t"', bare)).toBe(false);
  });

  it.each<[string, number, number, RegExp]>([
    ['sku = ', 1, 7, /Unexpected end of input, expected field name/],
    ['sku == "x"', 1, 6, /Invalid input '=', expected field name, string/],
    ['skus = "x"', 1, 1, /Unknown field 'skus'/],
    ['constructor = "x"', 1, 1, /Unknown field 'constructor'/],
    ['valueOf is defined', 1, 1, /Unknown field 'valueOf'/],
    ['variant.id = "2"', 1, 14, /Expected a number, found string "2"/],
    ['sku = 3', 1, 7, /Expected a string, found number 3/],
    ['price = "10,00 EUR"', 1, 9, /Expected a money value such as "10.00 EUR"/],
    ['price > 10', 1, 9, /Expected a money value/],
    ['categories.id = "x"', 1, 1, /use 'contains'/],
    ['sku contains "x"', 1, 5, /'contains' needs a set of values/],
    ['categories.id contains 3', 1, 24, /Expected a string, found number 3/],
    ['sku matches "("', 1, 13, /Invalid regular expression/],
    ['lineItemCount(1) = 1', 1, 1, /Unknown function 'lineItemCount'/],
    ['sku = "x" and', 1, 14, /Unexpected end of input/],
    ['sku = "x"\n  or country = DE', 2, 16, /Unknown field 'DE'/],
    ['(sku = "x"', 1, 11, /expected and, or or '\)'/],
    ['sku = "x" country = "DE"', 1, 11, /Invalid input 'country', expected and or or/],
    ['attributes = 1', 1, 1, /Unknown field 'attributes'/],
    ['true < false', 1, 8, /Booleans cannot be compared/],
  ])('refuses %j at line %i, column %i', (source, line, column, message) => {
    const error = errorOf(source);
    expect(error.errors[0].code).toBe('InvalidInput');
    expect(error.errors[0].message).toMatch(message);
    expect(error.errors[0].message).toContain(`(line ${line}, column ${column})`);
    expect(error.errors[0].message).toMatch(/^Syntax error while parsing 'predicate'\./);
  });

  it('refuses an empty predicate and names the field it checks', () => {
    expect(errorOf('  ').errors[0].message).toContain("parsing 'predicate'");
    try {
      compileProductPredicate('sku ==', 'changePredicate.predicate');
    } catch (error) {
      expect((error as ApiError).errors[0].message).toContain("parsing 'changePredicate.predicate'");
    }
  });

  it('says which lookups its fields need', () => {
    expect(compileProductPredicate('sku = "x"').needs).toEqual({
      productTypeKey: false,
      categoryKeys: false,
      ancestors: false,
      channelKey: false,
      customerGroupKey: false,
    });
    const needs = compileProductPredicate(
      'productType.key = "a" or categoriesWithAncestors.id contains "c" or channel.key = "w" or customerGroup.key = "g" or categories.key contains "k"',
    ).needs;
    expect(needs).toEqual({
      productTypeKey: true,
      categoryKeys: true,
      ancestors: true,
      channelKey: true,
      customerGroupKey: true,
    });
  });
});

describe(productPredicateReferences.name, () => {
  it('lists the resources an id field names, once each', () => {
    expect(
      productPredicateReferences(
        'product.id = "p1" and (productType.id in ("t1", "t2") or categories.id contains any ("c1", "c1")) and channel.id = "ch" and customerGroup.id != "g" and sku = "p1"',
      ),
    ).toEqual([
      { typeId: 'product', id: 'p1' },
      { typeId: 'product-type', id: 't1' },
      { typeId: 'product-type', id: 't2' },
      { typeId: 'category', id: 'c1' },
      { typeId: 'channel', id: 'ch' },
      { typeId: 'customer-group', id: 'g' },
    ]);
  });
});

// ---- Properties ----

/** A random atomic predicate over the fixed input, written as source text, with its expected truth. */
const atom = fc.oneof(
  fc.integer({ min: 0, max: 4000 }).map((cents) => ({
    source: `centAmount < ${cents}`,
    truth: 1999 < cents,
  })),
  fc.constantFrom('SHIRT-RED-M', 'X', 'shirt').map((sku) => ({
    source: `sku = "${sku}"`,
    truth: sku === 'SHIRT-RED-M',
  })),
  fc.integer({ min: 0, max: 99 }).map((size) => ({
    source: `attributes.size >= ${size}`,
    truth: 40 >= size,
  })),
  fc.integer({ min: 0, max: 4000 }).map((cents) => {
    const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')} EUR`;
    return { source: `price <= "${text}"`, truth: 1999 <= cents };
  }),
  fc.constantFrom('c-shirts', 'c-men', 'c-x').map((id) => ({
    source: `categoriesWithAncestors.id contains "${id}"`,
    truth: id !== 'c-x',
  })),
);

type Expr = { source: string; truth: boolean };
const expression: fc.Arbitrary<Expr> = fc.letrec<{ expr: Expr }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    atom,
    fc.tuple(tie('expr'), tie('expr')).map(([a, b]) => ({
      source: `(${a.source}) and (${b.source})`,
      truth: a.truth && b.truth,
    })),
    fc.tuple(tie('expr'), tie('expr')).map(([a, b]) => ({
      source: `(${a.source}) or (${b.source})`,
      truth: a.truth || b.truth,
    })),
    tie('expr').map((a) => ({ source: `not (${a.source})`, truth: !a.truth })),
  ),
})).expr;

describe('product predicate properties', () => {
  it('evaluates every combination of and, or and not as boolean logic does', () => {
    fc.assert(
      fc.property(expression, ({ source, truth }) => {
        expect(matches(source)).toBe(truth);
      }),
      { numRuns: 300 },
    );
  });

  it('reads `x in (a, b)` as `x = a or x = b`', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('SHIRT-RED-M', 'A', 'B', 'C'), { minLength: 1, maxLength: 4 }),
        (skus) => {
          const list = skus.map((sku) => `"${sku}"`).join(', ');
          const ors = skus.map((sku) => `sku = ${JSON.stringify(sku)}`).join(' or ');
          expect(matches(`sku in (${list})`)).toBe(matches(ors));
          expect(matches(`sku not in (${list})`)).toBe(!matches(ors));
        },
      ),
    );
  });

  it('orders money literals as their amounts, whatever their number of decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 3 }), (units, extra) => {
        const text = `${Math.floor(units / 100)}.${String(units % 100).padStart(2, '0')}${'0'.repeat(extra)}`;
        const input = {
          ...INPUT,
          price: { value: { currencyCode: 'EUR', centAmount: units, fractionDigits: 2 } },
        };
        expect(matches(`price = "${text} EUR"`, input)).toBe(true);
        expect(matches(`price < "${text} EUR"`, input)).toBe(false);
      }),
    );
  });

  it('either compiles any text or refuses it with InvalidInput at a position inside it', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.stringMatching(/^[a-zA-Z. ="()0-9<>!,]{0,40}$/),
          expression.map((e) => e.source.slice(0, Math.max(1, e.source.length - 3))),
        ),
        (source) => {
          try {
            compileProductPredicate(source).matches(INPUT);
          } catch (error) {
            expect(error).toBeInstanceOf(ApiError);
            const message = (error as ApiError).errors[0].message;
            expect((error as ApiError).errors[0].code).toBe('InvalidInput');
            const position = /\(line (\d+), column (\d+)\)/.exec(message);
            if (source.trim() !== '') {
              expect(position).not.toBeNull();
              const lines = source.split('\n');
              const line = Number(position![1]);
              expect(line).toBeLessThanOrEqual(lines.length);
              expect(Number(position![2])).toBeLessThanOrEqual(lines[line - 1].length + 1);
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
