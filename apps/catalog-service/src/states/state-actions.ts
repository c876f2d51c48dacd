import {
  ChangeStateInitialAction,
  ChangeStateKeyAction,
  ChangeStateTypeAction,
  SetStateDescriptionAction,
  SetStateNameAction,
  SetStateTransitionsAction,
  StateRolesAction,
  type State,
  type StateRole,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, type ActionTable } from '@commerce/resources';
import { unique, withOptional } from '../shared/fields.js';
import { checkTransitionTypes, transitionsOf } from './state-transitions.js';

const withRoles = (state: State, roles: StateRole[]) => ({ resource: { ...state, roles: unique(roles) } });

/** The update actions of a State. */
export const stateActions = {
  addRoles: action(StateRolesAction, (state: State, { roles }) => {
    const present = roles.find((role) => state.roles.includes(role));
    if (present) throw Errors.invalidOperation(`The state already has the role '${present}'.`);
    return withRoles(state, [...state.roles, ...roles]);
  }),
  removeRoles: action(StateRolesAction, (state: State, { roles }) => {
    const missing = roles.find((role) => !state.roles.includes(role));
    if (missing) throw Errors.invalidOperation(`The state does not have the role '${missing}'.`);
    return withRoles(
      state,
      state.roles.filter((role) => !roles.includes(role)),
    );
  }),
  setRoles: action(StateRolesAction, (state: State, { roles }) => withRoles(state, roles)),
  changeInitial: action(ChangeStateInitialAction, (state: State, { initial }) => ({
    resource: { ...state, initial },
  })),
  changeKey: action(ChangeStateKeyAction, (state: State, { key }) => ({ resource: { ...state, key } })),
  changeType: action(ChangeStateTypeAction, async (state: State, { type }, { ctx, db }) => {
    const changed = { ...state, type };
    await checkTransitionTypes(db, ctx, changed);
    return { resource: changed };
  }),
  setName: action(SetStateNameAction, (state: State, { name }) => ({
    resource: withOptional(state, 'name', name),
  })),
  setDescription: action(SetStateDescriptionAction, (state: State, { description }) => ({
    resource: withOptional(state, 'description', description),
  })),
  setTransitions: action(SetStateTransitionsAction, async (state: State, { transitions }, { ctx, db }) => ({
    resource: withOptional(state, 'transitions', await transitionsOf(db, ctx, state.type, transitions)),
  })),
} satisfies ActionTable<State>;
