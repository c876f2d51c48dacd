import {
  CART_FUNCTIONS,
  type CartFunctionName,
  type CartOperand,
  type CartPredicateComparison,
  type CartPredicateKind,
  type CartPredicateNode,
} from './cart-predicate-ast.js';
import { parseCartPredicate } from './cart-predicate-parser.js';
import { compareMoney, holds, moneyLiteralOf, type MoneyLiteral } from './discount-predicate-syntax.js';

export * from './cart-predicate-ast.js';
export { parseCartPredicate, MAX_CART_PREDICATE_LENGTH } from './cart-predicate-parser.js';

/** A money amount as predicates read it (SDK TypedMoney). */
export interface PredicateMoney {
  currencyCode: string;
  centAmount: number;
  fractionDigits: number;
}

/**
 * What a cart predicate is evaluated on: the cart's fields as the API shows them (custom fields under
 * `custom` by name, `currency` the cart's), with its line items and custom line items as item subjects.
 */
export interface CartPredicateSubject {
  currency: string;
  lineItems: readonly ItemPredicateSubject[];
  customLineItems: readonly ItemPredicateSubject[];
  [field: string]: unknown;
}

/**
 * One line item (`sku`, `productId`, `productType`, `categories`, `attributes` by name, `price` as one unit's
 * money, `totalPrice`, `quantity`, `custom` by name, ...) or custom line item (`slug`, `money`, ...).
 */
export type ItemPredicateSubject = Record<string, unknown>;

export interface CompiledCartPredicate<S> {
  source: string;
  /** Evaluates the predicate; a field that is absent makes its condition false (never an error). */
  matches(subject: S): boolean;
}

type Value = unknown;

const isMoney = (value: Value): value is PredicateMoney =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PredicateMoney).centAmount === 'number' &&
  typeof (value as PredicateMoney).currencyCode === 'string';

const moneyOf = (money: PredicateMoney): MoneyLiteral => ({
  amount: BigInt(money.centAmount),
  scale: money.fractionDigits ?? 2,
  currency: money.currencyCode,
});

/** -1, 0, 1, or undefined when the two cannot be compared (another type, another currency). */
function compareValues(left: Value, right: Value): number | undefined {
  if (left === undefined || left === null || right === undefined || right === null) return undefined;
  if (isMoney(left) || isMoney(right)) {
    const asMoney = (value: Value): MoneyLiteral | undefined =>
      isMoney(value) ? moneyOf(value) : typeof value === 'string' ? moneyLiteralOf(value) : undefined;
    const a = asMoney(left);
    const b = asMoney(right);
    if (!a || !b || a.currency !== b.currency) return undefined;
    return compareMoney(a, b);
  }
  // An enum or a referenced resource compares by its key (`attributes.color = "red"`).
  const plain = (value: Value): Value =>
    typeof value === 'object' && value !== null && 'key' in value ? value.key : value;
  const a = plain(left);
  const b = plain(right);
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  return undefined;
}

/** Whether a comparison holds; values that cannot be compared never do. */
const holdsFor = (operator: CartPredicateComparison, order: number | undefined): boolean =>
  order !== undefined && holds(operator, order);

/** The values at a path: a path through an array yields each element's value (`categories.id`). */
function resolvePath(subject: Value, segments: readonly string[]): Value {
  let current: Value = subject;
  for (const segment of segments) {
    if (current === undefined || current === null) return undefined;
    if (Array.isArray(current)) {
      const values = (current as Value[])
        .map((element) =>
          typeof element === 'object' && element !== null && Object.hasOwn(element, segment)
            ? (element as Record<string, Value>)[segment]
            : undefined,
        )
        .flat()
        .filter((value) => value !== undefined);
      current = values;
      continue;
    }
    if (typeof current !== 'object' || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, Value>)[segment];
  }
  return current;
}

const elementsOf = (value: Value): Value[] => (Array.isArray(value) ? value : [value]);

interface Scope {
  kind: CartPredicateKind;
  subject: Value;
  cart?: CartPredicateSubject;
}

function operandValue(operand: CartOperand, scope: Scope): Value {
  switch (operand.kind) {
    case 'string':
    case 'number':
    case 'boolean':
      return operand.value;
    case 'path':
      return resolvePath(scope.subject, operand.segments);
    case 'list':
      return operand.items.map((item) => operandValue(item, scope));
    case 'predicateCall':
      return callValue(operand, scope);
    case 'call':
      // The cart languages' functions all take a predicate (parseCartPredicate refuses any other call).
      return undefined;
  }
}

/** The values on the right of `in` and `contains`: a list's items, or the one value. */
const valuesOf = (operand: CartOperand, scope: Scope): Value[] =>
  operand.kind === 'list'
    ? operand.items.map((item) => operandValue(item, scope))
    : [operandValue(operand, scope)];

function sumMoney(currency: string, amounts: readonly Value[]): PredicateMoney | undefined {
  let total = 0;
  let fractionDigits = 2;
  for (const amount of amounts) {
    if (!isMoney(amount) || amount.currencyCode !== currency) return undefined;
    total += amount.centAmount;
    fractionDigits = amount.fractionDigits ?? fractionDigits;
  }
  return { currencyCode: currency, centAmount: total, fractionDigits };
}

function callValue(call: Extract<CartOperand, { kind: 'predicateCall' }>, scope: Scope): Value {
  const cart = scope.cart;
  if (!cart) return undefined;
  const name = call.name as CartFunctionName;
  const fn = CART_FUNCTIONS[name];
  const items = fn.of === 'lineItem' ? cart.lineItems : cart.customLineItems;
  const matching = items.filter((item) => evaluateNode(call.predicate, { kind: fn.of, subject: item, cart }));
  const fieldOf = (field: 'totalPrice' | 'net' | 'gross') => (item: ItemPredicateSubject) =>
    field === 'totalPrice'
      ? item.totalPrice
      : resolvePath(item, ['taxedPrice', field === 'net' ? 'totalNet' : 'totalGross']);
  switch (name) {
    case 'lineItemCount':
    case 'customLineItemCount':
      return matching.reduce((sum, item) => sum + (typeof item.quantity === 'number' ? item.quantity : 0), 0);
    case 'lineItemTotal':
    case 'customLineItemTotal':
      return sumMoney(cart.currency, matching.map(fieldOf('totalPrice')));
    case 'lineItemNetTotal':
    case 'customLineItemNetTotal':
      return sumMoney(cart.currency, matching.map(fieldOf('net')));
    case 'lineItemGrossTotal':
    case 'customLineItemGrossTotal':
      return sumMoney(cart.currency, matching.map(fieldOf('gross')));
    case 'lineItemExists':
    case 'customLineItemExists':
      return matching.length > 0;
    case 'forAllLineItems':
    case 'forAllCustomLineItems':
      return matching.length === items.length;
  }
}

const isEmpty = (value: Value): boolean =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);

function evaluateNode(node: CartPredicateNode, scope: Scope): boolean {
  switch (node.kind) {
    case 'and':
      return node.operands.every((operand) => evaluateNode(operand, scope));
    case 'or':
      return node.operands.some((operand) => evaluateNode(operand, scope));
    case 'not':
      return !evaluateNode(node.operand, scope);
    case 'value':
      return operandValue(node.operand, scope) === true;
    case 'compare': {
      const left = operandValue(node.left, scope);
      const right = operandValue(node.right, scope);
      // A path through an array matches when one element does (`!=`: when none is equal).
      if (node.operator === '!=') {
        const values = elementsOf(left);
        return values.length > 0 && values.every((value) => holdsFor('!=', compareValues(value, right)));
      }
      return elementsOf(left).some((value) => holdsFor(node.operator, compareValues(value, right)));
    }
    case 'in': {
      const left = elementsOf(operandValue(node.left, scope)).filter((value) => value !== undefined);
      const values = valuesOf(node.right, scope);
      if (left.length === 0) return false;
      const found = left.some((value) => values.some((candidate) => compareValues(value, candidate) === 0));
      return node.negated ? !found : found;
    }
    case 'contains': {
      const left = operandValue(node.left, scope);
      if (!Array.isArray(left)) return false;
      const has = (candidate: Value) => left.some((value) => compareValues(value, candidate) === 0);
      const values = valuesOf(node.right, scope);
      return node.mode === 'all' ? values.every(has) : values.some(has);
    }
    case 'is': {
      const value = operandValue(node.operand, scope);
      if (node.test === 'defined') {
        const defined =
          value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);
        return node.negated ? !defined : defined;
      }
      if (value === undefined) return false;
      return node.negated ? !isEmpty(value) : isEmpty(value);
    }
    case 'matches':
      // Not part of the cart languages (parseCartPredicate refuses it).
      return false;
  }
}

/** A cart predicate (cart discounts, discount codes, shipping methods), parsed once and evaluated often. */
export function compileCartPredicate(source: string): CompiledCartPredicate<CartPredicateSubject> {
  const node = parseCartPredicate(source, 'cart');
  return { source, matches: (cart) => evaluateNode(node, { kind: 'cart', subject: cart, cart }) };
}

/** A line item or custom line item predicate (cart discount targets), parsed once and evaluated often. */
export function compileItemPredicate(
  source: string,
  kind: 'lineItem' | 'customLineItem',
): CompiledCartPredicate<ItemPredicateSubject> {
  const node = parseCartPredicate(source, kind);
  return { source, matches: (item) => evaluateNode(node, { kind, subject: item }) };
}
