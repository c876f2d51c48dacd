import { StateDraftDto, type State, StateResource } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { ResourceDefinition, DeclaredActionTable } from '@commerce/resources';
import { refuseIfProductsRefer } from '../shared/product-references.js';
import { stateActions } from './state-actions.js';
import { transitionsOf } from './state-transitions.js';
import { statesTable } from './states.table.js';

export const STATE_ENGINE = Symbol('STATE_ENGINE');

/**
 * States of a workflow: a type, roles, whether it is initial, and the states it may lead to. Built-in
 * states can not be deleted; nor can a state that a product is in or that another state leads to.
 */
export function defineState(): ResourceDefinition<State, StateDraftDto> {
  return {
    typeId: StateResource.typeId,
    table: statesTable,
    draft: StateDraftDto,
    actions: stateActions satisfies DeclaredActionTable<State, typeof StateResource.actions>,
    async build(draft, { ctx, db }) {
      const transitions = await transitionsOf(db, ctx, draft.type, draft.transitions);
      return {
        key: draft.key,
        type: draft.type,
        ...(draft.name ? { name: draft.name } : {}),
        ...(draft.description ? { description: draft.description } : {}),
        initial: draft.initial ?? false,
        builtIn: false,
        roles: [...new Set(draft.roles ?? [])],
        ...(transitions ? { transitions } : {}),
      };
    },
    async beforeDelete(state, { ctx, db }) {
      if (state.builtIn)
        throw Errors.invalidOperation(`The built-in state '${state.key}' can not be deleted.`);
      await refuseIfProductsRefer(db, ctx.projectKey, 'state', { state: { id: state.id } });
      const leading = await db.query<unknown[]>(
        `SELECT 1 FROM "catalog"."states" WHERE project_key = $1 AND id <> $2 AND doc @> $3::jsonb LIMIT 1`,
        [ctx.projectKey, state.id, JSON.stringify({ transitions: [{ id: state.id }] })],
      );
      if (leading.length > 0) throw Errors.referenceExists('state', 'state');
    },
  };
}
