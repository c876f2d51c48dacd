import type { BaseResource, CustomFields, LocalizedString, ResourceIdentifier } from '../common/types.js';

export const CHANNEL_ROLES = [
  'InventorySupply',
  'ProductDistribution',
  'OrderExport',
  'OrderImport',
  'Primary',
] as const;

export type ChannelRole = (typeof CHANNEL_ROLES)[number];

/** Reference facts 4.1: a Channel without roles in its draft gets this one. */
export const DEFAULT_CHANNEL_ROLES: ChannelRole[] = ['InventorySupply'];

/** A GeoJSON Point: `coordinates` is `[longitude, latitude]`. */
export interface GeoJsonPoint {
  type: 'Point';
  coordinates: [number, number];
}

/** The text fields of an address besides `country` (PSDK `BaseAddress`). */
export const ADDRESS_TEXT_FIELDS = [
  'id',
  'key',
  'title',
  'salutation',
  'firstName',
  'lastName',
  'streetName',
  'streetNumber',
  'additionalStreetInfo',
  'postalCode',
  'city',
  'region',
  'state',
  'company',
  'department',
  'building',
  'apartment',
  'pOBox',
  'phone',
  'mobile',
  'email',
  'fax',
  'additionalAddressInfo',
  'externalId',
] as const;

/** A Channel's address: only `country` (ISO 3166-1 alpha-2) is required. */
export type ChannelAddress = { country: string; custom?: CustomFields } & Partial<
  Record<(typeof ADDRESS_TEXT_FIELDS)[number], string>
>;

export interface Channel extends BaseResource {
  key: string;
  roles: ChannelRole[];
  name?: LocalizedString;
  description?: LocalizedString;
  address?: ChannelAddress;
  custom?: CustomFields;
  geoLocation?: GeoJsonPoint;
}

export interface ChannelDraft {
  key: string;
  roles?: ChannelRole[];
  name?: LocalizedString;
  description?: LocalizedString;
  address?: ChannelAddress;
  custom?: { type: ResourceIdentifier<'type'>; fields?: Record<string, unknown> };
  geoLocation?: GeoJsonPoint;
}
