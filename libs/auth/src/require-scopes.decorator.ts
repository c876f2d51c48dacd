import { SetMetadata, type CustomDecorator } from '@nestjs/common';
import { OPERATION_SCOPES, isOperationId, type OperationId } from './operation-scopes.js';

export const REQUIRED_SCOPES = 'commerce:required-scopes';
export const PUBLIC_ROUTE = 'commerce:public-route';

/**
 * Declares what an operation needs, read by the gateway's single authorization guard. Preferably an
 * operation of the table (`@RequireScopes('customers.create')`), whose scopes the table names; otherwise
 * permissions, any one of which is enough (`manage_project` always is).
 */
export function RequireScopes(operation: OperationId): CustomDecorator<string>;
export function RequireScopes(...permissions: string[]): CustomDecorator<string>;
export function RequireScopes(...args: string[]): CustomDecorator<string> {
  if (args.length === 1 && isOperationId(args[0])) {
    return SetMetadata(REQUIRED_SCOPES, [...OPERATION_SCOPES[args[0]].scopes]);
  }
  return SetMetadata(REQUIRED_SCOPES, args);
}

/** Marks a route that needs no bearer token (OAuth endpoints, health probes). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);
