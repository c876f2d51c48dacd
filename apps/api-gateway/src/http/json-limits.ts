/** The deepest nesting of arrays and objects a request body may have (docs/EDGE.md). */
export const MAX_JSON_DEPTH = 64;
/** The most elements one array of a request body may have (docs/EDGE.md). */
export const MAX_JSON_ARRAY_LENGTH = 10_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
/** Marks an open object on the stack of element counts. */
const OBJECT = -1;

/**
 * Scans JSON text once, before it is parsed, and names the first limit it breaks: nesting deeper than
 * MAX_JSON_DEPTH or an array longer than MAX_JSON_ARRAY_LENGTH. Strings are skipped, nothing recurses and
 * nothing is allocated per element, so a hostile body (10,000 nested arrays) costs one pass over its bytes
 * and never reaches the parser or the validator. Malformed text is left to JSON.parse.
 */
export function jsonLimitProblem(text: string): string | undefined {
  // Per open container: the commas seen so far in an array, or OBJECT.
  const commas: number[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
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
