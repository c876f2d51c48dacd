import { ApiError, Errors } from '@commerce/errors';
import { randomUUID } from 'node:crypto';

/** Spec: 8 to 256 characters of letters, digits, underscore and hyphen. */
const VALID = /^[A-Za-z0-9_-]{8,256}$/;

/** `X-External-User-ID` names a user without personal data: no e-mail address (no `@`), no whitespace. */
const EXTERNAL_USER_ID = /^[^\s@]{1,128}$/;

/** A new correlation id, for requests that come without one (or with one that is refused). */
export const newCorrelationId = (): string => `gw-${randomUUID()}`;

/** The caller's correlation id, a new one when none is sent, or the error for a malformed one. */
export function correlationIdOf(header: string | string[] | undefined): string | ApiError {
  if (header === undefined) return newCorrelationId();
  if (typeof header === 'string' && VALID.test(header)) return header;
  return Errors.invalidInput(
    'Invalid X-Correlation-ID: it must have 8 to 256 letters, digits, underscores or hyphens.',
  );
}

/** Refuses an `X-External-User-ID` that looks like personal data (spec: Headers) or is malformed. */
export function externalUserIdError(header: string | string[] | undefined): ApiError | undefined {
  if (header === undefined || (typeof header === 'string' && EXTERNAL_USER_ID.test(header))) return undefined;
  return Errors.invalidInput(
    'Invalid X-External-User-ID: 1 to 128 characters without whitespace; it must not carry personal data such as an e-mail address.',
  );
}
