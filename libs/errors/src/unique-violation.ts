import { Errors } from './factories.js';
import type { ApiError } from './api-error.js';

/** PostgreSQL's unique_violation SQLSTATE. */
const UNIQUE_VIOLATION = '23505';

interface DriverErrorLike {
  code?: unknown;
  constraint?: unknown;
}

/**
 * Turns a PostgreSQL unique violation into `DuplicateField`. The constraint name says which field:
 * indexes are named `<table>_<field>_uq`, so the field is read back from the name.
 */
export function duplicateFieldFromDriverError(
  error: unknown,
  values: Record<string, unknown>,
): ApiError | undefined {
  const driver = (error as { driverError?: DriverErrorLike })?.driverError ?? (error as DriverErrorLike);
  if (!driver || driver.code !== UNIQUE_VIOLATION) return undefined;
  const constraint = typeof driver.constraint === 'string' ? driver.constraint : '';
  const match = /_([A-Za-z]+)_uq$/.exec(constraint);
  const field = match?.[1] ?? 'key';
  return Errors.duplicateField(field, values[field]);
}

/**
 * SQLSTATEs of text PostgreSQL cannot hold: `22021` (a NUL byte in a text parameter) and `22P05` (`\u0000`
 * in a JSON string stored as jsonb). No stored id, key or text can contain it, so it is the client's error.
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/** Turns PostgreSQL's refusal of the NUL character into `InvalidInput`, or undefined for any other error. */
export function unstorableTextFromDriverError(error: unknown): ApiError | undefined {
  const driver = (error as { driverError?: DriverErrorLike })?.driverError ?? (error as DriverErrorLike);
  if (!driver || typeof driver.code !== 'string' || !UNSTORABLE_TEXT.has(driver.code)) return undefined;
  return Errors.invalidInput('Text values must not contain the NUL character (\\u0000).');
}

/**
 * SQLSTATEs of a transaction PostgreSQL ended because a concurrent one collided with it: `40P01` (deadlock) and
 * `40001` (serialization failure). The transaction was rolled back, so the request changed nothing and may be
 * sent again: the live API's answer to a concurrent change, `409 ConcurrentModification`, which the SDKs'
 * concurrent-modification middleware retries.
 */
const CONCURRENT_WRITE = new Set(['40P01', '40001']);

/** Turns PostgreSQL's end of a colliding transaction into `ConcurrentModification`, or undefined. */
export function concurrentWriteFromDriverError(error: unknown): ApiError | undefined {
  const driver = (error as { driverError?: DriverErrorLike })?.driverError ?? (error as DriverErrorLike);
  if (!driver || typeof driver.code !== 'string' || !CONCURRENT_WRITE.has(driver.code)) return undefined;
  return Errors.concurrentWrite();
}
