import { Errors } from '@commerce/errors';

/** A `{id}` or `{key}` reference off the wire (never trusted). */
export function parseRef(ref: unknown): { id: string } | { key: string } {
  const value = ref as { id?: unknown; key?: unknown } | null;
  if (value && typeof value.id === 'string' && value.key === undefined) return { id: value.id };
  if (value && typeof value.key === 'string' && value.id === undefined) return { key: value.key };
  throw Errors.invalidInput('A reference needs exactly one of id and key.');
}

/** A resource version off the wire. */
export function parseVersion(version: unknown): number {
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    throw Errors.invalidInput('Malformed parameter: version: must be a non-negative integer.');
  }
  return version;
}
