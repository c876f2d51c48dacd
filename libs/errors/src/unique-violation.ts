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
