import { Nested, OptionalNestedArray } from '../common/nested.js';
import {
  IsBoolean,
  IsDefined,
  IsNumber,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  MinLength,
} from 'class-validator';
import { KEY_PATTERN } from '../common/validators.js';

export class SubRateDto {
  @IsString()
  @MinLength(1)
  name: string;

  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  amount: number;
}

export class TaxRateDraftDto {
  @IsString()
  @MinLength(1)
  name: string;

  /** Required unless `subRates` are given: then it is their sum. */
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  amount?: number | null;

  @IsDefined()
  @IsBoolean()
  includedInPrice: boolean;

  @IsString()
  @Matches(/^[A-Z]{2}$/, { message: 'country must be an ISO 3166-1 alpha-2 country code.' })
  country: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  state?: string;

  @OptionalNestedArray(() => SubRateDto)
  subRates?: SubRateDto[] | null;

  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}

export class TaxCategoryDraftDto {
  @IsString()
  @MinLength(1)
  name: string;

  @IsOptional()
  @IsString()
  description?: string;

  @OptionalNestedArray(() => TaxRateDraftDto)
  rates?: TaxRateDraftDto[];

  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}

export class AddTaxRateAction {
  @Nested(() => TaxRateDraftDto)
  taxRate: TaxRateDraftDto;
}

export class RemoveTaxRateAction {
  @IsOptional()
  @IsString()
  taxRateId?: string;

  @IsOptional()
  @IsString()
  taxRateKey?: string;
}

export class ReplaceTaxRateAction extends RemoveTaxRateAction {
  @Nested(() => TaxRateDraftDto)
  taxRate: TaxRateDraftDto;
}

export class ChangeTaxCategoryNameAction {
  @IsString()
  @MinLength(1)
  name: string;
}

export class SetTaxCategoryDescriptionAction {
  @IsOptional()
  @IsString()
  description?: string;
}

export class SetTaxCategoryKeyAction {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}

/** The tax category's update actions by name. */
export const TAX_CATEGORY_ACTIONS = {
  addTaxRate: AddTaxRateAction,
  removeTaxRate: RemoveTaxRateAction,
  replaceTaxRate: ReplaceTaxRateAction,
  changeName: ChangeTaxCategoryNameAction,
  setDescription: SetTaxCategoryDescriptionAction,
  setKey: SetTaxCategoryKeyAction,
} as const;
