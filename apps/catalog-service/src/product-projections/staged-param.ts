import { Errors } from '@commerce/errors';

/** `staged`: absent is false; otherwise exactly `true` or `false`. */
export function stagedParam(raw: unknown): boolean {
  const values = raw === undefined ? [] : [raw].flat();
  if (values.length === 0) return false;
  if (
    values.length > 1 ||
    (values[0] !== 'true' && values[0] !== 'false' && typeof values[0] !== 'boolean')
  ) {
    throw Errors.invalidInput('Malformed parameter: staged: must be true or false.');
  }
  return values[0] === true || values[0] === 'true';
}
