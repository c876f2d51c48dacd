import { ApiError, Errors } from '@commerce/errors';
import { tokenize, type Token } from '../predicate/lexer.js';
import { alternatives, lineAndColumn } from '../predicate/syntax-error.js';

// The grammar shared by the discount predicate languages (product discount `predicate`, cart discount
// `cartPredicate` and targets): dotted field paths, function calls, literals (a money literal is a string,
// `"10.00 EUR"`), comparisons, `in`, `contains [any|all]`, `matches`, `is [not] defined|empty`, `and`, `or`,
// `not`. It reads the tokens of the query `where` lexer (libs/query/src/predicate/lexer.ts); what a field
// means, and which operators it takes, is each language's own module (product-predicate.ts, ...).

/** Longest discount predicate accepted, in characters. */
export const MAX_DISCOUNT_PREDICATE_LENGTH = 10_000;
/** Deepest nesting of parentheses, `not` and function arguments accepted. */
export const MAX_DISCOUNT_PREDICATE_DEPTH = 40;

/**
 * What a language adds to the shared grammar while it is parsed. Without a hook the grammar takes any field,
 * any function with operands as its arguments, and any operand standing alone (product-predicate.ts checks
 * them when it compiles); the cart languages name their fields and their functions, whose argument is a
 * predicate of another language (`lineItemCount(sku = "x")`, cart-predicate-parser.ts).
 */
export interface PredicateLanguage {
  /** The predicate's name in errors: `Syntax error while parsing '<field>'`. */
  field: string;
  /** Why a field path's first segment is not part of the language, or undefined when it is. */
  unknownField?(name: string): string | undefined;
  /**
   * A function's argument: a predicate of that language (`{predicate: language}`), its operands, or why the
   * function is not part of this language.
   */
  call?(name: string): { predicate: PredicateLanguage } | 'operands' | { refused: string };
  /** Whether an operand may stand alone as a condition (`true`, `lineItemExists(...)`). */
  standsAlone?(operand: Operand): boolean;
  /** Whether `matches "<regex>"` is part of the language. */
  noMatches?: true;
}

export type ComparisonOp = '=' | '!=' | '<' | '<=' | '>' | '>=';

/** An operand: a field path, a literal, a list of operands or a function call. `offset` is where it starts. */
export type Operand =
  | { kind: 'path'; segments: string[]; offset: number }
  | { kind: 'string'; value: string; offset: number }
  | { kind: 'number'; value: number; text: string; offset: number }
  | { kind: 'boolean'; value: boolean; offset: number }
  | { kind: 'list'; items: Operand[]; offset: number }
  | { kind: 'call'; name: string; args: Operand[]; offset: number }
  /** A function whose argument is a predicate of another language: `lineItemTotal(sku = "x")`. */
  | { kind: 'predicateCall'; name: string; predicate: Condition; offset: number };

/** A condition of a discount predicate. */
export type Condition =
  | { kind: 'and' | 'or'; operands: Condition[] }
  | { kind: 'not'; operand: Condition; offset: number }
  | { kind: 'compare'; operator: ComparisonOp; left: Operand; right: Operand; offset: number }
  | { kind: 'in'; negated: boolean; left: Operand; right: Operand; offset: number }
  | { kind: 'contains'; mode: 'one' | 'any' | 'all'; left: Operand; right: Operand; offset: number }
  | { kind: 'matches'; left: Operand; right: Operand; offset: number }
  | { kind: 'is'; negated: boolean; test: 'defined' | 'empty'; operand: Operand; offset: number }
  /** An operand standing alone: `true`, `false`, or a function or field whose value is a boolean. */
  | { kind: 'value'; operand: Operand; offset: number };

const COMPARISONS: ReadonlySet<string> = new Set<ComparisonOp>(['=', '!=', '<', '<=', '>', '>=']);
const KEYWORDS = new Set(['and', 'or', 'not', 'in', 'contains', 'is', 'matches', 'true', 'false']);
const OPERAND = ['field name', 'string', 'number', 'true', 'false', "'('"];
const AFTER_OPERAND = ['comparison operator', 'in', 'not in', 'contains', 'matches', 'is', 'and', 'or'];

/**
 * `InvalidInput` naming the predicate field, the problem and its position, as the live API's parser does:
 * `Syntax error while parsing 'predicate'. <detail> (line L, column C):<source>`.
 */
export function predicateError(field: string, source: string, offset: number, detail: string): ApiError {
  const { line, column } = lineAndColumn(source, offset);
  return Errors.invalidInput(
    `Syntax error while parsing '${field}'. ${detail} (line ${line}, column ${column}):${source}`,
  );
}

/**
 * Parses a predicate of one of the discount languages (`language`: its fields and functions; a string is the
 * field name of a language that adds nothing, the product discount predicate's) into its syntax tree; a
 * problem is `InvalidInput` with its line and column.
 */
export function parseDiscountPredicate(
  source: string,
  language: PredicateLanguage | string = 'predicate',
): Condition {
  const lang = typeof language === 'string' ? { field: language } : language;
  const field = lang.field;
  if (typeof source !== 'string' || source.trim() === '') {
    throw predicateError(field, String(source ?? ''), 0, 'Unexpected end of input, expected a condition');
  }
  if (source.length > MAX_DISCOUNT_PREDICATE_LENGTH) {
    throw Errors.invalidInput(`The ${field} is longer than ${MAX_DISCOUNT_PREDICATE_LENGTH} characters.`);
  }
  return new DiscountParser(source, tokensOf(source, field), lang).parse();
}

/** The `where` lexer's tokens; its errors (an unterminated string) keep their detail under this field's name. */
function tokensOf(source: string, field: string): Token[] {
  try {
    return tokenize(source);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const [, detail = 'Malformed text', line = '1', column = '1'] =
      /parsing 'where'\. (.*) \(line (\d+), column (\d+)\)/s.exec(error.message) ?? [];
    throw Errors.invalidInput(
      `Syntax error while parsing '${field}'. ${detail} (line ${line}, column ${column}):${source}`,
    );
  }
}

/** The text of a path operand, `attributes.color`. */
export const pathText = (segments: readonly string[]): string => segments.join('.');

class DiscountParser {
  private position = 0;
  private depth = 0;

  private language: PredicateLanguage;

  constructor(
    private readonly source: string,
    private readonly tokens: Token[],
    private readonly top: PredicateLanguage,
  ) {
    this.language = top;
  }

  private get field(): string {
    return this.top.field;
  }

  parse(): Condition {
    const condition = this.parseOr();
    if (this.peek().kind !== 'end') throw this.unexpected(['and', 'or']);
    return condition;
  }

  private fail(offset: number, detail: string): ApiError {
    return predicateError(this.field, this.source, offset, detail);
  }

  private parseOr(): Condition {
    const operands = [this.parseAnd()];
    while (this.acceptKeyword('or')) operands.push(this.parseAnd());
    return operands.length === 1 ? operands[0] : { kind: 'or', operands };
  }

  private parseAnd(): Condition {
    const operands = [this.parseUnary()];
    while (this.acceptKeyword('and')) operands.push(this.parseUnary());
    return operands.length === 1 ? operands[0] : { kind: 'and', operands };
  }

  private parseUnary(): Condition {
    const token = this.peek();
    if (this.acceptKeyword('not')) {
      this.enter();
      const operand = this.parseUnary();
      this.depth--;
      return { kind: 'not', operand, offset: token.offset };
    }
    if (this.isSymbol('(')) {
      this.position++;
      this.enter();
      const condition = this.parseOr();
      this.expectSymbol(')', ['and', 'or', "')'"]);
      this.depth--;
      return condition;
    }
    return this.parseCondition();
  }

  private enter(): void {
    if (++this.depth > MAX_DISCOUNT_PREDICATE_DEPTH) {
      throw predicateError(
        this.field,
        this.source,
        this.peek().offset,
        `The predicate nests deeper than ${MAX_DISCOUNT_PREDICATE_DEPTH} levels`,
      );
    }
  }

  private parseCondition(): Condition {
    const left = this.parseOperand(false);
    const token = this.peek();
    const offset = token.offset;
    if (token.kind === 'symbol' && COMPARISONS.has(token.value)) {
      this.position++;
      return {
        kind: 'compare',
        operator: token.value as ComparisonOp,
        left,
        right: this.parseOperand(true),
        offset,
      };
    }
    if (this.acceptKeyword('in'))
      return { kind: 'in', negated: false, left, right: this.parseList(), offset };
    if (this.acceptKeyword('not')) {
      this.expectKeyword('in');
      return { kind: 'in', negated: true, left, right: this.parseList(), offset };
    }
    if (this.acceptKeyword('contains')) {
      if (this.acceptKeyword('any'))
        return { kind: 'contains', mode: 'any', left, right: this.parseList(), offset };
      if (this.acceptKeyword('all'))
        return { kind: 'contains', mode: 'all', left, right: this.parseList(), offset };
      return { kind: 'contains', mode: 'one', left, right: this.parseOperand(true), offset };
    }
    if (!this.language.noMatches && this.acceptKeyword('matches'))
      return { kind: 'matches', left, right: this.parseOperand(true), offset };
    if (this.acceptKeyword('is')) {
      const negated = this.acceptKeyword('not');
      if (this.acceptKeyword('defined'))
        return { kind: 'is', negated, test: 'defined', operand: left, offset };
      if (this.acceptKeyword('empty')) return { kind: 'is', negated, test: 'empty', operand: left, offset };
      throw this.unexpected(negated ? ['defined', 'empty'] : ['not', 'defined', 'empty']);
    }
    const ends =
      token.kind === 'end' ||
      (token.kind === 'symbol' && token.value === ')') ||
      this.isKeyword('and') ||
      this.isKeyword('or');
    const alone = this.language.standsAlone?.(left) ?? true;
    if (ends && alone) return { kind: 'value', operand: left, offset: left.offset };
    throw this.unexpected(
      this.language.noMatches ? AFTER_OPERAND.filter((o) => o !== 'matches') : AFTER_OPERAND,
    );
  }

  /** `( operand, ... )`. */
  private parseList(): Operand {
    const start = this.peek();
    this.expectSymbol('(', ["'('"]);
    const items = [this.parseOperand(false)];
    while (this.acceptSymbol(',')) items.push(this.parseOperand(false));
    this.expectSymbol(')', ["','", "')'"]);
    return { kind: 'list', items, offset: start.offset };
  }

  /** A path, literal or call; a list too when `allowList` (the right side of a comparison). */
  private parseOperand(allowList: boolean): Operand {
    const token = this.peek();
    switch (token.kind) {
      case 'string':
        this.position++;
        return { kind: 'string', value: token.value, offset: token.offset };
      case 'number': {
        const value = Number(token.value);
        if (!Number.isFinite(value)) {
          throw predicateError(this.field, this.source, token.offset, `Number out of range '${token.text}'`);
        }
        this.position++;
        return { kind: 'number', value, text: token.value, offset: token.offset };
      }
      case 'identifier':
        return this.parseIdentifier(token);
      case 'symbol':
        if (token.value === '(' && allowList) return this.parseList();
        break;
      case 'variable':
        throw this.fail(token.offset, `Input variables such as '${token.text}' are not part of the language`);
      case 'invalid':
      case 'end':
        break;
    }
    throw this.unexpected(allowList ? OPERAND : OPERAND.filter((o) => o !== "'('"));
  }

  private parseIdentifier(token: Token): Operand {
    const word = token.value.toLowerCase();
    if (word === 'true' || word === 'false') {
      this.position++;
      return { kind: 'boolean', value: word === 'true', offset: token.offset };
    }
    if (KEYWORDS.has(word)) throw this.unexpected(OPERAND);
    this.position++;
    if (this.isSymbol('(')) {
      const call = this.language.call?.(token.value) ?? 'operands';
      if (call !== 'operands') return this.parsePredicateCall(token, call);
      this.position++;
      const args: Operand[] = [];
      if (!this.isSymbol(')')) {
        args.push(this.parseOperand(true));
        while (this.acceptSymbol(',')) args.push(this.parseOperand(true));
      }
      this.expectSymbol(')', ["','", "')'"]);
      return { kind: 'call', name: token.value, args, offset: token.offset };
    }
    const unknown = this.language.unknownField?.(token.value);
    if (unknown) throw this.fail(token.offset, unknown);
    const segments = [token.value];
    while (this.peek().kind === 'invalid' && this.peek().text === '.') {
      this.position++;
      const next = this.peek();
      if (next.kind === 'identifier') segments.push(next.value);
      else if (next.kind === 'string') segments.push(next.value);
      else if (next.kind === 'number' && /^[0-9]+$/.test(next.value)) segments.push(next.value);
      else throw this.unexpected(['field name']);
      this.position++;
    }
    return { kind: 'path', segments, offset: token.offset };
  }

  /** `name( <predicate of another language> )`. */
  private parsePredicateCall(
    token: Token,
    call: { predicate: PredicateLanguage } | { refused: string },
  ): Operand {
    if ('refused' in call) throw this.fail(token.offset, call.refused);
    this.position++;
    const outer = this.language;
    this.enter();
    this.language = call.predicate;
    const predicate = this.parseOr();
    this.language = outer;
    this.depth--;
    this.expectSymbol(')', ['and', 'or', "')'"]);
    return { kind: 'predicateCall', name: token.value, predicate, offset: token.offset };
  }

  private peek(): Token {
    return this.tokens[this.position];
  }

  private isKeyword(keyword: string): boolean {
    const token = this.peek();
    return token.kind === 'identifier' && token.value.toLowerCase() === keyword;
  }

  private isSymbol(symbol: string): boolean {
    const token = this.peek();
    return token.kind === 'symbol' && token.value === symbol;
  }

  private acceptKeyword(keyword: string): boolean {
    if (!this.isKeyword(keyword)) return false;
    this.position++;
    return true;
  }

  private expectKeyword(keyword: string): void {
    if (!this.acceptKeyword(keyword)) throw this.unexpected([keyword]);
  }

  private acceptSymbol(symbol: string): boolean {
    if (!this.isSymbol(symbol)) return false;
    this.position++;
    return true;
  }

  private expectSymbol(symbol: string, expected: string[]): void {
    if (!this.acceptSymbol(symbol)) throw this.unexpected(expected);
  }

  private unexpected(expected: readonly string[]): ApiError {
    const token = this.peek();
    const text = token.text.length > 30 ? `${token.text.slice(0, 30)}...` : token.text;
    const found = token.kind === 'end' ? 'Unexpected end of input' : `Invalid input '${text}'`;
    return predicateError(
      this.field,
      this.source,
      token.offset,
      `${found}, expected ${alternatives(expected)}`,
    );
  }
}

// ---- Shared value helpers (both languages evaluate money literals and comparisons the same way). ----

/** A money literal `"10.00 EUR"`: the amount in units of `10^-scale` and the currency. */
export interface MoneyLiteral {
  amount: bigint;
  scale: number;
  currency: string;
}

const MONEY = /^(-?[0-9]+)(?:\.([0-9]+))? ([A-Z]{3})$/;

/** Reads a money literal, or undefined when the text is none (only a dot separates the fraction). */
export function moneyLiteralOf(text: string): MoneyLiteral | undefined {
  const match = MONEY.exec(text);
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  return { amount: BigInt(`${match[1]}${fraction}`), scale: fraction.length, currency: match[3] };
}

/** -1, 0 or 1: `a` against `b` in the same currency (the caller checks the currency). */
export function compareMoney(a: MoneyLiteral, b: MoneyLiteral): number {
  const scale = Math.max(a.scale, b.scale);
  const left = a.amount * 10n ** BigInt(scale - a.scale);
  const right = b.amount * 10n ** BigInt(scale - b.scale);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The outcome of a comparison operator on an ordering result. */
export function holds(operator: ComparisonOp, order: number): boolean {
  switch (operator) {
    case '=':
      return order === 0;
    case '!=':
      return order !== 0;
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
  }
}
