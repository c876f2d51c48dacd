import { whereError } from '../errors.js';
import type { ComparisonOperator, Literal, Predicate } from './ast.js';
import { tokenize, type Token } from './lexer.js';
import { alternatives, syntaxError } from './syntax-error.js';

/** Longest predicate accepted, in characters. */
export const MAX_PREDICATE_LENGTH = 10_000;
/** Deepest nesting of parentheses, `not (...)` and `field(...)` accepted. */
export const MAX_PREDICATE_DEPTH = 50;

const COMPARISONS: ReadonlySet<string> = new Set<ComparisonOperator>(['=', '!=', '<', '<=', '>', '>=']);
const AFTER_FIELD = [
  'identifier character',
  "'('",
  'comparison operator',
  'not',
  'in',
  'contains',
  'is',
  'within',
  'matches',
];
const PREDICATE_START = ['field name', 'not', "'('"];
const VALUE = ['string', 'number', 'true', 'false', 'input variable'];

/**
 * Parses a query predicate (reference facts section 2). Precedence: `not` binds tighter than `and`, which binds
 * tighter than `or`. Keywords are case-insensitive. Errors are 400 InvalidInput with the line and column.
 */
export function parsePredicate(source: string): Predicate {
  if (source.length > MAX_PREDICATE_LENGTH) {
    throw whereError(`The predicate is longer than ${MAX_PREDICATE_LENGTH} characters.`);
  }
  return new Parser(source, tokenize(source)).parse();
}

class Parser {
  private position = 0;
  private depth = 0;

  constructor(
    private readonly source: string,
    private readonly tokens: Token[],
  ) {}

  parse(): Predicate {
    const predicate = this.parseOr();
    if (this.peek().kind !== 'end') throw this.unexpected(['and', 'or']);
    return predicate;
  }

  private parseOr(): Predicate {
    const operands = [this.parseAnd()];
    while (this.acceptKeyword('or')) operands.push(this.parseAnd());
    return operands.length === 1 ? operands[0] : { kind: 'or', operands };
  }

  private parseAnd(): Predicate {
    const operands = [this.parseUnary()];
    while (this.acceptKeyword('and')) operands.push(this.parseUnary());
    return operands.length === 1 ? operands[0] : { kind: 'and', operands };
  }

  private parseUnary(): Predicate {
    const token = this.peek();
    if (this.acceptKeyword('not')) return { kind: 'not', operand: this.parseGroup() };
    if (token.kind === 'symbol' && token.value === '(') return this.parseGroup();
    if (token.kind === 'identifier') {
      this.position++;
      return this.parseCondition(token.value);
    }
    throw this.unexpected(PREDICATE_START);
  }

  /** `( predicate )`, counting towards the nesting limit. */
  private parseGroup(): Predicate {
    this.expectSymbol('(');
    if (++this.depth > MAX_PREDICATE_DEPTH) {
      throw whereError(`The predicate is nested more than ${MAX_PREDICATE_DEPTH} levels deep.`);
    }
    const predicate = this.parseOr();
    this.expectSymbol(')', ['and', 'or', "')'"]);
    this.depth--;
    return predicate;
  }

  private parseCondition(field: string): Predicate {
    const token = this.peek();
    if (token.kind === 'symbol' && token.value === '(')
      return { kind: 'nested', field, predicate: this.parseGroup() };
    if (token.kind === 'symbol' && COMPARISONS.has(token.value)) {
      this.position++;
      return {
        kind: 'compare',
        field,
        operator: token.value as ComparisonOperator,
        value: this.parseValue(),
      };
    }
    if (this.acceptKeyword('in')) return { kind: 'in', field, negated: false, values: this.parseList() };
    if (this.acceptKeyword('not')) {
      this.expectKeyword('in');
      return { kind: 'in', field, negated: true, values: this.parseList() };
    }
    if (this.acceptKeyword('contains')) {
      const mode = this.acceptKeyword('any') ? 'any' : this.acceptKeyword('all') ? 'all' : undefined;
      if (!mode) throw this.unexpected(['any', 'all']);
      return { kind: 'contains', field, mode, values: this.parseList() };
    }
    if (this.acceptKeyword('is')) return this.parseIs(field);
    if (this.acceptKeyword('within')) return this.parseWithinCircle(field);
    if (this.acceptKeyword('matches')) {
      this.expectKeyword('ignore');
      this.expectKeyword('case');
      return { kind: 'matchesIgnoreCase', field, value: this.parseValue() };
    }
    throw this.unexpected(AFTER_FIELD);
  }

  private parseIs(field: string): Predicate {
    const negated = this.acceptKeyword('not');
    if (this.acceptKeyword('defined')) return { kind: 'defined', field, negated };
    if (this.acceptKeyword('empty')) return { kind: 'empty', field, negated };
    throw this.unexpected(negated ? ['defined', 'empty'] : ['not', 'defined', 'empty']);
  }

  private parseWithinCircle(field: string): Predicate {
    this.expectKeyword('circle');
    this.expectSymbol('(');
    const longitude = this.parseValue();
    this.expectSymbol(',');
    const latitude = this.parseValue();
    this.expectSymbol(',');
    const radius = this.parseValue();
    this.expectSymbol(')');
    return { kind: 'withinCircle', field, longitude, latitude, radius };
  }

  /** `( value, ... )` or a single input variable standing for all its values. */
  private parseList(): Literal[] {
    const token = this.peek();
    if (token.kind === 'variable') {
      this.position++;
      return [{ kind: 'variable', name: token.value }];
    }
    this.expectSymbol('(', ["'('", 'input variable']);
    const values = [this.parseValue()];
    while (this.acceptSymbol(',')) values.push(this.parseValue());
    this.expectSymbol(')', ["','", "')'"]);
    return values;
  }

  private parseValue(): Literal {
    const token = this.peek();
    switch (token.kind) {
      case 'string':
        this.position++;
        return { kind: 'string', value: token.value };
      case 'number':
        return this.parseNumber(token);
      case 'variable':
        this.position++;
        return { kind: 'variable', name: token.value };
      case 'identifier': {
        const word = token.value.toLowerCase();
        if (word !== 'true' && word !== 'false') break;
        this.position++;
        return { kind: 'boolean', value: word === 'true' };
      }
      case 'symbol':
      case 'invalid':
      case 'end':
        break;
    }
    throw this.unexpected(VALUE);
  }

  private parseNumber(token: Token): Literal {
    const value = Number(token.value);
    if (!Number.isFinite(value))
      throw syntaxError(this.source, token.offset, `Number out of range '${shorten(token.text)}'`);
    this.position++;
    return { kind: 'number', value, text: token.value };
  }

  private peek(): Token {
    return this.tokens[this.position];
  }

  private acceptKeyword(keyword: string): boolean {
    const token = this.peek();
    if (token.kind !== 'identifier' || token.value.toLowerCase() !== keyword) return false;
    this.position++;
    return true;
  }

  private expectKeyword(keyword: string): void {
    if (!this.acceptKeyword(keyword)) throw this.unexpected([keyword]);
  }

  private acceptSymbol(symbol: string): boolean {
    const token = this.peek();
    if (token.kind !== 'symbol' || token.value !== symbol) return false;
    this.position++;
    return true;
  }

  private expectSymbol(symbol: string, expected: string[] = [`'${symbol}'`]): void {
    if (!this.acceptSymbol(symbol)) throw this.unexpected(expected);
  }

  private unexpected(expected: readonly string[]): Error {
    const token = this.peek();
    const found = token.kind === 'end' ? 'Unexpected end of input' : `Invalid input '${shorten(token.text)}'`;
    return syntaxError(this.source, token.offset, `${found}, expected ${alternatives(expected)}`);
  }
}

function shorten(text: string): string {
  return text.length > 30 ? `${text.slice(0, 30)}...` : text;
}
