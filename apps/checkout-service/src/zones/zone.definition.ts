import {
  ChangeZoneNameAction,
  SetZoneDescriptionAction,
  SetZoneKeyAction,
  ZONE_LIMIT,
  ZoneDraftDto,
  ZoneLocationAction,
  type Zone,
  type ZoneResource,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { Queryable } from '@commerce/persistence';
import {
  action,
  type ActionTable,
  type DeclaredActionTable,
  type ResourceDefinition,
} from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import {
  distinctLocations,
  locationOf,
  refuseLocationsOfOtherZones,
  sameLocation,
} from './zone-locations.js';
import { zonesTable } from './zones.table.js';

export const ZONE_ENGINE = Symbol('ZONE_ENGINE');

export const zoneActions = {
  addLocation: action(ZoneLocationAction, async (zone: Zone, { location }, { ctx, db }) => {
    const added = locationOf(location);
    if (zone.locations.some((l) => sameLocation(l, added))) return { resource: zone };
    await refuseLocationsOfOtherZones(db, ctx.projectKey, zone.id, [added]);
    return { resource: { ...zone, locations: [...zone.locations, added] } };
  }),
  removeLocation: action(ZoneLocationAction, (zone: Zone, { location }) => ({
    resource: { ...zone, locations: zone.locations.filter((l) => !sameLocation(l, location)) },
  })),
  changeName: action(ChangeZoneNameAction, (zone: Zone, { name }) => ({ resource: { ...zone, name } })),
  setDescription: action(SetZoneDescriptionAction, (zone: Zone, { description }) => ({
    resource: withOptional(zone, 'description', description),
  })),
  setKey: action(SetZoneKeyAction, (zone: Zone, { key }) => ({ resource: withOptional(zone, 'key', key) })),
} satisfies ActionTable<Zone>;

async function refuseOverLimit(db: Queryable, projectKey: string): Promise<void> {
  const [{ count }] = await db.query<Array<{ count: number }>>(
    `SELECT count(*)::int AS count FROM "checkout"."zones" WHERE project_key = $1`,
    [projectKey],
  );
  if (count >= ZONE_LIMIT) throw Errors.maxResourceLimitExceeded('zone', ZONE_LIMIT);
}

export interface ZoneDeps {
  /** Refuses deleting a Zone that something refers to (shipping methods). */
  beforeDelete?: ResourceDefinition<Zone, ZoneDraftDto>['beforeDelete'];
}

/** Zones: the countries (and states) a shipping method's rates apply to; a location is in at most one Zone. */
export function defineZone(deps: ZoneDeps = {}): ResourceDefinition<Zone, ZoneDraftDto> {
  return {
    typeId: 'zone',
    table: zonesTable,
    draft: ZoneDraftDto,
    actions: zoneActions satisfies DeclaredActionTable<Zone, typeof ZoneResource.actions>,
    build: async (draft, { ctx, db }) => {
      await refuseOverLimit(db, ctx.projectKey);
      const locations = distinctLocations((draft.locations ?? []).map(locationOf));
      await refuseLocationsOfOtherZones(db, ctx.projectKey, undefined, locations);
      return {
        ...(draft.key ? { key: draft.key } : {}),
        name: draft.name,
        ...(draft.description !== undefined && draft.description !== null
          ? { description: draft.description }
          : {}),
        locations,
      };
    },
    ...(deps.beforeDelete ? { beforeDelete: deps.beforeDelete } : {}),
  };
}
