import { fullActionsOf, type ActionTable, type FullActionsOf } from './resources/descriptor.js';
import { RESOURCE_DESCRIPTORS } from './resources/descriptors.js';

type Described = (typeof RESOURCE_DESCRIPTORS)[number];
/** Resources updated by `POST {version, actions}` (not those with an update of their own, like insights'). */
type WithActions = Exclude<Extract<Described, { actions: object }>, { update: object }>;

/** The update-action tables by resource type id, as the descriptors declare them. */
export type UpdateActionTables = { [D in WithActions as D['typeId']]: FullActionsOf<D> };

/**
 * The update actions of every resource updated by `POST {version, actions}`, by type id, with the DTO each is validated with:
 * the API's `<Resource>UpdateAction` unions. Derived from the descriptors (each resource's action table beside
 * its DTOs, plus the custom-fields pair where its descriptor says so). The owning services build their action
 * tables with these DTOs and check at start that their table names exactly these (libs/resources
 * `checkDocumentedActions`); the gateway's OpenAPI description and GraphQL derive the update bodies from here.
 */
export const UPDATE_ACTIONS = Object.fromEntries(
  RESOURCE_DESCRIPTORS.flatMap((descriptor) => {
    const actions = fullActionsOf(descriptor);
    return actions && !('update' in descriptor) ? [[descriptor.typeId, actions] as const] : [];
  }),
) as UpdateActionTables satisfies Record<string, ActionTable>;

export type DocumentedResourceType = keyof UpdateActionTables;

export function isDocumentedResourceType(typeId: string): typeId is DocumentedResourceType {
  return Object.hasOwn(UPDATE_ACTIONS, typeId);
}
