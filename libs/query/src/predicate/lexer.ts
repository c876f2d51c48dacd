import { syntaxError } from './syntax-error.js';

export type TokenKind = 'identifier' | 'string' | 'number' | 'variable' | 'symbol' | 'invalid' | 'end';

export interface Token {
  kind: TokenKind;
  /** The token as written in the source. */
  text: string;
  /** Decoded string content, variable name, normalised number or symbol (`<>` reads as `!=`). */
  value: string;
  offset: number;
}

const SYMBOLS = ['<=', '>=', '!=', '<>', '(', ')', ',', '=', '<', '>'];
const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_-]*/y;
const NUMBER = /-?[0-9]+(?:\.[0-9]+)?/y;
const VARIABLE = /:[A-Za-z0-9]+/y;
const WHITESPACE = /[ \t\r\n]+/y;
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };

function match(pattern: RegExp, source: string, offset: number): string | undefined {
  pattern.lastIndex = offset;
  return pattern.exec(source)?.[0];
}

/** `007.50` -> `7.50`, `-0012` -> `-12`: valid JSON and SQL numeric text. */
export function normaliseNumber(text: string): string {
  const negative = text.startsWith('-');
  const unsigned = negative ? text.slice(1) : text;
  const [integer, fraction] = unsigned.split('.');
  const digits = integer.replace(/^0+(?=[0-9])/, '');
  return `${negative ? '-' : ''}${digits}${fraction === undefined ? '' : `.${fraction}`}`;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The code unit of the `\\uXXXX` escape whose backslash is at `offset`. */
function unicodeEscape(source: string, offset: number): number {
  const hex = source.slice(offset + 2, offset + 6);
  if (!/^[0-9A-Fa-f]{4}$/.test(hex)) {
    throw syntaxError(source, offset + 2, `Invalid unicode escape, expected 4 hexadecimal digits`);
  }
  return parseInt(hex, 16);
}

/**
 * Reads a quoted string starting at `offset`; returns the decoded value and the offset after the closing quote.
 * A `\\u` escape of a lone UTF-16 surrogate is refused: the decoded value would be no Unicode text, which
 * PostgreSQL's jsonb refuses (a 500 otherwise); a pair of escapes (`\\ud83d\\ude00`) is one character.
 */
function readString(source: string, offset: number): { value: string; end: number } {
  const quote = source[offset];
  let value = '';
  let i = offset + 1;
  while (i < source.length) {
    const char = source[i];
    if (char === quote) return { value, end: i + 1 };
    if (char !== '\\') {
      // Up to the next quote or backslash in one piece.
      let end = i + 1;
      while (end < source.length && source[end] !== quote && source[end] !== '\\') end++;
      value += source.slice(i, end);
      i = end;
      continue;
    }
    const escaped = source[i + 1];
    if (escaped === undefined) break;
    if (escaped === 'u') {
      const code = unicodeEscape(source, i);
      const pair =
        isHighSurrogate(code) && source.startsWith('\\u', i + 6) ? unicodeEscape(source, i + 6) : -1;
      if (isLowSurrogate(code) || (isHighSurrogate(code) && !isLowSurrogate(pair))) {
        throw syntaxError(source, i, `Invalid unicode escape, a lone UTF-16 surrogate is no character`);
      }
      value += isHighSurrogate(code) ? String.fromCharCode(code, pair) : String.fromCharCode(code);
      i += isHighSurrogate(code) ? 12 : 6;
      continue;
    }
    value += ESCAPES[escaped] ?? escaped;
    i += 2;
  }
  throw syntaxError(source, source.length, `Unexpected end of input, expected ${quote}`);
}

/** Splits a predicate into tokens. Unknown characters become `invalid` tokens so the parser can say what it expected. */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let offset = 0;
  while (offset < source.length) {
    const space = match(WHITESPACE, source, offset);
    if (space) {
      offset += space.length;
      continue;
    }
    const char = source[offset];
    if (char === '"' || char === "'") {
      const { value, end } = readString(source, offset);
      tokens.push({ kind: 'string', text: source.slice(offset, end), value, offset });
      offset = end;
      continue;
    }
    const token = readSimple(source, offset);
    tokens.push(token);
    offset += token.text.length;
  }
  tokens.push({ kind: 'end', text: '', value: '', offset: source.length });
  return tokens;
}

/** What a token can be by its first character: only that pattern is tried (a predicate is mostly symbols). */
function startsIdentifier(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

function readSimple(source: string, offset: number): Token {
  const code = source.charCodeAt(offset);
  const identifier = startsIdentifier(code) ? match(IDENTIFIER, source, offset) : undefined;
  if (identifier) return { kind: 'identifier', text: identifier, value: identifier, offset };
  const number = code === 45 || (code >= 48 && code <= 57) ? match(NUMBER, source, offset) : undefined;
  if (number) return { kind: 'number', text: number, value: normaliseNumber(number), offset };
  const variable = code === 58 ? match(VARIABLE, source, offset) : undefined;
  if (variable) return { kind: 'variable', text: variable, value: variable.slice(1), offset };
  const symbol = SYMBOLS.find((s) => source.startsWith(s, offset));
  if (symbol) return { kind: 'symbol', text: symbol, value: symbol === '<>' ? '!=' : symbol, offset };
  const char = String.fromCodePoint(source.codePointAt(offset) ?? 0);
  return { kind: 'invalid', text: char, value: char, offset };
}
