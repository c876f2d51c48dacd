import { CustomObjectShape, type Reference } from '@commerce/contracts';
import type { GraphqlContext } from '../graphql-context.js';
import type { ReferenceKey } from '../reference-loader.js';
import { localizedFields } from '../resolvers/localized.js';
import { referenced, referencedList } from '../resolvers/references.js';
import { GRAPHQL_TYPE_NAMES, SHAPED_RESOURCES } from '../resources.js';
import { shapeTypes, type FieldReaders, type Resolver } from './shape-types.js';

/** How a derived field reads: localized strings by locale, references batched per request. */
export const FIELD_READERS: FieldReaders = {
  localized: (field) => localizedFields(field) as Record<string, Resolver>,
  referenced: (field, list) => (parent: Record<string, unknown>, _args: unknown, context: GraphqlContext) =>
    list
      ? referencedList(context, parent[field] as ReferenceKey[] | undefined)
      : referenced(context, parent[field] as Reference | undefined),
};

/**
 * Object types a shape names that the SDL writes (`types.sdl.ts`): the interface of shipping rate tiers (one
 * type per kind).
 */
export const WRITTEN_IN_SDL: ReadonlySet<string> = new Set(['ShippingRatePriceTier']);

/** The object types (SDL and resolvers) of every resource that declares its shape, and of Custom Objects. */
export const SHAPE_TYPES = shapeTypes(
  [...SHAPED_RESOURCES.map((descriptor) => descriptor.shape), CustomObjectShape],
  GRAPHQL_TYPE_NAMES,
  FIELD_READERS,
  WRITTEN_IN_SDL,
);
