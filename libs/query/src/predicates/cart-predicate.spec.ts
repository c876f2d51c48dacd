import { ApiError } from '@commerce/errors';
import fc from 'fast-check';
import {
  compileCartPredicate,
  compileItemPredicate,
  parseCartPredicate,
  type CartPredicateKind,
  type CartPredicateSubject,
  type ItemPredicateSubject,
} from './cart-predicate.js';

const eur = (centAmount: number) => ({
  type: 'centPrecision',
  currencyCode: 'EUR',
  centAmount,
  fractionDigits: 2,
});

const shirt: ItemPredicateSubject = {
  id: 'li-1',
  sku: 'shirt-m',
  productId: 'p-shirt',
  productKey: 'shirt',
  productType: { typeId: 'product-type', id: 'pt-1', key: 'apparel' },
  categories: [
    { typeId: 'category', id: 'c-men', key: 'men' },
    { typeId: 'category', id: 'c-sale', key: 'sale' },
  ],
  attributes: { size: 'M', color: { key: 'red', label: 'Red' }, weight: 250, organic: true },
  name: { en: 'Shirt' },
  price: eur(1999),
  totalPrice: eur(3998),
  taxedPrice: { totalNet: eur(3360), totalGross: eur(3998) },
  quantity: 2,
  lineItemMode: 'Standard',
  custom: { engraving: 'hi' },
};
const socks: ItemPredicateSubject = {
  id: 'li-2',
  sku: 'socks',
  productId: 'p-socks',
  productType: { typeId: 'product-type', id: 'pt-1', key: 'apparel' },
  categories: [{ typeId: 'category', id: 'c-men', key: 'men' }],
  attributes: { size: 'L' },
  price: eur(500),
  totalPrice: eur(1500),
  taxedPrice: { totalNet: eur(1261), totalGross: eur(1500) },
  quantity: 3,
  lineItemMode: 'Standard',
};
const engraving: ItemPredicateSubject = {
  id: 'cli-1',
  slug: 'engraving',
  name: { en: 'Engraving' },
  money: eur(300),
  totalPrice: eur(300),
  quantity: 1,
};

const cart: CartPredicateSubject = {
  currency: 'EUR',
  country: 'DE',
  customerId: 'cust-1',
  customerEmail: 'jane@example.com',
  customerGroup: { typeId: 'customer-group', id: 'cg-1', key: 'vip' },
  shippingAddress: { country: 'DE', city: 'Berlin' },
  totalPrice: eur(5798),
  totalLineItemQuantity: 5,
  origin: 'Customer',
  custom: { channel: 'web', score: 7 },
  lineItems: [shirt, socks],
  customLineItems: [engraving],
};

describe(compileCartPredicate.name, () => {
  it.each<[string, boolean]>([
    ['1 = 1', true],
    ['1 = 2', false],
    ['true', true],
    ['false', false],
    ['country = "DE"', true],
    ['country="DE"', true],
    ['country = "AT"', false],
    ['country != "AT"', true],
    ['country in ("AT", "DE")', true],
    ['country not in ("AT", "DE")', false],
    ['currency = "EUR"', true],
    ['customerEmail = "jane@example.com"', true],
    ['customerGroup.key = "vip"', true],
    ['customerGroup.id = "cg-1"', true],
    ['customerGroup = "vip"', true],
    ['shippingAddress.country = "DE" and shippingAddress.city = "Berlin"', true],
    ['billingAddress.country = "DE"', false],
    ['billingAddress is not defined', true],
    ['billingAddress is defined', false],
    ['shippingAddress is defined', true],
    ['totalPrice > "50.00 EUR"', true],
    ['totalPrice >= "57.98 EUR"', true],
    ['totalPrice > "57.98 EUR"', false],
    ['totalPrice < "100 EUR"', true],
    ['totalPrice = "57.980 EUR"', true],
    ['totalPrice > "1.00 USD"', false],
    ['totalPrice.centAmount = 5798', true],
    ['totalLineItemQuantity >= 5', true],
    ['custom.channel = "web"', true],
    ['custom.score > 5', true],
    ['custom.missing = "x"', false],
    ['custom.missing is not defined', true],
    ['not (country = "DE")', false],
    ['not country = "AT"', true],
    ['country = "AT" or custom.score = 7', true],
    ['(country = "AT" or country = "DE") and totalLineItemQuantity > 4', true],
    ['lineItemCount(1 = 1) = 5', true],
    ['lineItemCount(sku = "socks") = 3', true],
    ['lineItemCount(sku = "none") = 0', true],
    ['lineItemTotal(1 = 1) = "54.98 EUR"', true],
    ['lineItemTotal(sku = "shirt-m") > "39.97 EUR"', true],
    ['lineItemTotal(sku = "shirt-m") > "39.98 EUR"', false],
    ['lineItemTotal(sku = "none") = "0 EUR"', true],
    ['lineItemNetTotal(1 = 1) = "46.21 EUR"', true],
    ['lineItemGrossTotal(1 = 1) = "54.98 EUR"', true],
    ['lineItemExists(attributes.size = "L")', true],
    ['lineItemExists(attributes.size = "XL")', false],
    ['lineItemExists(attributes.color = "red")', true],
    ['lineItemExists(attributes.color.key = "red")', true],
    ['lineItemExists(categories.key contains "sale")', true],
    ['lineItemExists(categories.id contains any ("c-x", "c-sale"))', true],
    ['lineItemExists(categories.id contains all ("c-men", "c-sale"))', true],
    ['forAllLineItems(categories.key contains "men")', true],
    ['forAllLineItems(categories.key contains "sale")', false],
    ['lineItemExists(productType.key = "apparel") and lineItemCount(quantity > 2) = 3', true],
    ['customLineItemExists(slug = "engraving")', true],
    ['customLineItemCount(1 = 1) = 1', true],
    ['customLineItemTotal(1 = 1) = "3.00 EUR"', true],
    ['customLineItemExists(slug = "gift-wrap")', false],
    ['forAllCustomLineItems(money < "5 EUR")', true],
    ['country = "DE" AND country = "DE"', true],
  ])('%s -> %s', (source, expected) => {
    expect(compileCartPredicate(source).matches(cart)).toBe(expected);
  });
});

describe(compileItemPredicate.name, () => {
  it.each<[string, ItemPredicateSubject, boolean]>([
    ['sku = "shirt-m"', shirt, true],
    ['sku = "shirt-m"', socks, false],
    ['sku in ("socks", "shoes")', socks, true],
    ['productId = "p-shirt"', shirt, true],
    ['productKey = "shirt"', shirt, true],
    ['productType.id = "pt-1"', socks, true],
    ['price > "19.98 EUR"', shirt, true],
    ['price > "19.99 EUR"', shirt, false],
    ['price.centAmount = 500', socks, true],
    ['totalPrice = "15.00 EUR"', socks, true],
    ['quantity >= 2', shirt, true],
    ['quantity > 3', socks, false],
    ['attributes.weight > 200', shirt, true],
    ['attributes.organic = true', shirt, true],
    ['attributes.organic = true', socks, false],
    ['attributes.size != "M"', socks, true],
    ['categories.id contains "c-sale"', shirt, true],
    ['categories.id contains "c-sale"', socks, false],
    ['categories is not empty', socks, true],
    ['categories.constructor is defined', socks, false],
    ['custom.valueOf is defined', shirt, false],
    ['custom.engraving = "hi"', shirt, true],
    ['custom.engraving is defined', socks, false],
    ['name.en = "Shirt"', shirt, true],
    ['lineItemMode = "Standard"', shirt, true],
    ['1 = 1', socks, true],
  ])('%s (case %#)', (source, item, expected) => {
    expect(compileItemPredicate(source, 'lineItem').matches(item)).toBe(expected);
  });

  it('reads custom line item fields', () => {
    expect(
      compileItemPredicate('slug = "engraving" and money = "3.00 EUR"', 'customLineItem').matches(engraving),
    ).toBe(true);
    expect(compileItemPredicate('quantity > 1', 'customLineItem').matches(engraving)).toBe(false);
  });
});

function errorOf(source: string, kind: CartPredicateKind = 'cart'): ApiError {
  try {
    parseCartPredicate(source, kind);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`expected '${source}' to be refused`);
}

describe('refused predicates', () => {
  it.each<[string, CartPredicateKind, string]>([
    ['', 'cart', 'the predicate is empty'],
    [
      'country =',
      'cart',
      "Unexpected end of input, expected field name, string, number, true, false or '(' (line 1, column 10)",
    ],
    [
      'country = "DE" and',
      'cart',
      'Unexpected end of input, expected field name, string, number, true or false (line 1, column 19)',
    ],
    [
      'country "DE"',
      'cart',
      `Invalid input '"DE"', expected comparison operator, in, not in, contains, is, and or or (line 1, column 9)`,
    ],
    ['colour = "red"', 'cart', "The field 'colour' is not known in a cart predicate (line 1, column 1)"],
    ['sku = "x"', 'cart', "The field 'sku' is not known in a cart predicate (line 1, column 1)"],
    ['slug = "x"', 'lineItem', "The field 'slug' is not known in a line item predicate"],
    [
      'lineItemTotall(1 = 1) > "1.00 EUR"',
      'cart',
      "The function 'lineItemTotall' is not known (line 1, column 1)",
    ],
    ['lineItemCount(1 = 1) > 1', 'lineItem', 'applies to carts, not to items'],
    [
      'lineItemTotal(1 = 1) > "ten EUR"',
      'cart',
      `'ten EUR' is no money literal such as "10.00 EUR" (line 1, column 24)`,
    ],
    [
      'lineItemTotal(1 = 1) > 10',
      'cart',
      'A money value compares with a money literal such as "10.00 EUR" (line 1, column 24)',
    ],
    [
      'lineItemCount(sku = ) > 1',
      'cart',
      "Invalid input ')', expected field name, string, number, true, false or '(' (line 1, column 21)",
    ],
    ['country = :c', 'cart', "Input variables such as ':c' are not part of the language (line 1, column 11)"],
    ['(country = "DE"', 'cart', "Unexpected end of input, expected and, or or ')' (line 1, column 16)"],
    ['country = "DE")', 'cart', "Invalid input ')', expected and or or (line 1, column 15)"],
    ['country is "x"', 'cart', 'Invalid input \'"x"\', expected not, defined or empty (line 1, column 12)'],
    ['country = "DE"\nand # = 1', 'cart', 'line 2, column 5'],
    ['country = "unterminated', 'cart', 'Unexpected end of input'],
    [
      'country',
      'cart',
      'expected comparison operator, in, not in, contains, is, and or or (line 1, column 8)',
    ],
    [
      'lineItemCount(1 = 1)',
      'cart',
      'expected comparison operator, in, not in, contains, is, and or or (line 1, column 21)',
    ],
    ['sku matches "x.*"', 'lineItem', "Invalid input 'matches', expected comparison operator"],
  ])('%j (%s)', (source, kind, message) => {
    const error = errorOf(source, kind);
    expect(error.code).toBe('InvalidInput');
    expect(error.message).toContain(message);
    // One grammar for every discount predicate: the same error as the product discount predicate's.
    if (source) expect(error.message).toMatch(/^Syntax error while parsing '(cartPredicate|predicate)'\. /);
  });

  it('refuses nesting beyond the limit', () => {
    expect(errorOf(`${'('.repeat(50)}1 = 1${')'.repeat(50)}`).message).toContain('nests deeper');
  });
});

describe('properties', () => {
  const cents = fc.integer({ min: -10_000_000, max: 10_000_000 });
  const literalOf = (centAmount: number) => {
    const sign = centAmount < 0 ? '-' : '';
    const abs = Math.abs(centAmount);
    return `"${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')} EUR"`;
  };
  const subject = (centAmount: number): CartPredicateSubject => ({
    currency: 'EUR',
    totalPrice: eur(centAmount),
    lineItems: [],
    customLineItems: [],
  });

  it('money comparisons agree with integer comparisons of the cents', () => {
    fc.assert(
      fc.property(cents, cents, fc.constantFrom('=', '!=', '<', '<=', '>', '>='), (a, b, op) => {
        const expected = { '=': a === b, '!=': a !== b, '<': a < b, '<=': a <= b, '>': a > b, '>=': a >= b }[
          op
        ];
        expect(compileCartPredicate(`totalPrice ${op} ${literalOf(b)}`).matches(subject(a))).toBe(expected);
      }),
    );
  });

  it('not, and, or follow boolean logic', () => {
    const atom = fc.constantFrom('1 = 1', '1 = 2', 'country = "DE"', 'country = "AT"');
    const truth: Record<string, boolean> = {
      '1 = 1': true,
      '1 = 2': false,
      'country = "DE"': true,
      'country = "AT"': false,
    };
    fc.assert(
      fc.property(atom, atom, atom, (a, b, c) => {
        const matches = (source: string) => compileCartPredicate(source).matches(cart);
        expect(matches(`${a} and (${b} or ${c})`)).toBe(truth[a] && (truth[b] || truth[c]));
        expect(matches(`not (${a}) or ${b}`)).toBe(!truth[a] || truth[b]);
        expect(matches(`${a} or ${b} and ${c}`)).toBe(truth[a] || (truth[b] && truth[c]));
      }),
    );
  });

  it('lineItemCount and lineItemTotal add up what their predicate selects', () => {
    const item = fc.record({
      quantity: fc.integer({ min: 1, max: 50 }),
      cents: fc.integer({ min: 0, max: 100_000 }),
      sale: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 8 }), (items) => {
        const lineItems = items.map((entry, index) => ({
          id: `li-${index}`,
          quantity: entry.quantity,
          totalPrice: eur(entry.cents),
          categories: entry.sale ? [{ typeId: 'category', id: 'sale' }] : [],
        }));
        const selected = items.filter((entry) => entry.sale);
        const count = selected.reduce((sum, entry) => sum + entry.quantity, 0);
        const total = selected.reduce((sum, entry) => sum + entry.cents, 0);
        const subjectCart: CartPredicateSubject = { currency: 'EUR', lineItems, customLineItems: [] };
        expect(
          compileCartPredicate(`lineItemCount(categories.id contains "sale") = ${count}`).matches(
            subjectCart,
          ),
        ).toBe(true);
        expect(
          compileCartPredicate(`lineItemTotal(categories.id contains "sale") = ${literalOf(total)}`).matches(
            subjectCart,
          ),
        ).toBe(true);
        expect(
          compileCartPredicate('lineItemExists(categories.id contains "sale")').matches(subjectCart),
        ).toBe(selected.length > 0);
      }),
    );
  });

  it('never throws anything but InvalidInput on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (source) => {
        try {
          compileCartPredicate(source).matches(cart);
        } catch (error) {
          expect(error).toBeInstanceOf(ApiError);
          expect((error as ApiError).code).toBe('InvalidInput');
        }
      }),
    );
  });
});
