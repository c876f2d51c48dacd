import { Nested, OptionalNestedArray } from '../common/nested.js';
import { IsOptional, IsString, Length, Matches, MinLength } from 'class-validator';
import { resourceIdentifierDto } from '../common/dto.js';
import { KEY_PATTERN } from '../common/validators.js';
import { COUNTRY_PATTERN } from '../products/price.dto.js';

export const ZoneResourceIdentifierDto = resourceIdentifierDto('zone');

export class LocationDto {
  @IsString()
  @Matches(COUNTRY_PATTERN, { message: 'country must be an ISO 3166-1 alpha-2 country code.' })
  country: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  state?: string;
}

export class ZoneDraftDto {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;

  @IsString()
  @MinLength(1)
  name: string;

  @IsOptional()
  @IsString()
  description?: string;

  @OptionalNestedArray(() => LocationDto)
  locations?: LocationDto[];
}

export class ZoneLocationAction {
  @Nested(() => LocationDto)
  location: LocationDto;
}

export class ChangeZoneNameAction {
  @IsString()
  @MinLength(1)
  name: string;
}

export class SetZoneDescriptionAction {
  @IsOptional()
  @IsString()
  description?: string;
}

export class SetZoneKeyAction {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}

/** The Zone's update actions by name (SDK `ZoneUpdateAction`). */
export const ZONE_ACTIONS = {
  addLocation: ZoneLocationAction,
  removeLocation: ZoneLocationAction,
  changeName: ChangeZoneNameAction,
  setDescription: SetZoneDescriptionAction,
  setKey: SetZoneKeyAction,
} as const;
