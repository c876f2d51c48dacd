import { OptionalNested, OptionalNestedArray } from '../common/nested.js';
import { Type } from '../dto-transform.js';
import {
  IsArray,
  IsBoolean,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  ValidateNested,
} from 'class-validator';
import {
  ChannelResourceIdentifierDto,
  CustomFieldsDraftDto,
  ProductSelectionResourceIdentifierDto,
} from '../common/dto.js';
import { IsLocalizedString, KEY_PATTERN } from '../common/validators.js';
import { StorefrontDto } from './storefront.dto.js';

export class StoreCountryDto {
  @IsString()
  @Matches(/^[A-Z]{2}$/, { message: 'code must be an ISO 3166-1 alpha-2 country code.' })
  code: string;
}

export class ProductSelectionSettingDraftDto {
  @IsObject()
  @ValidateNested()
  @Type(() => ProductSelectionResourceIdentifierDto)
  productSelection: InstanceType<typeof ProductSelectionResourceIdentifierDto>;

  @IsOptional()
  @IsBoolean()
  active?: boolean;
}

export class StoreDraftDto {
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key: string;

  @IsOptional()
  @IsLocalizedString()
  name?: Record<string, string>;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  languages?: string[];

  @OptionalNestedArray(() => StoreCountryDto)
  countries?: StoreCountryDto[];

  @OptionalNestedArray(() => ChannelResourceIdentifierDto)
  distributionChannels?: InstanceType<typeof ChannelResourceIdentifierDto>[];

  @OptionalNestedArray(() => ChannelResourceIdentifierDto)
  supplyChannels?: InstanceType<typeof ChannelResourceIdentifierDto>[];

  @OptionalNestedArray(() => ProductSelectionSettingDraftDto)
  productSelections?: ProductSelectionSettingDraftDto[];

  @OptionalNested(() => CustomFieldsDraftDto)
  custom?: CustomFieldsDraftDto;

  @OptionalNested(() => StorefrontDto)
  storefront?: StorefrontDto;
}
