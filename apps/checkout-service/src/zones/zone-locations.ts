import { Errors } from '@commerce/errors';
import type { Location } from '@commerce/contracts';
import type { Queryable } from '@commerce/persistence';

/** The location as stored: `state` only when given. */
export function locationOf(location: Location): Location {
  return location.state === undefined || location.state === null
    ? { country: location.country }
    : { country: location.country, state: location.state };
}

export const sameLocation = (a: Location, b: Location) =>
  a.country === b.country && (a.state ?? '') === (b.state ?? '');

/** The locations without repeats, first occurrence kept. */
export function distinctLocations(locations: Location[]): Location[] {
  return locations.filter(
    (location, index) => locations.findIndex((l) => sameLocation(l, location)) === index,
  );
}

/**
 * Refuses locations another Zone of the project has (a location is in at most one Zone): `DuplicateField` on
 * `locations` naming the first. The unique index on `checkout.zone_locations` holds the rule against races.
 */
export async function refuseLocationsOfOtherZones(
  db: Queryable,
  projectKey: string,
  zoneId: string | undefined,
  locations: Location[],
): Promise<void> {
  if (locations.length === 0) return;
  const rows = await db.query<Array<{ country: string; state: string }>>(
    `SELECT country, state FROM "checkout"."zone_locations"
     WHERE project_key = $1 AND zone_id IS DISTINCT FROM $2
       AND (country, state) IN (SELECT * FROM unnest($3::text[], $4::text[]))`,
    [projectKey, zoneId ?? null, locations.map((l) => l.country), locations.map((l) => l.state ?? '')],
  );
  if (rows.length === 0) return;
  const taken = locations.find((l) =>
    rows.some((row) => row.country === l.country && row.state === (l.state ?? '')),
  );
  throw Errors.duplicateField('locations', taken ?? locations[0]);
}
