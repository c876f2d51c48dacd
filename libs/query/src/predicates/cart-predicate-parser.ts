import { ApiError, Errors } from '@commerce/errors';
import { tokenize, type Token } from '../predicate/lexer.js';
import { lineAndColumn } from '../predicate/syntax-error.js';
import {
  CART_FUNCTIONS,
  PREDICATE_ROOTS,
  type CartFunctionName,
  type CartOperand,
  type CartPredicateComparison,
  type CartPredicateKind,
  type CartPredicateNode,
} from './cart-predicate-ast.js';

export const MAX_CART_PREDICATE_LENGTH = 10_000;
const MAX_DEPTH = 40;
const KEYWORDS = new Set(['and', 'or', 'not', 'in', 'contains', 'is', 'any', 'all', 'defined', 'empty']);
const COMPARISONS = new Set(['=', '!=', '<', '<=', '>', '>=']);
/** A money literal: `"10.00 EUR"` (an amount in the currency's units, then its ISO 4217 code). */
export const MONEY_LITERAL = /^(-?[0-9]+(?:\.[0-9]+)?) ([A-Z]{3})$/;

const NAMES: Record<CartPredicateKind, string> = {
  cart: 'cart predicate',
  lineItem: 'line item predicate',
  customLineItem: 'custom line item predicate',
};

/** `InvalidInput` naming the predicate, the problem and its line and column. */
export function predicateError(
  kind: CartPredicateKind,
  source: string,
  offset: number,
  detail: string,
): ApiError {
  const { line, column } = lineAndColumn(source, offset);
  return Errors.invalidInput(
    `Malformed ${NAMES[kind]} '${source}': ${detail} (line ${line}, column ${column}).`,
  );
}

const describeToken = (token: Token) =>
  token.kind === 'end' ? 'the end of the predicate' : `'${token.text}'`;

class CartPredicateParser {
  private readonly tokens: Token[];
  private index = 0;
  private depth = 0;

  constructor(
    private readonly source: string,
    private readonly kind: CartPredicateKind,
  ) {
    try {
      this.tokens = tokenize(source);
    } catch (error) {
      // The lexer's own errors (an unterminated string, a bad escape) say where; keep its detail.
      if (!(error instanceof ApiError)) throw error;
      const detail = /parsing 'where'\. (.*) \(line/.exec(error.message)?.[1] ?? 'Malformed text';
      throw Errors.invalidInput(`Malformed ${NAMES[kind]} '${source}': ${detail}.`);
    }
  }

  parse(): CartPredicateNode {
    const node = this.or(this.kind);
    const rest = this.peek();
    if (rest.kind !== 'end')
      this.fail(rest, `unexpected ${describeToken(rest)}, expected 'and', 'or' or the end`);
    return node;
  }

  private peek(ahead = 0): Token {
    return this.tokens[Math.min(this.index + ahead, this.tokens.length - 1)];
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.index++;
    return token;
  }

  private fail(token: Token, detail: string): never {
    throw predicateError(this.kind, this.source, token.offset, detail);
  }

  private isWord(token: Token, word: string): boolean {
    return token.kind === 'identifier' && token.value.toLowerCase() === word;
  }

  private isSymbol(token: Token, symbol: string): boolean {
    return (token.kind === 'symbol' || token.kind === 'invalid') && token.value === symbol;
  }

  private expectSymbol(symbol: string): Token {
    const token = this.next();
    if (!this.isSymbol(token, symbol))
      this.fail(token, `unexpected ${describeToken(token)}, expected '${symbol}'`);
    return token;
  }

  private nested<T>(token: Token, parse: () => T): T {
    if (++this.depth > MAX_DEPTH) this.fail(token, `the predicate nests deeper than ${MAX_DEPTH} levels`);
    const result = parse();
    this.depth--;
    return result;
  }

  private or(kind: CartPredicateKind): CartPredicateNode {
    const operands = [this.and(kind)];
    while (this.isWord(this.peek(), 'or')) {
      this.next();
      operands.push(this.and(kind));
    }
    return operands.length === 1 ? operands[0] : { kind: 'or', operands };
  }

  private and(kind: CartPredicateKind): CartPredicateNode {
    const operands = [this.unary(kind)];
    while (this.isWord(this.peek(), 'and')) {
      this.next();
      operands.push(this.unary(kind));
    }
    return operands.length === 1 ? operands[0] : { kind: 'and', operands };
  }

  private unary(kind: CartPredicateKind): CartPredicateNode {
    const token = this.peek();
    if (this.isWord(token, 'not') && !this.isSymbol(this.peek(1), '=')) {
      this.next();
      return this.nested(token, () => ({ kind: 'not', operand: this.unary(kind) }));
    }
    if (this.isSymbol(token, '(')) {
      this.next();
      const inner = this.nested(token, () => this.or(kind));
      this.expectSymbol(')');
      return inner;
    }
    return this.condition(kind);
  }

  private condition(kind: CartPredicateKind): CartPredicateNode {
    const left = this.operand(kind);
    const token = this.peek();
    if (token.kind === 'symbol' && COMPARISONS.has(token.value)) {
      this.next();
      const right = this.operand(kind);
      return { kind: 'compare', left, operator: token.value as CartPredicateComparison, right };
    }
    if (this.isWord(token, 'in')) {
      this.next();
      return { kind: 'in', left, negated: false, values: this.list(kind) };
    }
    if (this.isWord(token, 'not') && this.isWord(this.peek(1), 'in')) {
      this.next();
      this.next();
      return { kind: 'in', left, negated: true, values: this.list(kind) };
    }
    if (this.isWord(token, 'contains')) {
      this.next();
      const modeToken = this.peek();
      const mode = this.isWord(modeToken, 'any') ? 'any' : this.isWord(modeToken, 'all') ? 'all' : 'one';
      if (mode !== 'one') this.next();
      const values = this.isSymbol(this.peek(), '(') ? this.list(kind) : [this.operand(kind)];
      return { kind: 'contains', left, mode, values };
    }
    if (this.isWord(token, 'is')) {
      this.next();
      const negated = this.isWord(this.peek(), 'not');
      if (negated) this.next();
      const what = this.next();
      if (this.isWord(what, 'defined')) return { kind: 'defined', operand: left, negated };
      if (this.isWord(what, 'empty')) return { kind: 'empty', operand: left, negated };
      this.fail(what, `unexpected ${describeToken(what)}, expected 'defined' or 'empty'`);
    }
    if (
      left.kind === 'boolean' ||
      (left.kind === 'call' && CART_FUNCTIONS[left.name].returns === 'boolean')
    ) {
      return { kind: 'operand', operand: left };
    }
    return this.fail(
      token,
      `unexpected ${describeToken(token)}, expected a comparison, 'in', 'not in', 'contains' or 'is'`,
    );
  }

  private list(kind: CartPredicateKind): CartOperand[] {
    this.expectSymbol('(');
    const values = [this.operand(kind)];
    while (this.isSymbol(this.peek(), ',')) {
      this.next();
      values.push(this.operand(kind));
    }
    this.expectSymbol(')');
    return values;
  }

  private operand(kind: CartPredicateKind): CartOperand {
    const token = this.next();
    switch (token.kind) {
      case 'string':
        return { kind: 'string', value: token.value, offset: token.offset };
      case 'number':
        return { kind: 'number', value: Number(token.value), offset: token.offset };
      case 'identifier':
        return this.identifierOperand(token, kind);
      case 'variable':
        return this.fail(token, `input variables such as '${token.text}' are not part of the language`);
      case 'end':
      case 'invalid':
      case 'symbol':
        return this.fail(
          token,
          `unexpected ${describeToken(token)}, expected a field, a value or a function`,
        );
    }
  }

  private identifierOperand(token: Token, kind: CartPredicateKind): CartOperand {
    const word = token.value;
    if (word === 'true' || word === 'false')
      return { kind: 'boolean', value: word === 'true', offset: token.offset };
    if (this.isSymbol(this.peek(), '(')) return this.call(token, kind);
    if (KEYWORDS.has(word.toLowerCase())) this.fail(token, `unexpected '${word}', expected a field`);
    if (!PREDICATE_ROOTS[kind].has(word)) {
      this.fail(token, `the field '${word}' is not known in a ${NAMES[kind]}`);
    }
    const segments = [word];
    while (this.isSymbol(this.peek(), '.')) {
      this.next();
      const segment = this.next();
      if (segment.kind !== 'identifier' && segment.kind !== 'number' && segment.kind !== 'string') {
        this.fail(segment, `unexpected ${describeToken(segment)}, expected a field name after '.'`);
      }
      segments.push(segment.value);
    }
    return { kind: 'path', segments, offset: token.offset };
  }

  private call(token: Token, kind: CartPredicateKind): CartOperand {
    const name = token.value;
    if (!Object.hasOwn(CART_FUNCTIONS, name)) this.fail(token, `the function '${name}' is not known`);
    const fn = CART_FUNCTIONS[name as CartFunctionName];
    if (kind !== 'cart') this.fail(token, `the function '${name}' applies to carts, not to items`);
    this.expectSymbol('(');
    const argument = this.nested(token, () => this.or(fn.of));
    this.expectSymbol(')');
    return { kind: 'call', name: name as CartFunctionName, argument, offset: token.offset };
  }
}

/**
 * Parses a predicate of the cart predicate language (checkout facts 4.13): conditions on fields of the cart
 * (or of one line item or custom line item: `kind`), joined by `and`, `or`, `not` and parentheses, with
 * `=`, `!=`, `<`, `<=`, `>`, `>=`, `in`, `not in`, `contains [any|all]`, `is [not] defined|empty`, the item
 * functions (`lineItemTotal(...)`, `lineItemCount(...)`, `lineItemExists(...)`, ...) and money literals such
 * as `"10.00 EUR"`. Shares the lexer of the query `where` grammar. Anything it cannot read or evaluate is
 * `InvalidInput` naming the line and column.
 */
export function parseCartPredicate(source: string, kind: CartPredicateKind = 'cart'): CartPredicateNode {
  if (typeof source !== 'string' || source.trim() === '') {
    throw Errors.invalidInput(`Malformed ${NAMES[kind]}: the predicate is empty.`);
  }
  if (source.length > MAX_CART_PREDICATE_LENGTH) {
    throw Errors.invalidInput(
      `Malformed ${NAMES[kind]}: the predicate is longer than ${MAX_CART_PREDICATE_LENGTH} characters.`,
    );
  }
  const node = new CartPredicateParser(source, kind).parse();
  checkMoneyLiterals(node, kind, source);
  return node;
}

/** A string compared with a money-valued function must be a money literal (`"10.00 EUR"`). */
function checkMoneyLiterals(node: CartPredicateNode, kind: CartPredicateKind, source: string): void {
  switch (node.kind) {
    case 'and':
    case 'or':
      node.operands.forEach((operand) => checkMoneyLiterals(operand, kind, source));
      return;
    case 'not':
      checkMoneyLiterals(node.operand, kind, source);
      return;
    case 'compare': {
      const sides = [node.left, node.right];
      const money = sides.some(
        (side) => side.kind === 'call' && CART_FUNCTIONS[side.name].returns === 'money',
      );
      for (const side of sides) {
        if (money && side.kind === 'string' && !MONEY_LITERAL.test(side.value)) {
          throw predicateError(
            kind,
            source,
            side.offset,
            `'${side.value}' is no money literal such as "10.00 EUR"`,
          );
        }
        if (money && side.kind === 'number') {
          throw predicateError(
            kind,
            source,
            side.offset,
            `a money value compares with a money literal such as "10.00 EUR"`,
          );
        }
        if (side.kind === 'call') checkMoneyLiterals(side.argument, CART_FUNCTIONS[side.name].of, source);
      }
      return;
    }
    case 'operand':
      if (node.operand.kind === 'call')
        checkMoneyLiterals(node.operand.argument, CART_FUNCTIONS[node.operand.name].of, source);
      return;
    case 'in':
    case 'contains':
    case 'defined':
    case 'empty':
      return;
  }
}
