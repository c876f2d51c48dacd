import {
  builtInStateId,
  initialLineItemState,
  type Reference,
  type RequestContext,
  type ResourceIdentifier,
  type State,
  type StateType,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { ReferenceResolver } from '@commerce/resources';

/** Whether an identifier names the built-in `Initial` LineItemState (by key, by its id, or by the alias `Initial`). */
function isInitial(ctx: RequestContext, identifier: ResourceIdentifier): boolean {
  return (
    identifier.key === 'Initial' ||
    identifier.id === 'Initial' ||
    identifier.id === builtInStateId(ctx.projectKey, 'Initial')
  );
}

/**
 * States by identifier, in order (catalog-service owns them). The built-in `Initial` LineItemState exists in
 * every project, also before catalog-service has stored it (it does so when its States are first read).
 */
export async function requireStates(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  identifiers: ResourceIdentifier[],
): Promise<State[]> {
  const stored = identifiers.filter((identifier) => !isInitial(ctx, identifier));
  const found = await resolver.require<State & Record<string, unknown>>(ctx, 'state', stored);
  const initial = initialLineItemState(ctx.projectKey);
  return identifiers.map((identifier) => (isInitial(ctx, identifier) ? initial : found.shift()!));
}

/**
 * The State a resource moves to by `transitionState` (catalog-service owns States; asked through its
 * resolve subject): it must exist and be of `type`; without `force`, the current State's `transitions`
 * (absent: any) must name it.
 */
export async function transitionTarget(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  type: StateType,
  current: Reference<'state'> | undefined,
  target: ResourceIdentifier,
  force: boolean,
): Promise<Reference<'state'>> {
  const lookups = [target, ...(current && !force ? [{ id: current.id }] : [])];
  const [next, from] = await requireStates(resolver, ctx, lookups);
  if (next.type !== type) {
    throw Errors.invalidOperation(`The State '${next.key}' is a ${next.type}, not a ${type}.`);
  }
  if (from?.transitions && !from.transitions.some((allowed) => allowed.id === next.id)) {
    throw Errors.invalidOperation(
      `A transition from the State '${from.key}' to '${next.key}' is not allowed; use force to pass it.`,
    );
  }
  return { typeId: 'state', id: next.id };
}

/** An initial State given in a draft: it must exist and be of `type`. */
export async function stateReference(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  type: StateType,
  identifier: ResourceIdentifier,
): Promise<Reference<'state'>> {
  const [state] = await requireStates(resolver, ctx, [identifier]);
  if (state.type !== type) {
    throw Errors.invalidOperation(`The State '${state.key}' is a ${state.type}, not a ${type}.`);
  }
  return { typeId: 'state', id: state.id };
}
