import {
  array,
  boolean,
  enumOf,
  key,
  localizedString,
  optional,
  reference,
  resource,
} from '../shapes/shape.js';
import { STATE_ROLES, STATE_TYPES } from './state.types.js';

/**
 * A State of a workflow. `transitions` absent: any transition is allowed; empty: none (a final state).
 * `builtIn` states are created by the platform and can not be deleted.
 */
export const StateShape = resource('State', {
  key: key(),
  type: enumOf('StateType', STATE_TYPES),
  name: optional(localizedString()),
  description: optional(localizedString()),
  initial: boolean(),
  builtIn: boolean(),
  roles: array(enumOf('StateRole', STATE_ROLES)),
  transitions: optional(array(reference('state'))),
});
