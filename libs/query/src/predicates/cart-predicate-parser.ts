import { Errors } from '@commerce/errors';
import {
  MAX_DISCOUNT_PREDICATE_LENGTH,
  moneyLiteralOf,
  parseDiscountPredicate,
  predicateError,
  type Condition,
  type Operand,
  type PredicateLanguage,
} from './discount-predicate-syntax.js';
import {
  CART_FUNCTIONS,
  PREDICATE_ROOTS,
  type CartFunctionName,
  type CartPredicateKind,
  type CartPredicateNode,
} from './cart-predicate-ast.js';

export const MAX_CART_PREDICATE_LENGTH = MAX_DISCOUNT_PREDICATE_LENGTH;

const NAMES: Record<CartPredicateKind, string> = {
  cart: 'cart predicate',
  lineItem: 'line item predicate',
  customLineItem: 'custom line item predicate',
};

/** The field name errors give a predicate of each kind. */
const FIELDS: Record<CartPredicateKind, string> = {
  cart: 'cartPredicate',
  lineItem: 'predicate',
  customLineItem: 'predicate',
};

const isFunction = (name: string): name is CartFunctionName => Object.hasOwn(CART_FUNCTIONS, name);

/**
 * A cart language on the shared grammar: the fields of its kind, the item functions (on carts only, their
 * argument an item predicate), no `matches`, and only a boolean (a literal or a function) standing alone.
 */
function language(kind: CartPredicateKind, field = FIELDS[kind]): PredicateLanguage {
  return {
    field,
    noMatches: true,
    unknownField: (name) =>
      PREDICATE_ROOTS[kind].has(name) ? undefined : `The field '${name}' is not known in a ${NAMES[kind]}`,
    call: (name) => {
      if (!isFunction(name)) return { refused: `The function '${name}' is not known` };
      if (kind !== 'cart') return { refused: `The function '${name}' applies to carts, not to items` };
      return { predicate: language(CART_FUNCTIONS[name].of, field) };
    },
    standsAlone: (operand) =>
      operand.kind === 'boolean' ||
      (operand.kind === 'predicateCall' &&
        CART_FUNCTIONS[operand.name as CartFunctionName].returns === 'boolean'),
  };
}

/**
 * Parses a predicate of the cart predicate language (checkout facts 4.13) with the shared grammar
 * (discount-predicate-syntax.ts): conditions on fields of the cart (or of one line item or custom line item:
 * `kind`), the item functions (`lineItemTotal(...)`, `lineItemCount(...)`, `lineItemExists(...)`, ...) and
 * money literals such as `"10.00 EUR"`. Anything it cannot read or evaluate is `InvalidInput` naming the line
 * and column; `field` names the predicate in the message (`cartPredicate`, `target.predicate`).
 */
export function parseCartPredicate(
  source: string,
  kind: CartPredicateKind = 'cart',
  field = FIELDS[kind],
): CartPredicateNode {
  if (typeof source !== 'string' || source.trim() === '') {
    throw Errors.invalidInput(`Malformed ${NAMES[kind]}: the predicate is empty.`);
  }
  const node = parseDiscountPredicate(source, language(kind, field));
  checkMoneyLiterals(node, (offset, detail) => predicateError(field, source, offset, detail));
  return node;
}

type Refuse = (offset: number, detail: string) => Error;

const returnsMoney = (operand: Operand) =>
  operand.kind === 'predicateCall' && CART_FUNCTIONS[operand.name as CartFunctionName].returns === 'money';

/** A value compared with a money-valued function must be a money literal (`"10.00 EUR"`). */
function checkMoneyLiterals(node: Condition, refuse: Refuse): void {
  const operands = (operands: Operand[]) =>
    operands.forEach((operand) => {
      if (operand.kind === 'predicateCall') checkMoneyLiterals(operand.predicate, refuse);
    });
  switch (node.kind) {
    case 'and':
    case 'or':
      node.operands.forEach((operand) => checkMoneyLiterals(operand, refuse));
      return;
    case 'not':
      checkMoneyLiterals(node.operand, refuse);
      return;
    case 'compare': {
      const sides = [node.left, node.right];
      if (sides.some(returnsMoney)) {
        for (const side of sides) {
          if (side.kind === 'string' && !moneyLiteralOf(side.value))
            throw refuse(side.offset, `'${side.value}' is no money literal such as "10.00 EUR"`);
          if (side.kind === 'number')
            throw refuse(side.offset, 'A money value compares with a money literal such as "10.00 EUR"');
        }
      }
      operands(sides);
      return;
    }
    case 'value':
      operands([node.operand]);
      return;
    case 'in':
    case 'contains':
    case 'matches':
      operands([node.left, node.right]);
      return;
    case 'is':
      operands([node.operand]);
      return;
  }
}
