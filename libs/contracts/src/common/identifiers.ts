import { Errors } from '@commerce/errors';

/**
 * The one module for how a request names a resource and the version it expects. Every edge reads them here:
 * the gateway's path segments (`/{id}`, `/key={key}`) and query (`?version=N`), GraphQL arguments, and every
 * service's payloads (`{id}` or `{key}`, a version number), so one rule holds everywhere.
 */
export type IdOrKey = { id: string } | { key: string };

const KEY_PREFIX = 'key=';

/**
 * A path segment: `key=<key>` names a resource by key, anything else is an id. A resource whose second
 * identifier is not a key names its own prefix (Orders: `order-number=<n>`, carried as the key).
 */
export function idOrKeyOfSegment(segment: string, keyPrefix = KEY_PREFIX): IdOrKey {
  return segment.startsWith(keyPrefix) ? { key: segment.slice(keyPrefix.length) } : { id: segment };
}

/** Exactly one of `id` and `key`, each a string when given (GraphQL arguments, payloads off the wire). */
export function idOrKeyOf(value: unknown): IdOrKey {
  const ref = (typeof value === 'object' && value !== null ? value : {}) as { id?: unknown; key?: unknown };
  const hasId = ref.id !== undefined && ref.id !== null;
  const hasKey = ref.key !== undefined && ref.key !== null;
  if (hasId && !hasKey && typeof ref.id === 'string') return { id: ref.id };
  if (hasKey && !hasId && typeof ref.key === 'string') return { key: ref.key };
  throw Errors.invalidInput('Exactly one of id or key must be given.');
}

/** Whether a value is a well-formed id-or-key (for callers that answer "not found" instead of 400). */
export function isIdOrKey(value: unknown): value is IdOrKey {
  const ref = value as { id?: unknown; key?: unknown } | null;
  return (typeof ref?.id === 'string') !== (typeof ref?.key === 'string');
}

const MALFORMED_VERSION = 'Malformed parameter: version: must be a non-negative integer.';

/** A version as a number (a payload, a GraphQL argument): a non-negative safe integer. */
export function versionOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw Errors.invalidInput(MALFORMED_VERSION);
  return value;
}

/** The required `version` query parameter of a DELETE (`?version=N`; the first one counts if repeated). */
export function versionOfQuery(query: Record<string, string | string[] | undefined>): number {
  const raw = Array.isArray(query.version) ? query.version[0] : query.version;
  if (raw === undefined) throw Errors.invalidInput("Missing required parameter 'version'.");
  if (!/^\d+$/.test(raw)) throw Errors.invalidInput(MALFORMED_VERSION);
  return versionOf(Number(raw));
}
