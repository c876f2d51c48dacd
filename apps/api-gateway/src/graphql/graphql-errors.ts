import { ApiError, Errors, type ErrorObject } from '@commerce/errors';
import type { GraphQLError } from 'graphql';
import { randomUUID } from 'node:crypto';

/** One entry of the response's `errors[]`, as the live API writes it (reference facts 1.5). */
export interface GraphqlErrorBody {
  message: string;
  locations?: readonly { line: number; column: number }[];
  path?: readonly (string | number)[];
  extensions: { code: string; [extra: string]: unknown };
}

function body(error: GraphQLError, object: ErrorObject): GraphqlErrorBody {
  const { code, message, ...extra } = object;
  return {
    message,
    ...(error.locations ? { locations: error.locations } : {}),
    ...(error.path ? { path: error.path } : {}),
    extensions: { code, ...extra },
  };
}

/**
 * A field's error: an ApiError (ours or a service's, re-raised) keeps its platform code and extra fields
 * (`ConcurrentModification` with `currentVersion`); anything else is `General` with an id that is logged.
 */
export function formatFieldError(
  error: GraphQLError,
  log: (errorId: string, error: unknown) => void,
): GraphqlErrorBody {
  const original = error.originalError;
  if (original instanceof ApiError) return body(error, original.errors[0]);
  const errorId = randomUUID();
  log(errorId, original ?? error);
  return body(error, Errors.general(errorId).errors[0]);
}

/** An error of the request itself (syntax, validation, limits, variables): answered with HTTP 400. */
export function formatRequestError(error: GraphQLError | Error): GraphqlErrorBody {
  const located = error as Partial<GraphQLError>;
  return {
    message: error.message,
    ...(located.locations ? { locations: located.locations } : {}),
    extensions: { code: 'InvalidInput' },
  };
}
