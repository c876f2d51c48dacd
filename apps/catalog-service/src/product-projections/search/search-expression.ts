import { Errors } from '@commerce/errors';

/**
 * The filter and facet expressions of product projection search, as the live API writes them:
 *
 *   variants.attributes.color:"red","blue"          values (strings, numbers, true/false)
 *   variants.price.centAmount:range (100 to 200), (500 to *)
 *   categories.id:subtree("id"),"other-id"          a category with all its descendants
 *   variants.sku:exists   categories:missing
 *   facet: variants.attributes.color  (terms)  or any of the above, then `as alias` and `counting products`
 */
export type Literal = string | number | boolean;
export type Bound = Literal | null;

export type Condition =
  | { kind: 'values'; values: Array<{ value: Literal } | { subtree: string }> }
  | { kind: 'ranges'; ranges: Array<{ from: Bound; to: Bound }> }
  | { kind: 'exists' }
  | { kind: 'missing' };

export interface FilterExpression {
  path: string[];
  condition: Condition;
}

export interface FacetExpression {
  path: string[];
  /** Absent: a terms facet. */
  condition?: Condition;
  alias?: string;
  countingProducts: boolean;
  /** The expression as written, without `as` and `counting products`: the facet's key without an alias. */
  name: string;
}

type Token =
  | { t: 'word'; v: string }
  | { t: 'string'; v: string }
  | { t: 'number'; v: number }
  | { t: 'punct'; v: string };

class Lexer {
  private pos = 0;
  constructor(private readonly text: string) {}

  tokens(): Token[] {
    const out: Token[] = [];
    const s = this.text;
    while (this.pos < s.length) {
      const c = s[this.pos];
      if (/\s/.test(c)) {
        this.pos++;
      } else if (c === '"') {
        out.push({ t: 'string', v: this.string() });
      } else if (/[-+\d]/.test(c) && /^[-+]?\d/.test(s.slice(this.pos))) {
        const match = /^[-+]?\d+(\.\d+)?([eE][-+]?\d+)?/.exec(s.slice(this.pos))!;
        // A word that starts with a digit (an attribute named `2go`) stays a word.
        if (/[A-Za-z_]/.test(s[this.pos + match[0].length] ?? '')) {
          out.push({ t: 'word', v: this.word() });
        } else {
          out.push({ t: 'number', v: Number(match[0]) });
          this.pos += match[0].length;
        }
      } else if (/[A-Za-z0-9_-]/.test(c)) {
        out.push({ t: 'word', v: this.word() });
      } else if ('.:,()*'.includes(c)) {
        out.push({ t: 'punct', v: c });
        this.pos++;
      } else {
        throw new SyntaxError(`unexpected '${c}' at ${this.pos}`);
      }
    }
    return out;
  }

  private word(): string {
    const match = /^[A-Za-z0-9_-]+/.exec(this.text.slice(this.pos))!;
    this.pos += match[0].length;
    return match[0];
  }

  private string(): string {
    let value = '';
    this.pos++;
    while (this.pos < this.text.length) {
      const c = this.text[this.pos++];
      if (c === '"') return value;
      if (c === '\\') {
        const next = this.text[this.pos++];
        if (next === undefined) break;
        value += next;
      } else {
        value += c;
      }
    }
    throw new SyntaxError('unterminated string');
  }
}

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  path(): string[] {
    const path = [this.word()];
    while (this.isPunct('.')) {
      this.i++;
      path.push(this.word());
    }
    return path;
  }

  condition(): Condition {
    this.expectPunct(':');
    const next = this.peek();
    if (next?.t === 'word' && (next.v === 'exists' || next.v === 'missing')) {
      this.i++;
      return { kind: next.v };
    }
    if (next?.t === 'word' && next.v === 'range') {
      this.i++;
      const ranges = [this.range()];
      while (this.isPunct(',')) {
        this.i++;
        ranges.push(this.range());
      }
      return { kind: 'ranges', ranges };
    }
    const values = [this.value()];
    while (this.isPunct(',')) {
      this.i++;
      values.push(this.value());
    }
    return { kind: 'values', values };
  }

  /** `as alias` and `counting products`, in either order. */
  facetOptions(): { alias?: string; countingProducts: boolean } {
    let alias: string | undefined;
    let countingProducts = false;
    for (;;) {
      const next = this.peek();
      if (next?.t === 'word' && next.v === 'as' && alias === undefined) {
        this.i++;
        alias = this.word();
      } else if (next?.t === 'word' && next.v === 'counting' && !countingProducts) {
        this.i++;
        if (this.word() !== 'products') throw new SyntaxError("expected 'counting products'");
        countingProducts = true;
      } else {
        return { ...(alias !== undefined ? { alias } : {}), countingProducts };
      }
    }
  }

  atEnd(): boolean {
    return this.i >= this.tokens.length;
  }

  isPunct(v: string): boolean {
    const token = this.peek();
    return token?.t === 'punct' && token.v === v;
  }

  private value(): { value: Literal } | { subtree: string } {
    const token = this.next();
    if (token.t === 'string' || token.t === 'number') return { value: token.v };
    if (token.t === 'word' && (token.v === 'true' || token.v === 'false'))
      return { value: token.v === 'true' };
    if (token.t === 'word' && token.v === 'subtree') {
      this.expectPunct('(');
      const id = this.next();
      if (id.t !== 'string') throw new SyntaxError('subtree takes a quoted category id');
      this.expectPunct(')');
      return { subtree: id.v };
    }
    throw new SyntaxError(`unexpected '${String(token.v)}'`);
  }

  private range(): { from: Bound; to: Bound } {
    this.expectPunct('(');
    const from = this.bound();
    if (this.word() !== 'to') throw new SyntaxError("expected 'to' in a range");
    const to = this.bound();
    this.expectPunct(')');
    return { from, to };
  }

  private bound(): Bound {
    if (this.isPunct('*')) {
      this.i++;
      return null;
    }
    const token = this.next();
    if (token.t === 'string' || token.t === 'number') return token.v;
    throw new SyntaxError('a range bound is a number, a quoted value or *');
  }

  private word(): string {
    const token = this.next();
    if (token.t !== 'word') throw new SyntaxError(`expected a name, found '${String(token.v)}'`);
    return token.v;
  }

  private expectPunct(v: string): void {
    const token = this.next();
    if (token.t !== 'punct' || token.v !== v) throw new SyntaxError(`expected '${v}'`);
  }

  private peek(): Token | undefined {
    return this.tokens[this.i];
  }

  private next(): Token {
    const token = this.tokens[this.i++];
    if (!token) throw new SyntaxError('unexpected end');
    return token;
  }
}

/** A trailing `as alias` or `counting products`. */
const FACET_OPTION = /\s+(as\s+[A-Za-z0-9_-]+|counting\s+products)\s*$/;

function parseWith<T>(kind: string, text: string, parse: (p: Parser) => T): T {
  try {
    const parser = new Parser(new Lexer(text).tokens());
    const result = parse(parser);
    if (!parser.atEnd()) throw new SyntaxError('unexpected text after the expression');
    return result;
  } catch (error) {
    if (error instanceof SyntaxError) {
      throw Errors.invalidInput(`Malformed ${kind} expression '${text}': ${error.message}.`);
    }
    throw error;
  }
}

export function parseFilter(text: string): FilterExpression {
  return parseWith('filter', text, (p) => ({ path: p.path(), condition: p.condition() }));
}

export function parseFacet(text: string): FacetExpression {
  return parseWith('facet', text, (p) => {
    const path = p.path();
    const condition = p.isPunct(':') ? p.condition() : undefined;
    const name = text.replace(FACET_OPTION, '').replace(FACET_OPTION, '');
    return { path, ...(condition ? { condition } : {}), ...p.facetOptions(), name: name.trim() };
  });
}
