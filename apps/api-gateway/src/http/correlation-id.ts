import { randomUUID } from 'node:crypto';

/** Spec: 8 to 256 characters of letters, digits, underscore and hyphen. */
const VALID = /^[A-Za-z0-9_-]{8,256}$/;

/** The caller's correlation id when it is well formed, a new one otherwise. */
export function correlationIdOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && VALID.test(value) ? value : `gw-${randomUUID()}`;
}
