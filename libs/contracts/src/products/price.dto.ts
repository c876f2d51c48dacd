import 'reflect-metadata';
import { Type } from '../dto-transform.js';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { CustomFieldsDraftDto, TypeResourceIdentifierDto, resourceIdentifierDto } from '../common/dto.js';
import { KEY_PATTERN } from '../common/validators.js';

export const CURRENCY_PATTERN = /^[A-Z]{3}$/;
export const COUNTRY_PATTERN = /^[A-Z]{2}$/;

/** Money as drafts carry it: cents, or `highPrecision` with `fractionDigits` and `preciseAmount`. */
export class MoneyDto {
  @IsOptional()
  @IsIn(['centPrecision', 'highPrecision'])
  type?: 'centPrecision' | 'highPrecision';

  @IsDefined()
  @Matches(CURRENCY_PATTERN, { message: 'currencyCode must be an ISO 4217 code (three capital letters).' })
  currencyCode: string;

  @IsOptional()
  @IsInt()
  centAmount?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(20)
  fractionDigits?: number;

  @IsOptional()
  @IsInt()
  preciseAmount?: number;
}

export class PriceTierDraftDto {
  @IsInt()
  @Min(2, { message: 'minimumQuantity must be at least 2.' })
  minimumQuantity: number;

  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => MoneyDto)
  value: MoneyDto;
}

export const ProductDiscountResourceIdentifierDto = resourceIdentifierDto('product-discount');
const CustomerGroupIdentifierDto = resourceIdentifierDto('customer-group');
const ChannelIdentifierDto = resourceIdentifierDto('channel');
const RecurrencePolicyIdentifierDto = resourceIdentifierDto('recurrence-policy');

export class DiscountedPriceDraftDto {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => MoneyDto)
  value: MoneyDto;

  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => ProductDiscountResourceIdentifierDto)
  discount: InstanceType<typeof ProductDiscountResourceIdentifierDto>;
}

/** A PriceDraft of the Products API (addPrice, setPrices, changePrice). */
export class PriceDraftDto {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN)
  key?: string;

  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => MoneyDto)
  value: MoneyDto;

  @IsOptional()
  @Matches(COUNTRY_PATTERN, { message: 'country must be two capital letters (ISO 3166-1 alpha-2).' })
  country?: string;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => CustomerGroupIdentifierDto)
  customerGroup?: InstanceType<typeof CustomerGroupIdentifierDto>;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ChannelIdentifierDto)
  channel?: InstanceType<typeof ChannelIdentifierDto>;

  @IsOptional()
  @IsISO8601({ strict: true })
  validFrom?: string;

  @IsOptional()
  @IsISO8601({ strict: true })
  validUntil?: string;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => DiscountedPriceDraftDto)
  discounted?: DiscountedPriceDraftDto;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => PriceTierDraftDto)
  tiers?: PriceTierDraftDto[];

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => CustomFieldsDraftDto)
  custom?: CustomFieldsDraftDto;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => RecurrencePolicyIdentifierDto)
  recurrencePolicy?: InstanceType<typeof RecurrencePolicyIdentifierDto>;
}

class StagedPriceAction {
  @IsOptional()
  @IsBoolean()
  staged?: boolean;
}

export class AddPriceAction extends StagedPriceAction {
  @IsOptional()
  @IsInt()
  @Min(1)
  variantId?: number;

  @IsOptional()
  @IsString()
  sku?: string;

  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => PriceDraftDto)
  price: PriceDraftDto;
}

export class SetPricesAction extends StagedPriceAction {
  @IsOptional()
  @IsInt()
  @Min(1)
  variantId?: number;

  @IsOptional()
  @IsString()
  sku?: string;

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => PriceDraftDto)
  prices: PriceDraftDto[];
}

export class ChangePriceAction extends StagedPriceAction {
  @IsString()
  priceId: string;

  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => PriceDraftDto)
  price: PriceDraftDto;
}

export class RemovePriceAction extends StagedPriceAction {
  @IsString()
  priceId: string;
}

export class SetPriceKeyAction extends StagedPriceAction {
  @IsString()
  priceId: string;

  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN)
  key?: string;
}

export class SetDiscountedPriceAction extends StagedPriceAction {
  @IsString()
  priceId: string;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => DiscountedPriceDraftDto)
  discounted?: DiscountedPriceDraftDto;
}

export class SetProductPriceCustomTypeAction extends StagedPriceAction {
  @IsString()
  priceId: string;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => TypeResourceIdentifierDto)
  type?: InstanceType<typeof TypeResourceIdentifierDto>;

  @IsOptional()
  fields?: Record<string, unknown>;
}

/** An absent or null value removes the field. */
export class SetProductPriceCustomFieldAction extends StagedPriceAction {
  @IsString()
  priceId: string;

  @IsDefined()
  @IsString()
  name: string;

  @IsOptional()
  value?: unknown;
}
