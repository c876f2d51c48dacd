import {
  ArrayMaxSize,
  Equals,
  IsArray,
  IsDefined,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { OptionalNested } from '../common/nested.js';
import { KEY_PATTERN } from '../common/validators.js';
import { Type } from '../dto-transform.js';
import { IsQuantity } from '../inventory/inventory.dto.js';
import { ImportCustomDto, ImportResources, keyReferenceDto, validateImportRequest } from './import.dto.js';
import { MAX_IMPORT_GROUP } from './import.types.js';

// The Import API's `InventoryImport` (importapi-sdk models/inventories.ts): an InventoryEntry by its key.

const ChannelKeyReferenceDto = keyReferenceDto('channel');

/** InventoryImport: the entry with this `key` is created, or updated to these values. */
export class InventoryImportDto {
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key: string;

  @IsString()
  @MinLength(1)
  sku: string;

  @IsDefined()
  @IsQuantity()
  quantityOnStock: number;

  @IsOptional()
  @IsQuantity()
  @Min(0)
  restockableInDays?: number;

  @IsOptional()
  @IsISO8601({ strict: true })
  expectedDelivery?: string;

  @IsOptional()
  @IsQuantity()
  @Min(1)
  reservationExpirationInMinutes?: number;

  @OptionalNested(() => ChannelKeyReferenceDto)
  supplyChannel?: { typeId: 'channel'; key: string };

  @OptionalNested(() => ImportCustomDto)
  custom?: ImportCustomDto;
}

export class InventoryImportRequestDto {
  @Equals('inventory', { message: "type must be 'inventory'." })
  type: 'inventory';

  @ImportResources(() => InventoryImportDto)
  resources: InventoryImportDto[];
}

export const validateInventoryImportRequest = (plain: unknown) =>
  validateImportRequest(InventoryImportRequestDto, plain);

/** One entry of `catalog.inventory.import-entries`: the operation and its stored InventoryImport. */
export class InventoryImportItemDto {
  @IsString() operationId: string;
  @IsDefined() @IsObject() entry: Record<string, unknown>;
}

/** `catalog.inventory.import-entries`; each `entry` is validated on its own (a bad one fails alone). */
export class InventoryImportItemsDto {
  @IsArray()
  @ArrayMaxSize(MAX_IMPORT_GROUP)
  @ValidateNested({ each: true })
  @Type(() => InventoryImportItemDto)
  items: InventoryImportItemDto[];
}
