import type { BaseResource } from '../common/types.js';

/** A country, optionally with a state in it. A location is in at most one Zone of a project. */
export interface Location {
  country: string;
  state?: string;
}

/** A Zone: the locations a shipping method's rates apply to (SDK `zone.d.ts`). */
export interface Zone extends BaseResource {
  key?: string;
  name: string;
  description?: string;
  locations: Location[];
}

/** At most this many Zones per project (checkout facts 6). */
export const ZONE_LIMIT = 100;
