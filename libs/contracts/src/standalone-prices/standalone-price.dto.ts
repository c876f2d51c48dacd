import { Nested, OptionalNested } from '../common/nested.js';
import { Type } from '../dto-transform.js';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Length,
  Matches,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { CustomFieldsDraftDto, resourceIdentifierDto } from '../common/dto.js';
import { KEY_PATTERN } from '../common/validators.js';
import {
  COUNTRY_PATTERN,
  DiscountedPriceDraftDto,
  MoneyDto,
  PriceTierDraftDto,
} from '../products/price.dto.js';

const CustomerGroupIdentifierDto = resourceIdentifierDto('customer-group');
const ChannelIdentifierDto = resourceIdentifierDto('channel');
const RecurrencePolicyIdentifierDto = resourceIdentifierDto('recurrence-policy');

export class StagedPriceDraftDto {
  @Nested(() => MoneyDto)
  value: MoneyDto;
}

export class StandalonePriceDraftDto {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;

  @IsString()
  @MinLength(1)
  sku: string;

  @Nested(() => MoneyDto)
  value: MoneyDto;

  @IsOptional()
  @Matches(COUNTRY_PATTERN, { message: 'country must be two capital letters (ISO 3166-1 alpha-2).' })
  country?: string;

  @OptionalNested(() => CustomerGroupIdentifierDto)
  customerGroup?: InstanceType<typeof CustomerGroupIdentifierDto>;

  @OptionalNested(() => ChannelIdentifierDto)
  channel?: InstanceType<typeof ChannelIdentifierDto>;

  @IsOptional()
  @IsISO8601({ strict: true })
  validFrom?: string;

  @IsOptional()
  @IsISO8601({ strict: true })
  validUntil?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => PriceTierDraftDto)
  tiers?: PriceTierDraftDto[];

  @OptionalNested(() => DiscountedPriceDraftDto)
  discounted?: DiscountedPriceDraftDto;

  @OptionalNested(() => CustomFieldsDraftDto)
  custom?: CustomFieldsDraftDto;

  @OptionalNested(() => RecurrencePolicyIdentifierDto)
  recurrencePolicy?: InstanceType<typeof RecurrencePolicyIdentifierDto>;

  @OptionalNested(() => StagedPriceDraftDto)
  staged?: StagedPriceDraftDto;

  @IsOptional()
  @IsBoolean()
  active?: boolean;
}

export class StandalonePriceAddPriceTierAction {
  @Nested(() => PriceTierDraftDto)
  tier: PriceTierDraftDto;
}

export class StandalonePriceApplyStagedChangesAction {}

export class StandalonePriceChangeActiveAction {
  @IsBoolean()
  active: boolean;
}

export class StandalonePriceChangeValueAction {
  @Nested(() => MoneyDto)
  value: MoneyDto;

  @IsOptional()
  @IsBoolean()
  staged?: boolean;
}

export class StandalonePriceRemovePriceTierAction {
  @IsInt()
  @Min(2)
  minimumQuantity: number;
}

export class StandalonePriceRemoveStagedChangesAction {}

export class StandalonePriceSetDiscountedPriceAction {
  @OptionalNested(() => DiscountedPriceDraftDto)
  discounted?: DiscountedPriceDraftDto;
}

export class StandalonePriceSetKeyAction {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}

export class StandalonePriceSetPriceTiersAction {
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => PriceTierDraftDto)
  tiers: PriceTierDraftDto[];
}

export class StandalonePriceSetValidFromAction {
  @IsOptional()
  @IsISO8601({ strict: true })
  validFrom?: string;
}

export class StandalonePriceSetValidUntilAction {
  @IsOptional()
  @IsISO8601({ strict: true })
  validUntil?: string;
}

export class StandalonePriceSetValidFromAndUntilAction {
  @IsOptional()
  @IsISO8601({ strict: true })
  validFrom?: string;

  @IsOptional()
  @IsISO8601({ strict: true })
  validUntil?: string;
}

/** Every StandalonePriceUpdateAction of the SDK but the custom-fields pair (the descriptor adds it). */
export const STANDALONE_PRICE_ACTIONS = {
  addPriceTier: StandalonePriceAddPriceTierAction,
  applyStagedChanges: StandalonePriceApplyStagedChangesAction,
  changeActive: StandalonePriceChangeActiveAction,
  changeValue: StandalonePriceChangeValueAction,
  removePriceTier: StandalonePriceRemovePriceTierAction,
  removeStagedChanges: StandalonePriceRemoveStagedChangesAction,
  setDiscountedPrice: StandalonePriceSetDiscountedPriceAction,
  setKey: StandalonePriceSetKeyAction,
  setPriceTiers: StandalonePriceSetPriceTiersAction,
  setValidFrom: StandalonePriceSetValidFromAction,
  setValidFromAndUntil: StandalonePriceSetValidFromAndUntilAction,
  setValidUntil: StandalonePriceSetValidUntilAction,
} as const;
