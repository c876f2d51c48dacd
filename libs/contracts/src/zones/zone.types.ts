import type { Infer } from '../shapes/shape.js';
import type { LocationShape, ZoneShape } from './zone.shape.js';

/** A country, optionally with a state in it. A location is in at most one Zone of a project. */
export type Location = Infer<typeof LocationShape>;

/** A Zone: the locations a shipping method's rates apply to (SDK `zone.d.ts`). */
export type Zone = Infer<typeof ZoneShape>;

/** At most this many Zones per project (checkout facts 6). */
export const ZONE_LIMIT = 100;
