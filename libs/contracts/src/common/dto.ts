import { Nested, OptionalNested } from './nested.js';
import 'reflect-metadata';
import { Opaque } from '../dto-transform.js';
import { Equals, IsDefined, IsIn, IsInt, IsOptional, IsString, Min } from 'class-validator';
import { HasIdOrKey, IsJsonObject } from './validators.js';

/** A ResourceIdentifier of a given type: `typeId` optional but must match, exactly one of `id` and `key`. */
export function resourceIdentifierDto<T extends string>(typeId: T) {
  class ResourceIdentifierDto {
    @IsOptional()
    @Equals(typeId, { message: `typeId must be '${typeId}'.` })
    typeId?: T;

    @IsOptional()
    @IsString()
    id?: string;

    @IsOptional()
    @IsString()
    key?: string;

    @HasIdOrKey()
    readonly idOrKey?: never;
  }
  Object.defineProperty(ResourceIdentifierDto, 'name', { value: `${typeId}ResourceIdentifier` });
  return ResourceIdentifierDto;
}

export const TypeResourceIdentifierDto = resourceIdentifierDto('type');
export const ChannelResourceIdentifierDto = resourceIdentifierDto('channel');
export const ProductSelectionResourceIdentifierDto = resourceIdentifierDto('product-selection');
export const TaxCategoryResourceIdentifierDto = resourceIdentifierDto('tax-category');

export class CustomFieldsDraftDto {
  @Nested(() => TypeResourceIdentifierDto)
  type: InstanceType<typeof TypeResourceIdentifierDto>;

  @IsOptional()
  @IsJsonObject()
  fields?: Record<string, unknown>;
}

/** Spec: at most 500 update actions per request. */
export const MAX_ACTIONS = 500;

/**
 * The body of every update request. Actions are validated one by one against their own DTO. Any integer
 * version is accepted: one that is not the current version (even a negative one) is 409
 * ConcurrentModification, as the live API answers (the SDK's concurrent-modification middleware relies on it).
 */
export class UpdateRequestDto {
  @IsInt()
  version: number;

  @IsDefined()
  @Opaque()
  actions: unknown;
}

export class DeleteParamsDto {
  @IsInt()
  @Min(0)
  version: number;
}

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export class DirectionDto {
  @IsIn(SORT_DIRECTIONS)
  direction: (typeof SORT_DIRECTIONS)[number];
}

/** `setCustomType`, the same on every resource with custom fields: no type removes the type and its fields. */
export class SetCustomTypeAction {
  @OptionalNested(() => TypeResourceIdentifierDto)
  type?: InstanceType<typeof TypeResourceIdentifierDto>;

  @IsOptional()
  fields?: Record<string, unknown>;
}

/** `setCustomField`: an absent or null value removes the field. */
export class SetCustomFieldAction {
  @IsDefined()
  @IsString()
  name: string;

  @IsOptional()
  value?: unknown;
}
