/** The deepest nesting of arrays and objects a request body may have (docs/EDGE.md). */
export const MAX_JSON_DEPTH = 64;
/** The most elements one array of a request body may have (docs/EDGE.md). */
export const MAX_JSON_ARRAY_LENGTH = 10_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LETTER_U = 0x75;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
/** Marks an open object on the stack of element counts. */
const OBJECT = -1;

/** The four hexadecimal digits at `at` as a number, or -1 (malformed text is left to JSON.parse). */
function hex4(text: string, at: number): number {
  const digits = text.slice(at, at + 4);
  return /^[0-9A-Fa-f]{4}$/.test(digits) ? parseInt(digits, 16) : -1;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * The length of the escape at `i` (a backslash inside a string), or -1 when it is a `\u` escape of a lone
 * UTF-16 surrogate: JSON.parse would make a string that is no Unicode text, which PostgreSQL's jsonb refuses
 * (22P02) and no other store or client can hold either. A high surrogate counts only when the next escape is
 * its low half (`\ud83d\ude00` is one character).
 */
function escapeLength(text: string, i: number): number {
  if (text.charCodeAt(i + 1) !== LETTER_U) return 2;
  const code = hex4(text, i + 2);
  if (code < 0) return 2;
  if (isLowSurrogate(code)) return -1;
  if (!isHighSurrogate(code)) return 6;
  const isPair =
    text.charCodeAt(i + 6) === BACKSLASH &&
    text.charCodeAt(i + 7) === LETTER_U &&
    isLowSurrogate(hex4(text, i + 8));
  return isPair ? 12 : -1;
}

/**
 * Scans JSON text once, before it is parsed, and names the first problem it has: nesting deeper than
 * MAX_JSON_DEPTH, an array longer than MAX_JSON_ARRAY_LENGTH, or a string with a lone surrogate escape.
 * Nothing recurses and nothing is allocated per element, so a hostile body (10,000 nested arrays) costs one
 * pass over its bytes and never reaches the parser or the validator. Malformed text is left to JSON.parse.
 */
export function jsonTextProblem(text: string): string | undefined {
  // Per open container: the commas seen so far in an array, or OBJECT.
  const commas: number[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) {
        const length = escapeLength(text, i);
        if (length < 0)
          return `Invalid Unicode escape ${text.slice(i, i + 6)}: a lone UTF-16 surrogate is no character.`;
        i += length - 1;
      } else if (c === QUOTE) inString = false;
      continue;
    }
    switch (c) {
      case QUOTE:
        inString = true;
        break;
      case OPEN_ARRAY:
      case OPEN_OBJECT:
        if (commas.length === MAX_JSON_DEPTH) return `JSON nesting deeper than ${MAX_JSON_DEPTH} levels.`;
        commas.push(c === OPEN_ARRAY ? 0 : OBJECT);
        break;
      case CLOSE_ARRAY:
      case CLOSE_OBJECT:
        commas.pop();
        break;
      case COMMA: {
        const top = commas.length - 1;
        if (top >= 0 && commas[top] !== OBJECT && ++commas[top] >= MAX_JSON_ARRAY_LENGTH) {
          return `JSON array with more than ${MAX_JSON_ARRAY_LENGTH} elements.`;
        }
        break;
      }
      default:
        break;
    }
  }
  return undefined;
}
