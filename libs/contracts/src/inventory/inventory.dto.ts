import { OptionalNested } from '../common/nested.js';
import { Type } from '../dto-transform.js';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { ChannelResourceIdentifierDto, CustomFieldsDraftDto } from '../common/dto.js';
import { KEY_PATTERN } from '../common/validators.js';
import { RESERVATION_MODES, type ReservationMode } from './inventory.types.js';

type ChannelId = InstanceType<typeof ChannelResourceIdentifierDto>;

/** Quantities are whole numbers JavaScript holds exactly (the live API's Long, within 2^53). */
export function IsQuantity(): PropertyDecorator {
  return (target, property) => {
    IsInt()(target, property);
    Min(-Number.MAX_SAFE_INTEGER)(target, property);
    Max(Number.MAX_SAFE_INTEGER)(target, property);
  };
}

export class InventoryEntryStockLevelsDto {
  @IsOptional()
  @IsQuantity()
  reorderPoint?: number | null;

  @IsOptional()
  @IsQuantity()
  safetyStock?: number | null;
}

/** SDK `InventoryEntryDraft`: `sku` and `quantityOnStock` are required. */
export class InventoryEntryDraftDto {
  @IsString()
  @MinLength(1)
  sku: string;

  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;

  @OptionalNested(() => ChannelResourceIdentifierDto)
  supplyChannel?: ChannelId;

  @IsDefined()
  @IsQuantity()
  quantityOnStock: number;

  @IsOptional()
  @IsQuantity()
  @Min(1)
  minCartQuantity?: number;

  @IsOptional()
  @IsQuantity()
  @Min(1)
  maxCartQuantity?: number;

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

  @OptionalNested(() => InventoryEntryStockLevelsDto)
  stockLevels?: InventoryEntryStockLevelsDto;

  @OptionalNested(() => CustomFieldsDraftDto)
  custom?: CustomFieldsDraftDto;
}

/** addQuantity, removeQuantity, changeQuantity. */
export class InventoryQuantityAction {
  @IsDefined()
  @IsQuantity()
  quantity: number;
}

export class SetInventoryLimitsAction {
  @IsOptional()
  @IsQuantity()
  @Min(1)
  minCartQuantity?: number | null;

  @IsOptional()
  @IsQuantity()
  @Min(1)
  maxCartQuantity?: number | null;
}

export class SetRestockableInDaysAction {
  @IsOptional()
  @IsQuantity()
  @Min(0)
  restockableInDays?: number | null;
}

export class SetExpectedDeliveryAction {
  @IsOptional()
  @IsISO8601({ strict: true })
  expectedDelivery?: string | null;
}

export class SetInventorySupplyChannelAction {
  @OptionalNested(() => ChannelResourceIdentifierDto)
  supplyChannel?: ChannelId | null;
}

export class SetInventoryKeyAction {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string | null;
}

/** setReorderPoint and setSafetyStock: absent or null removes the level. */
export class SetStockLevelAction {
  @IsOptional()
  @IsQuantity()
  quantity?: number | null;
}

export class SetReservationExpirationInMinutesAction {
  @IsOptional()
  @IsQuantity()
  @Min(1)
  reservationExpirationInMinutes?: number | null;
}

/** The InventoryEntry's update actions (SDK `InventoryEntryUpdateAction`; the custom-fields pair from the descriptor). */
export const INVENTORY_ENTRY_ACTIONS = {
  addQuantity: InventoryQuantityAction,
  removeQuantity: InventoryQuantityAction,
  changeQuantity: InventoryQuantityAction,
  setInventoryLimits: SetInventoryLimitsAction,
  setRestockableInDays: SetRestockableInDaysAction,
  setExpectedDelivery: SetExpectedDeliveryAction,
  setSupplyChannel: SetInventorySupplyChannelAction,
  setKey: SetInventoryKeyAction,
  setReorderPoint: SetStockLevelAction,
  setSafetyStock: SetStockLevelAction,
  setReservationExpirationInMinutes: SetReservationExpirationInMinutesAction,
} as const;

/** At most this many lines in one reservation or inventory answer (an order's line items, with room to spare). */
export const MAX_INVENTORY_ITEMS = 500;

export class InventoryItemRefDto {
  @IsString()
  @MinLength(1)
  sku: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  supplyChannelId?: string;
}

export class InventoryReservationItemDto extends InventoryItemRefDto {
  @IsQuantity()
  @Min(1)
  quantity: number;

  @IsIn(RESERVATION_MODES)
  mode: ReservationMode;

  @IsOptional()
  @IsString()
  lineItemId?: string;
}

/** `catalog.inventory.reserve`, validated by catalog-service. */
export class InventoryReserveDto {
  @IsString()
  @MinLength(1)
  orderId: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_INVENTORY_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => InventoryReservationItemDto)
  items: InventoryReservationItemDto[];
}

/** `catalog.inventory.confirm` and `.release`. */
export class InventoryOrderDto {
  @IsString()
  @MinLength(1)
  orderId: string;
}
