import { Errors, type ApiError } from '@commerce/errors';

/** A 400 InvalidInput naming the query parameter at fault, in the API's `Malformed parameter: ...` form. */
export function malformed(parameter: string, detail: string): ApiError {
  return Errors.invalidInput(`Malformed parameter: ${parameter}: ${detail}`);
}

export const whereError = (detail: string): ApiError => malformed('where', detail);
export const sortError = (detail: string): ApiError => malformed('sort', detail);
export const expandError = (detail: string): ApiError => malformed('expand', detail);
