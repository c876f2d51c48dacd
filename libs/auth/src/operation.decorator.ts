import { RequestMapping, RequestMethod, SetMetadata, applyDecorators } from '@nestjs/common';
import {
  OPERATION_SCOPES,
  PUBLIC_OPERATIONS,
  type OperationId,
  type OperationScope,
  type PublicOperationId,
} from './operation-scopes.js';
import { Public } from './public.decorator.js';

/** The scopes a route's operation needs (any one is enough), read by the gateway's one guard. */
export const REQUIRED_SCOPES = 'commerce:required-scopes';

/** The operation id a route handler serves (read by the OpenAPI description). */
export const OPERATION_ID = 'commerce:operation-id';

/**
 * A gateway route declared by its operation in the table: the table's method and path become the route
 * (in a controller without a path prefix), and its scopes the guard's requirement. The route, its scopes
 * and its name are written once, in `OPERATION_SCOPES`.
 */
export function Operation(id: OperationId): MethodDecorator {
  return OperationRoute(id, OPERATION_SCOPES[id]);
}

/** A route declared by an operation's entry (a described resource's, `describedOperations`). */
export function OperationRoute(id: string, { method, path, scopes }: OperationScope): MethodDecorator {
  return applyDecorators(
    RequestMapping({ method: RequestMethod[method], path }),
    SetMetadata(REQUIRED_SCOPES, [...scopes]),
    SetMetadata(OPERATION_ID, id),
  );
}

/** A route that needs no token, declared by its entry in `PUBLIC_OPERATIONS` (method and path written once there). */
export function PublicOperation(id: PublicOperationId): MethodDecorator {
  const { method, path } = PUBLIC_OPERATIONS[id];
  return applyDecorators(
    RequestMapping({ method: RequestMethod[method], path }),
    Public(),
    SetMetadata(OPERATION_ID, id),
  );
}
