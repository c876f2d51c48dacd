/**
 * The JSON text of a document object, while the object lives: the text it was stored as (a write) or read as
 * (a read of its row), so that what answers it (the gateway's HTTP reply, a service's NATS reply, the
 * recent-writes memory) sends that text instead of serializing the object again. Sound because a document
 * object is never changed once written or read: a change builds a new object (docs/ARCHITECTURE.md,
 * "Persistence"). The text is valid JSON of the same value; a read's text is PostgreSQL's `jsonb` output,
 * which puts a space after `:` and `,`.
 *
 * With `COMMERCE_JSON_TEXT_CHECK=1` (every test run, `jest.base.js`), each use of a remembered text checks that
 * the object still serializes to the same value, and throws if it does not: a change of a document object
 * after its text was remembered is a bug that would answer the old document.
 */
const texts = new WeakMap<object, string>();

/** Whether test runs' checks of remembered texts are on (`COMMERCE_JSON_TEXT_CHECK=1`). */
export const jsonTextCheck = process.env.COMMERCE_JSON_TEXT_CHECK === '1';

/** Remembers `text` as `value`'s JSON text; answers `value`. */
export function rememberJsonText<T extends object>(value: T, text: string): T {
  texts.set(value, text);
  return value;
}

/** The JSON text remembered for `value` (the object itself, not a copy), or undefined. */
export function jsonTextOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const text = texts.get(value);
  if (jsonTextCheck && text !== undefined) {
    const now = JSON.stringify(value);
    if (now !== text && now !== JSON.stringify(JSON.parse(text))) {
      throw new Error(
        'A document object changed after its JSON text was remembered (libs/contracts json-text.ts).',
      );
    }
  }
  return text;
}

/** `value`'s JSON text: the remembered one, else its serialization. */
export function jsonText(value: unknown): string {
  return jsonTextOf(value) ?? JSON.stringify(value);
}

/** Parses a document's JSON text and remembers the text for the object it gives. */
export function parseJsonText<T extends object>(text: string): T {
  return rememberJsonText(JSON.parse(text) as T, text);
}
