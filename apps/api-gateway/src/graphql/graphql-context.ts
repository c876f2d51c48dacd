import { OPERATION_SCOPES, satisfies, type OperationId } from '@commerce/auth';
import type { Principal, RequestContext } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { RpcClient } from '@commerce/messaging';
import type { ReferenceLoader } from './reference-loader.js';

/** What every resolver sees: who asks, in which project, and the per-request reference batch. */
export interface GraphqlContext {
  principal: Principal;
  /** The project's context, never with a `storeKey`: in-store fields derive their own. */
  ctx: RequestContext;
  rpc: RpcClient;
  references: ReferenceLoader;
}

/** The parent value of the fields under `inStore(key)` / `inStores(keys)`. */
export interface InStoreScope {
  storeKeys: string[];
}

/**
 * The scopes of an operation of the table, or of a fallback operation while the table does not have it yet
 * (an operation added by another change: the lookup picks it up as soon as it exists).
 */
export function operationScopes(operation: string, fallback: OperationId): readonly string[] {
  const table: Record<string, { scopes: readonly string[] }> = OPERATION_SCOPES;
  return (Object.hasOwn(table, operation) ? table[operation] : OPERATION_SCOPES[fallback]).scopes;
}

function requirement(operation: OperationId | readonly string[]): {
  scopes: readonly string[];
  customer?: true;
  session?: true;
} {
  return typeof operation === 'string' ? OPERATION_SCOPES[operation] : { scopes: operation };
}

/** A `/me` operation acts for the token's customer or anonymous session: a token without one is refused. */
function requireSession(principal: Principal, session: true | undefined): void {
  if (session && !principal.customerId && !principal.anonymousId) {
    throw Errors.insufficientScope(['customer_id']);
  }
}

function refuse(required: readonly string[], projectKey: string): never {
  throw Errors.insufficientScope(required.map((scope) => `${scope}:${projectKey}`));
}

/**
 * A project-wide field needs what its REST operation needs (the operation table): a scope of the project,
 * never a store scope, and no token issued for one Store.
 */
export function authorize(context: GraphqlContext, operation: OperationId | readonly string[]): void {
  const { scopes, customer, session } = requirement(operation);
  const { principal, ctx } = context;
  if (principal.storeKey !== undefined || !satisfies(principal.scopes, scopes, ctx.projectKey)) {
    refuse(scopes, ctx.projectKey);
  }
  if (customer && !principal.customerId) throw Errors.insufficientScope(['customer_id']);
  requireSession(principal, session);
}

/**
 * An in-store field needs what its in-store REST operation needs, for at least one of the Stores; it then
 * sees only the Stores the token may use (all of them with a project scope).
 */
export function authorizeInStores(
  context: GraphqlContext,
  operation: OperationId | readonly string[],
  storeKeys: readonly string[],
): string[] {
  const { scopes, customer, session } = requirement(operation);
  const { principal, ctx } = context;
  const allowed = storeKeys.filter(
    (storeKey) =>
      (principal.storeKey === undefined || principal.storeKey === storeKey) &&
      satisfies(principal.scopes, scopes, ctx.projectKey, storeKey),
  );
  if (allowed.length === 0) refuse(scopes, ctx.projectKey);
  if (customer && !principal.customerId) throw Errors.insufficientScope(['customer_id']);
  requireSession(principal, session);
  return allowed;
}

/** The context of a call restricted to one Store (what `/in-store/key={storeKey}/...` routes send). */
export function inStoreContext(ctx: RequestContext, storeKey: string): RequestContext {
  return { ...ctx, storeKey };
}
