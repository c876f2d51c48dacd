import type { Reference, RequestContext, ResourceIdentifier, State, StateType } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { Queryable } from '@commerce/persistence';
import { statesTable } from './states.table.js';

/**
 * Resolves `transitions` to references: every target must exist in the project and be of the same type.
 * Absent stays absent (any transition allowed); an empty list means none (a final state).
 */
export async function transitionsOf(
  db: Queryable,
  ctx: RequestContext,
  type: StateType,
  identifiers: ResourceIdentifier[] | undefined,
): Promise<Reference<'state'>[] | undefined> {
  if (identifiers === undefined) return undefined;
  const found = await statesTable.findMany(db, ctx.projectKey, {
    ids: identifiers.flatMap((i) => (i.id ? [i.id] : [])),
    keys: identifiers.flatMap((i) => (i.key ? [i.key] : [])),
  });
  const references: Reference<'state'>[] = [];
  for (const identifier of identifiers) {
    const state = found.find((s) => (identifier.id ? s.id === identifier.id : s.key === identifier.key));
    if (!state) {
      throw Errors.referencedResourceNotFound(
        'state',
        identifier.id ? { id: identifier.id } : { key: identifier.key ?? '' },
      );
    }
    if (state.type !== type) {
      throw Errors.invalidOperation(
        `A transition must lead to a state of the same type '${type}'; '${state.key}' is a ${state.type}.`,
      );
    }
    if (!references.some((reference) => reference.id === state.id)) {
      references.push({ typeId: 'state', id: state.id });
    }
  }
  return references;
}

/** A state with transitions keeps them only towards states of its own type. */
export async function checkTransitionTypes(db: Queryable, ctx: RequestContext, state: State): Promise<void> {
  await transitionsOf(db, ctx, state.type, state.transitions);
}
