import { array, key, object, optional, resource, string } from '../shapes/shape.js';

/** A country, optionally with a state in it. A location is in at most one Zone of a project. */
export const LocationShape = object('Location', {
  country: string({ graphql: 'Country' }),
  state: optional(string()),
});

/** A Zone: the locations a shipping method's rates apply to (SDK `zone.d.ts`). */
export const ZoneShape = resource('Zone', {
  key: optional(key()),
  name: string(),
  description: optional(string()),
  locations: array(LocationShape),
});
