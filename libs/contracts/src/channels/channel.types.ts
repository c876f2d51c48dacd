import {
  custom,
  enumOf,
  geoJsonPoint,
  type Infer,
  key,
  localizedString,
  object,
  optional,
  array,
  resource,
  string,
} from '../shapes/shape.js';

export type { GeoJsonPoint } from '../shapes/shape.js';

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

const optionalText = optional(string());

/** An address (PSDK `BaseAddress`): only `country` (ISO 3166-1 alpha-2) is required. */
export const AddressShape = object('Address', {
  country: string({ graphql: 'Country' }),
  ...(Object.fromEntries(ADDRESS_TEXT_FIELDS.map((field) => [field, optionalText])) as {
    [F in (typeof ADDRESS_TEXT_FIELDS)[number]]: typeof optionalText;
  }),
  custom: optional(custom()),
});

/** A Channel as the API answers it (reference facts 4.1). */
export const ChannelShape = resource('Channel', {
  key: key(),
  roles: array(enumOf('ChannelRole', CHANNEL_ROLES)),
  name: optional(localizedString()),
  description: optional(localizedString()),
  address: optional(AddressShape),
  geoLocation: optional(geoJsonPoint()),
  custom: optional(custom()),
});

export type Channel = Infer<typeof ChannelShape>;
/** A Channel's address. */
export type ChannelAddress = Infer<typeof AddressShape>;
