import { OptionalNested } from '../common/nested.js';
import {
  ArrayMaxSize,
  ArrayMinSize,
  Equals,
  IsArray,
  IsDefined,
  IsIn,
  IsNumber,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
  registerDecorator,
  type ValidationOptions,
} from 'class-validator';
import { CustomFieldsDraftDto, SetCustomFieldAction, SetCustomTypeAction } from '../common/dto.js';
import { IsLocalizedString, KEY_PATTERN } from '../common/validators.js';
import { ADDRESS_TEXT_FIELDS, CHANNEL_ROLES, type ChannelRole } from './channel.types.js';

/** `[longitude, latitude]` within their ranges. */
function IsLongitudeLatitude(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isLongitudeLatitude',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: 'coordinates must be [longitude (-180..180), latitude (-90..90)].', ...options },
      validator: {
        validate: (value: unknown) =>
          Array.isArray(value) &&
          typeof value[0] === 'number' &&
          typeof value[1] === 'number' &&
          Math.abs(value[0]) <= 180 &&
          Math.abs(value[1]) <= 90,
      },
    });
}

export class GeoJsonPointDto {
  @Equals('Point', { message: "type must be 'Point'." })
  type: 'Point';

  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { each: true })
  @IsLongitudeLatitude()
  coordinates: [number, number];
}

/** A Channel's address: `country` is required, every other field is an optional string; custom fields. */
export class ChannelAddressDto {
  @IsString()
  @Matches(/^[A-Z]{2}$/, { message: 'country must be an ISO 3166-1 alpha-2 country code.' })
  country: string;

  @OptionalNested(() => CustomFieldsDraftDto)
  custom?: CustomFieldsDraftDto;
}
for (const field of ADDRESS_TEXT_FIELDS) {
  IsOptional()(ChannelAddressDto.prototype, field);
  IsString()(ChannelAddressDto.prototype, field);
  MaxLength(256)(ChannelAddressDto.prototype, field);
}

export class ChannelDraftDto {
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key: string;

  @IsOptional()
  @IsArray()
  @IsIn(CHANNEL_ROLES, { each: true })
  roles?: ChannelRole[];

  @IsOptional()
  @IsLocalizedString()
  name?: Record<string, string>;

  @IsOptional()
  @IsLocalizedString()
  description?: Record<string, string>;

  @OptionalNested(() => ChannelAddressDto)
  address?: ChannelAddressDto;

  @OptionalNested(() => CustomFieldsDraftDto)
  custom?: CustomFieldsDraftDto;

  @OptionalNested(() => GeoJsonPointDto)
  geoLocation?: GeoJsonPointDto;
}

export class ChannelRolesAction {
  @IsDefined()
  @IsArray()
  @IsIn(CHANNEL_ROLES, { each: true })
  roles: ChannelRole[];
}

export class ChangeChannelKeyAction {
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key: string;
}

export class ChangeChannelNameAction {
  @IsDefined()
  @IsLocalizedString()
  name: Record<string, string>;
}

export class ChangeChannelDescriptionAction {
  @IsDefined()
  @IsLocalizedString()
  description: Record<string, string>;
}

export class SetChannelAddressAction {
  @OptionalNested(() => ChannelAddressDto)
  address?: ChannelAddressDto;
}

export class SetChannelGeoLocationAction {
  @OptionalNested(() => GeoJsonPointDto)
  geoLocation?: GeoJsonPointDto;
}

/** The channel's update actions by name (its descriptor adds the custom-fields pair). */
export const CHANNEL_ACTIONS = {
  addRoles: ChannelRolesAction,
  removeRoles: ChannelRolesAction,
  setRoles: ChannelRolesAction,
  changeKey: ChangeChannelKeyAction,
  changeName: ChangeChannelNameAction,
  changeDescription: ChangeChannelDescriptionAction,
  setAddress: SetChannelAddressAction,
  setGeoLocation: SetChannelGeoLocationAction,
  setAddressCustomType: SetCustomTypeAction,
  setAddressCustomField: SetCustomFieldAction,
} as const;
