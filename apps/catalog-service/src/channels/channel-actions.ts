import {
  ChangeChannelDescriptionAction,
  ChangeChannelKeyAction,
  ChangeChannelNameAction,
  ChannelRolesAction,
  SetChannelGeoLocationAction,
  type Channel,
  type ChannelRole,
  type GeoJsonPoint,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, type ActionTable } from '@commerce/resources';
import { unique, withOptional } from '../shared/fields.js';

/** Reference facts 4.1: a Channel always has at least one role. */
export function checkRoles(roles: ChannelRole[]): ChannelRole[] {
  if (roles.length === 0) throw Errors.invalidOperation('A Channel must have at least one role.');
  return unique(roles);
}

const withRoles = (channel: Channel, roles: ChannelRole[]) => ({
  resource: { ...channel, roles: checkRoles(roles) },
});

/** The update actions of a Channel other than its custom fields. */
export const channelActions = {
  addRoles: action(ChannelRolesAction, (channel: Channel, { roles }) =>
    withRoles(channel, [...channel.roles, ...roles]),
  ),

  removeRoles: action(ChannelRolesAction, (channel: Channel, { roles }) =>
    withRoles(
      channel,
      channel.roles.filter((role) => !roles.includes(role)),
    ),
  ),

  setRoles: action(ChannelRolesAction, (channel: Channel, { roles }) => withRoles(channel, roles)),

  changeKey: action(ChangeChannelKeyAction, (channel: Channel, { key }) => ({
    resource: { ...channel, key },
  })),

  changeName: action(ChangeChannelNameAction, (channel: Channel, { name }) => ({
    resource: { ...channel, name },
  })),

  changeDescription: action(ChangeChannelDescriptionAction, (channel: Channel, { description }) => ({
    resource: { ...channel, description },
  })),

  setGeoLocation: action(SetChannelGeoLocationAction, (channel: Channel, { geoLocation }) => ({
    resource: withOptional(channel, 'geoLocation', geoLocation && pointOf(geoLocation)),
  })),
} satisfies ActionTable<Channel>;

export function pointOf(point: { coordinates: [number, number] }): GeoJsonPoint {
  return { type: 'Point', coordinates: [point.coordinates[0], point.coordinates[1]] };
}
