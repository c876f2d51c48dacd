import type { ApiError } from '@commerce/errors';
import { whereError } from '../errors.js';

/** The 1-based line and column of a character offset. */
export function lineAndColumn(source: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < source.length; i++) {
    if (source[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** `Malformed parameter: where: Syntax error while parsing 'where'. <detail> (line L, column C):<source>` */
export function syntaxError(source: string, offset: number, detail: string): ApiError {
  const { line, column } = lineAndColumn(source, offset);
  return whereError(
    `Syntax error while parsing 'where'. ${detail} (line ${line}, column ${column}):${source}`,
  );
}

/** `a`, `a or b`, `a, b or c`. */
export function alternatives(expected: readonly string[]): string {
  if (expected.length <= 1) return expected.join('');
  return `${expected.slice(0, -1).join(', ')} or ${expected[expected.length - 1]}`;
}
