import { OPERATION_SCOPES, type OperationScope } from '@commerce/auth';
import { randomUUID } from 'node:crypto';
import { http, type HttpResponse } from '../../support/http.js';

/** Every operation of the table with its id: the routes the gateway serves under a project. */
export const OPERATIONS = Object.entries(OPERATION_SCOPES) as Array<[string, OperationScope]>;

export interface PathValues {
  projectKey: string;
  storeKey?: string;
  idOrKey?: string;
}

/** A concrete path of a route: its parameters filled in (random ids where none is given). */
export function pathOf(operation: OperationScope, values: PathValues): string {
  return operation.path
    .replace(':projectKey', values.projectKey)
    .replace(':storeKey', values.storeKey ?? 'no-such-store')
    .replace(':idOrKey', values.idOrKey ?? randomUUID())
    .replace(':importContainerKey', values.idOrKey ?? 'no-such-container')
    .replace(':token', randomUUID())
    .replace(':id', values.idOrKey ?? randomUUID());
}

/** Calls a route with a bearer token (and an empty JSON object as body where it takes one). */
export function callRoute(
  operation: OperationScope,
  values: PathValues,
  token: string | undefined,
  options: { body?: unknown; query?: string } = {},
): Promise<HttpResponse> {
  const hasBody = operation.method === 'POST' || operation.method === 'PUT';
  return http(operation.method, `${pathOf(operation, values)}${options.query ?? ''}`, {
    ...(token !== undefined ? { token } : {}),
    ...(hasBody ? { body: options.body ?? {} } : {}),
  });
}

/** The API's error body: `{statusCode, message, errors: [{code, message}]}` (HEAD answers have no body). */
export function isErrorBody(response: HttpResponse, method: string): boolean {
  if (method === 'HEAD') return response.body === undefined || response.body === '';
  const body = response.body as { statusCode?: unknown; message?: unknown; errors?: unknown } | undefined;
  return (
    typeof body === 'object' &&
    body !== null &&
    body.statusCode === response.status &&
    typeof body.message === 'string' &&
    Array.isArray(body.errors) &&
    body.errors.length > 0 &&
    body.errors.every(
      (error: { code?: unknown; message?: unknown }) =>
        typeof error.code === 'string' && typeof error.message === 'string',
    )
  );
}

export const describeResponse = (response: HttpResponse) =>
  `${response.status} ${JSON.stringify(response.body)?.slice(0, 300)}`;
