import {
  ArrayMaxSize,
  Equals,
  IsArray,
  IsBoolean,
  IsDefined,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { Nested, OptionalNested } from '../common/nested.js';
import { KEY_PATTERN } from '../common/validators.js';
import { Type } from '../dto-transform.js';
import { COUNTRY_PATTERN } from '../products/price.dto.js';
import {
  ImportCustomDto,
  ImportDiscountedPriceDto,
  ImportMoneyDto,
  ImportPriceTierDto,
  ImportResources,
  keyReferenceDto,
  validateImportRequest,
} from './import.dto.js';
import { MAX_IMPORT_GROUP } from './import.types.js';

// The Import API's `StandalonePriceImport` (importapi-sdk models/standalone-prices.ts): a StandalonePrice by key.

const CustomerGroupKeyReferenceDto = keyReferenceDto('customer-group');
const ChannelKeyReferenceDto = keyReferenceDto('channel');

/** StandalonePriceImport: the standalone price with this `key` is created, or updated to these values. */
export class StandalonePriceImportDto {
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key: string;

  @IsString()
  @MinLength(1)
  sku: string;

  @Nested(() => ImportMoneyDto)
  value: ImportMoneyDto;

  @IsOptional()
  @Matches(COUNTRY_PATTERN, { message: 'country must match ^[A-Z]{2}$.' })
  country?: string;

  @OptionalNested(() => CustomerGroupKeyReferenceDto)
  customerGroup?: { typeId: 'customer-group'; key: string };

  @OptionalNested(() => ChannelKeyReferenceDto)
  channel?: { typeId: 'channel'; key: string };

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
  @Type(() => ImportPriceTierDto)
  tiers?: ImportPriceTierDto[];

  @OptionalNested(() => ImportDiscountedPriceDto)
  discounted?: ImportDiscountedPriceDto;

  @OptionalNested(() => ImportCustomDto)
  custom?: ImportCustomDto;

  @IsOptional()
  @IsBoolean()
  active?: boolean;
}

export class StandalonePriceImportRequestDto {
  @Equals('standalone-price', { message: "type must be 'standalone-price'." })
  type: 'standalone-price';

  @ImportResources(() => StandalonePriceImportDto)
  resources: StandalonePriceImportDto[];
}

export const validateStandalonePriceImportRequest = (plain: unknown) =>
  validateImportRequest(StandalonePriceImportRequestDto, plain);

/** One price of `catalog.standalone-prices.import`: the operation and its stored StandalonePriceImport. */
export class StandalonePriceImportItemDto {
  @IsString() operationId: string;
  @IsDefined() @IsObject() price: Record<string, unknown>;
}

/** `catalog.standalone-prices.import`; each `price` is validated on its own (a bad one fails alone). */
export class StandalonePriceImportItemsDto {
  @IsArray()
  @ArrayMaxSize(MAX_IMPORT_GROUP)
  @ValidateNested({ each: true })
  @Type(() => StandalonePriceImportItemDto)
  items: StandalonePriceImportItemDto[];
}
