import {
  compareMoney,
  holds,
  moneyLiteralOf,
  parseDiscountPredicate,
  pathText,
  predicateError,
  type ComparisonOp,
  type Condition,
  type MoneyLiteral,
  type Operand,
} from './discount-predicate-syntax.js';

// The product discount predicate language (checkout facts 7; the live API's "ProductDiscount predicate"
// identifiers): a pure function of one product, one of its variants and one of that variant's prices.
// `compileProductPredicate` parses and checks a predicate once (write time: anything it cannot evaluate is
// refused with the position) and returns an evaluator that never throws.

/** A resource named by a predicate, with its key when the caller knows it. */
export interface PredicateRef {
  id: string;
  key?: string;
}

/** What a product discount predicate sees: the product, the variant and the price being discounted. */
export interface ProductPredicateInput {
  product: {
    id: string;
    key?: string;
    productType: PredicateRef;
    categories: readonly PredicateRef[];
    /** The categories and all their ancestors. */
    categoriesWithAncestors: readonly PredicateRef[];
  };
  variant: {
    id: number;
    key?: string;
    sku?: string;
    /** The variant's attributes and the product's own (product-level) attributes. */
    attributes: ReadonlyArray<{ name: string; value: unknown }>;
  };
  price: {
    value: { currencyCode: string; centAmount: number; fractionDigits?: number };
    country?: string;
    channel?: PredicateRef;
    customerGroup?: PredicateRef;
  };
}

/** Which lookups an input needs: a compiled predicate says so, so the caller reads keys only when used. */
export interface ProductPredicateNeeds {
  productTypeKey: boolean;
  categoryKeys: boolean;
  ancestors: boolean;
  channelKey: boolean;
  customerGroupKey: boolean;
}

export interface ProductPredicate {
  source: string;
  needs: ProductPredicateNeeds;
  matches(input: ProductPredicateInput): boolean;
}

type FieldType = 'string' | 'number' | 'money' | 'stringSet' | 'dynamic';
type Value =
  string | number | boolean | MoneyLiteral | null | undefined | unknown[] | Record<string, unknown>;
type Getter = (input: ProductPredicateInput) => Value;

interface FieldDef {
  type: FieldType;
  get: Getter;
  need?: keyof ProductPredicateNeeds;
}

const ids = (refs: readonly PredicateRef[]) => refs.map((ref) => ref.id);
const keys = (refs: readonly PredicateRef[]) =>
  refs.flatMap((ref) => (ref.key !== undefined ? [ref.key] : []));
const moneyOf = (value: ProductPredicateInput['price']['value']): MoneyLiteral => ({
  amount: BigInt(value.centAmount),
  scale: value.fractionDigits ?? 2,
  currency: value.currencyCode,
});

const PRICE_FIELDS: Record<string, FieldDef> = {
  centAmount: { type: 'number', get: (i) => i.price.value.centAmount },
  currencyCode: { type: 'string', get: (i) => i.price.value.currencyCode },
  currency: { type: 'string', get: (i) => i.price.value.currencyCode },
  country: { type: 'string', get: (i) => i.price.country },
  'channel.id': { type: 'string', get: (i) => i.price.channel?.id },
  'channel.key': { type: 'string', get: (i) => i.price.channel?.key, need: 'channelKey' },
  'customerGroup.id': { type: 'string', get: (i) => i.price.customerGroup?.id },
  'customerGroup.key': { type: 'string', get: (i) => i.price.customerGroup?.key, need: 'customerGroupKey' },
};

/** Every field but `attributes.*`, by its dotted name (the old spellings `productId`, ... included). */
const FIELDS: Record<string, FieldDef> = {
  'product.id': { type: 'string', get: (i) => i.product.id },
  productId: { type: 'string', get: (i) => i.product.id },
  'product.key': { type: 'string', get: (i) => i.product.key },
  productKey: { type: 'string', get: (i) => i.product.key },
  'productType.id': { type: 'string', get: (i) => i.product.productType.id },
  productTypeId: { type: 'string', get: (i) => i.product.productType.id },
  'productType.key': { type: 'string', get: (i) => i.product.productType.key, need: 'productTypeKey' },
  productTypeKey: { type: 'string', get: (i) => i.product.productType.key, need: 'productTypeKey' },
  'variant.id': { type: 'number', get: (i) => i.variant.id },
  variantId: { type: 'number', get: (i) => i.variant.id },
  'variant.key': { type: 'string', get: (i) => i.variant.key },
  variantKey: { type: 'string', get: (i) => i.variant.key },
  sku: { type: 'string', get: (i) => i.variant.sku },
  'categories.id': { type: 'stringSet', get: (i) => ids(i.product.categories) },
  'categories.key': { type: 'stringSet', get: (i) => keys(i.product.categories), need: 'categoryKeys' },
  'categoriesWithAncestors.id': {
    type: 'stringSet',
    get: (i) => ids(i.product.categoriesWithAncestors),
    need: 'ancestors',
  },
  'categoriesWithAncestors.key': {
    type: 'stringSet',
    get: (i) => keys(i.product.categoriesWithAncestors),
    need: 'ancestors',
  },
  price: { type: 'money', get: (i) => moneyOf(i.price.value) },
  ...PRICE_FIELDS,
  ...Object.fromEntries(Object.entries(PRICE_FIELDS).map(([name, def]) => [`price.${name}`, def])),
};

/** The field names a predicate may use (`attributes.<name>` besides), for documentation and tests. */
export const PRODUCT_PREDICATE_FIELDS: readonly string[] = Object.keys(FIELDS);

type Eval = (input: ProductPredicateInput) => boolean;

/**
 * Parses and checks a product discount predicate. Unknown fields, values of the wrong type, malformed money
 * literals and regular expressions, and unknown functions are `InvalidInput` with the line and column.
 */
export function compileProductPredicate(source: string, field = 'predicate'): ProductPredicate {
  const condition = parseDiscountPredicate(source, field);
  const needs: ProductPredicateNeeds = {
    productTypeKey: false,
    categoryKeys: false,
    ancestors: false,
    channelKey: false,
    customerGroupKey: false,
  };
  const compiler = new Compiler(source, field, needs);
  const evaluate = compiler.condition(condition);
  return {
    source,
    needs,
    matches: (input) => {
      try {
        return evaluate(input);
      } catch {
        return false;
      }
    },
  };
}

/** The value a compiled operand yields, with its static type (`dynamic` for attributes). */
interface Compiled {
  type: FieldType | 'boolean' | 'list';
  get: Getter;
  offset: number;
  /** For a literal: its text, so errors can name it. */
  literal?: string;
  /** For a list: its items. */
  items?: Compiled[];
}

class Compiler {
  constructor(
    private readonly source: string,
    private readonly field: string,
    private readonly needs: ProductPredicateNeeds,
  ) {}

  condition(condition: Condition): Eval {
    switch (condition.kind) {
      case 'and': {
        const parts = condition.operands.map((c) => this.condition(c));
        return (input) => parts.every((part) => part(input));
      }
      case 'or': {
        const parts = condition.operands.map((c) => this.condition(c));
        return (input) => parts.some((part) => part(input));
      }
      case 'not': {
        const inner = this.condition(condition.operand);
        return (input) => !inner(input);
      }
      case 'value': {
        const value = this.operand(condition.operand);
        if (value.type !== 'boolean' && value.type !== 'dynamic') {
          throw this.error(condition.offset, 'Expected a condition, found a value that is not a boolean');
        }
        return (input) => value.get(input) === true;
      }
      case 'compare':
        return this.compare(condition.operator, condition.left, condition.right);
      case 'in': {
        const test = this.inList(condition.left, condition.right, condition.offset);
        return condition.negated ? (input) => !test(input) : test;
      }
      case 'contains':
        return this.contains(condition.mode, condition.left, condition.right, condition.offset);
      case 'matches':
        return this.matches(condition.left, condition.right, condition.offset);
      case 'is': {
        const value = this.operand(condition.operand);
        if (value.literal !== undefined) {
          throw this.error(condition.offset, `'is ${condition.test}' needs a field, found a literal`);
        }
        const test =
          condition.test === 'defined'
            ? (input: ProductPredicateInput) => defined(value.get(input))
            : (input: ProductPredicateInput) => isEmpty(value.get(input));
        return condition.negated ? (input) => !test(input) : test;
      }
    }
  }

  private operand(operand: Operand): Compiled {
    switch (operand.kind) {
      case 'string': {
        const value = operand.value;
        return { type: 'string', get: () => value, offset: operand.offset, literal: JSON.stringify(value) };
      }
      case 'number': {
        const value = operand.value;
        return { type: 'number', get: () => value, offset: operand.offset, literal: operand.text };
      }
      case 'boolean': {
        const value = operand.value;
        return { type: 'boolean', get: () => value, offset: operand.offset, literal: String(value) };
      }
      case 'list': {
        const items = operand.items.map((item) => this.operand(item));
        return {
          type: 'list',
          get: (i) => items.map((item) => item.get(i)),
          offset: operand.offset,
          items,
          literal: '(...)',
        };
      }
      case 'call':
      case 'predicateCall':
        throw this.error(
          operand.offset,
          `Unknown function '${operand.name}' in a product discount predicate`,
        );
      case 'path':
        return this.path(operand.segments, operand.offset);
    }
  }

  private path(segments: string[], offset: number): Compiled {
    const name = pathText(segments);
    const def = Object.hasOwn(FIELDS, name) ? FIELDS[name] : undefined;
    if (def) {
      if (def.need) this.needs[def.need] = true;
      return { type: def.type, get: def.get, offset };
    }
    if (segments[0] === 'attributes' && segments.length >= 2) {
      const [, attribute, ...rest] = segments;
      return { type: 'dynamic', get: (input) => attributeValue(input, attribute, rest), offset };
    }
    throw this.error(offset, `Unknown field '${name}' in a product discount predicate`);
  }

  private compare(operator: ComparisonOp, leftOperand: Operand, rightOperand: Operand): Eval {
    const left = this.operand(leftOperand);
    const right = this.operand(rightOperand);
    if (left.type === 'list' || right.type === 'list') {
      throw this.error(right.offset, `A list cannot be compared with '${operator}'; use 'in'`);
    }
    if (left.type === 'stringSet' || right.type === 'stringSet') {
      throw this.error(left.offset, `A set of values cannot be compared with '${operator}'; use 'contains'`);
    }
    const ordered = operator !== '=' && operator !== '!=';
    if (left.type === 'money' || right.type === 'money') {
      const literal = left.type === 'money' ? right : left;
      const money = this.moneyLiteral(literal);
      const field = left.type === 'money' ? left : right;
      const flip = left.type !== 'money';
      return (input) => {
        const value = field.get(input) as MoneyLiteral | undefined;
        if (!value || value.currency !== money.currency) return false;
        const order = compareMoney(value, money);
        return holds(operator, flip ? -order : order);
      };
    }
    if (left.type !== 'dynamic' && right.type !== 'dynamic') {
      this.requireSame(left, right);
      if (ordered && left.type === 'boolean') {
        throw this.error(right.offset, `Booleans cannot be compared with '${operator}'`);
      }
    }
    return (input) => compareValues(left.get(input), operator, right.get(input));
  }

  private inList(leftOperand: Operand, rightOperand: Operand, offset: number): Eval {
    const left = this.operand(leftOperand);
    const right = this.operand(rightOperand);
    if (left.type === 'list') throw this.error(left.offset, `Expected a field before 'in', found a list`);
    if (left.type === 'stringSet') {
      throw this.error(offset, `'in' needs a single value; a set of values takes 'contains any'`);
    }
    for (const item of right.items ?? []) this.requireSame(left, item);
    const items = right.items ?? [];
    if (left.type === 'money') {
      const monies = items.map((item) => this.moneyLiteral(item));
      return (input) => {
        const value = left.get(input) as MoneyLiteral;
        return monies.some((m) => m.currency === value.currency && compareMoney(value, m) === 0);
      };
    }
    return (input) => {
      const value = left.get(input);
      return items.some((item) => compareValues(value, '=', item.get(input)));
    };
  }

  private contains(
    mode: 'one' | 'any' | 'all',
    leftOperand: Operand,
    rightOperand: Operand,
    offset: number,
  ): Eval {
    const left = this.operand(leftOperand);
    const right = this.operand(rightOperand);
    if (left.type !== 'stringSet' && left.type !== 'dynamic') {
      throw this.error(
        offset,
        `'contains' needs a set of values (categories, a set attribute), found ${left.type}`,
      );
    }
    const wanted = mode === 'one' ? [right] : (right.items ?? []);
    for (const item of wanted) {
      if (item.type === 'list') throw this.error(item.offset, `Expected a value, found a list`);
      if (left.type === 'stringSet' && item.type !== 'string') {
        throw this.error(item.offset, `Expected a string, found ${item.type} ${item.literal ?? ''}`.trim());
      }
    }
    return (input) => {
      const value = left.get(input);
      const elements = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
      const has = (item: Compiled) => {
        const target = item.get(input);
        return elements.some((element) => compareValues(element, '=', target));
      };
      return mode === 'all' ? wanted.every(has) : wanted.some(has);
    };
  }

  private matches(leftOperand: Operand, rightOperand: Operand, offset: number): Eval {
    const left = this.operand(leftOperand);
    const right = this.operand(rightOperand);
    if (left.type !== 'string' && left.type !== 'dynamic') {
      throw this.error(offset, `'matches' needs a text field, found ${left.type}`);
    }
    if (right.type !== 'string' || right.literal === undefined) {
      throw this.error(right.offset, `'matches' needs a regular expression in a string`);
    }
    let pattern: RegExp;
    try {
      pattern = new RegExp(`^(?:${right.get({} as ProductPredicateInput) as string})$`, 'u');
    } catch (error) {
      throw this.error(right.offset, `Invalid regular expression: ${(error as Error).message}`);
    }
    return (input) => {
      const value = left.get(input);
      return typeof value === 'string' && pattern.test(value);
    };
  }

  /** Both sides of a comparison have one type (numbers with numbers, text with text). */
  private requireSame(left: Compiled, right: Compiled): void {
    if (left.type === 'dynamic' || right.type === 'dynamic') return;
    if (left.type === 'money' || right.type === 'money') {
      const literal = left.type === 'money' ? right : left;
      this.moneyLiteral(literal);
      return;
    }
    if (left.type !== right.type) {
      const wrong = left.literal !== undefined && right.literal === undefined ? left : right;
      const expected = wrong === left ? right.type : left.type;
      throw this.error(
        wrong.offset,
        `Expected a ${expected}, found ${wrong.type} ${wrong.literal ?? ''}`.trim(),
      );
    }
  }

  private moneyLiteral(operand: Compiled): MoneyLiteral {
    const text =
      operand.type === 'string' && operand.literal !== undefined
        ? (operand.get({} as ProductPredicateInput) as string)
        : undefined;
    const money = text === undefined ? undefined : moneyLiteralOf(text);
    if (!money) {
      throw this.error(
        operand.offset,
        `Expected a money value such as "10.00 EUR", found ${operand.literal ?? 'a field'}`,
      );
    }
    return money;
  }

  private error(offset: number, detail: string) {
    return predicateError(this.field, this.source, offset, detail);
  }
}

function defined(value: Value): boolean {
  return value !== undefined && value !== null;
}

function isEmpty(value: Value): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'string') return value.length === 0;
  return false;
}

/**
 * An attribute's value along the rest of the path: `attributes.color` is an enum's key, `attributes.color.label`
 * its label, `attributes.name.en` a localized text's English, `attributes.ref.id` a reference's id; a money
 * attribute compares with money literals. Undefined when the variant lacks it.
 */
function attributeValue(input: ProductPredicateInput, name: string, rest: string[]): Value {
  const attribute = input.variant.attributes.find((a) => a.name === name);
  if (!attribute) return undefined;
  return navigate(attribute.value, rest);
}

function navigate(value: unknown, rest: string[]): Value {
  if (Array.isArray(value)) return value.map((element) => navigate(element, rest));
  if (rest.length === 0) return scalarOf(value);
  if (value === null || typeof value !== 'object' || !Object.hasOwn(value, rest[0])) return undefined;
  return navigate((value as Record<string, unknown>)[rest[0]], rest.slice(1));
}

/** An enum stands for its key, money for a money value; other objects stay as they are. */
function scalarOf(value: unknown): Value {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    if (typeof record.key === 'string' && 'label' in record) return record.key;
    if (typeof record.currencyCode === 'string' && typeof record.centAmount === 'number') {
      return {
        amount: BigInt(record.centAmount),
        scale: typeof record.fractionDigits === 'number' ? record.fractionDigits : 2,
        currency: record.currencyCode,
      } satisfies MoneyLiteral;
    }
    if (typeof record.id === 'string' && typeof record.typeId === 'string') return record.id;
  }
  return value as Value;
}

function isMoney(value: unknown): value is MoneyLiteral {
  return value !== null && typeof value === 'object' && typeof (value as MoneyLiteral).amount === 'bigint';
}

/** A comparison of two runtime values: same type only (numbers, text, booleans, money); anything else fails. */
function compareValues(left: unknown, operator: ComparisonOp, right: unknown): boolean {
  if (Array.isArray(left)) return left.some((element) => compareValues(element, operator, right));
  if (left === undefined || left === null || right === undefined || right === null) return false;
  if (isMoney(left) || isMoney(right)) {
    const a = isMoney(left) ? left : typeof left === 'string' ? moneyLiteralOf(left) : undefined;
    const b = isMoney(right) ? right : typeof right === 'string' ? moneyLiteralOf(right) : undefined;
    if (!a || !b || a.currency !== b.currency) return false;
    return holds(operator, compareMoney(a, b));
  }
  if (typeof left !== typeof right) return false;
  if (typeof left === 'boolean') {
    if (operator === '=') return left === right;
    if (operator === '!=') return left !== right;
    return false;
  }
  if (typeof left === 'number' || typeof left === 'string') {
    const order = left < (right as typeof left) ? -1 : left > (right as typeof left) ? 1 : 0;
    return holds(operator, order);
  }
  return false;
}

const REFERENCE_FIELDS: Record<string, string> = {
  'product.id': 'product',
  productId: 'product',
  'productType.id': 'product-type',
  productTypeId: 'product-type',
  'categories.id': 'category',
  'categoriesWithAncestors.id': 'category',
  'channel.id': 'channel',
  'price.channel.id': 'channel',
  'customerGroup.id': 'customer-group',
  'price.customerGroup.id': 'customer-group',
};

/**
 * The resources a (valid) predicate names by id, as `ProductDiscount.references` lists them: every string
 * compared with, listed for or contained in an id field of a product, product type, category, channel or
 * customer group, once each.
 */
export function productPredicateReferences(source: string): Array<{ typeId: string; id: string }> {
  const found = new Map<string, { typeId: string; id: string }>();
  const visit = (condition: Condition): void => {
    switch (condition.kind) {
      case 'and':
      case 'or':
        condition.operands.forEach(visit);
        return;
      case 'not':
        visit(condition.operand);
        return;
      case 'compare':
      case 'in':
      case 'contains': {
        const [field, values] =
          condition.left.kind === 'path'
            ? [condition.left, condition.right]
            : [condition.right, condition.left];
        if (field.kind !== 'path') return;
        const typeId = REFERENCE_FIELDS[pathText(field.segments)];
        if (!typeId) return;
        const strings = values.kind === 'list' ? values.items : [values];
        for (const value of strings) {
          if (value.kind === 'string') found.set(`${typeId}:${value.value}`, { typeId, id: value.value });
        }
        return;
      }
      case 'matches':
      case 'is':
      case 'value':
        return;
    }
  };
  visit(parseDiscountPredicate(source));
  return [...found.values()];
}
