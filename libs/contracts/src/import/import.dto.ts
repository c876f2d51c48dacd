import { Nested, OptionalNested, all } from '../common/nested.js';
import 'reflect-metadata';
import { Type, toInstance } from '../dto-transform.js';
import {
  ArrayMaxSize,
  Equals,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  registerDecorator,
  ValidateIf,
  ValidateNested,
  validateSync,
  type ValidationError,
  type ValidationOptions,
} from 'class-validator';
import { KEY_PATTERN } from '../common/validators.js';
import { COUNTRY_PATTERN, CURRENCY_PATTERN } from '../products/price.dto.js';
import { jsonDepthExceeds } from '../validate.js';
import { IMPORT_RESOURCE_TYPES, MAX_IMPORT_RESOURCES, type ImportResourceType } from './import.types.js';

/** `timeToLive`: a number of days, hours or minutes (reference facts 5.2). */
export const TIME_TO_LIVE_PATTERN = /^(?:(\d+)d|(\d+)h|(\d+)m)$/;
const HOUR_MS = 3_600_000;
export const MIN_TIME_TO_LIVE_MS = HOUR_MS;
export const MAX_TIME_TO_LIVE_MS = 30 * 24 * HOUR_MS;

/** The milliseconds a `timeToLive` stands for, or undefined when it is malformed. */
export function timeToLiveMs(value: string): number | undefined {
  const match = TIME_TO_LIVE_PATTERN.exec(value);
  if (!match) return undefined;
  const [, days, hours, minutes] = match;
  if (days !== undefined) return Number(days) * 24 * HOUR_MS;
  if (hours !== undefined) return Number(hours) * HOUR_MS;
  return Number(minutes) * 60_000;
}

function IsTimeToLive(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isTimeToLive',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: 'timeToLive must be like 12h, 90m or 7d, between 1h and 30d.', ...options },
      validator: {
        validate: (value: unknown) => {
          const ms = typeof value === 'string' ? timeToLiveMs(value) : undefined;
          return ms !== undefined && ms >= MIN_TIME_TO_LIVE_MS && ms <= MAX_TIME_TO_LIVE_MS;
        },
      },
    });
}

/** Custom field values of an import: `{type, value}` per field name. */
function IsImportCustomFields(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isImportCustomFields',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: 'fields must map each field name to an object with type and value.', ...options },
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          Object.values(value).every(
            (field: unknown) =>
              typeof field === 'object' &&
              field !== null &&
              typeof (field as { type?: unknown }).type === 'string' &&
              (field as { value?: unknown }).value !== undefined,
          ),
      },
    });
}

export class TimeToLiveConfigDto {
  @IsTimeToLive()
  timeToLive: string;
}

export class RetentionPolicyDto {
  @Equals('ttl', { message: "strategy must be 'ttl'." })
  strategy: 'ttl';

  @Nested(() => TimeToLiveConfigDto)
  config: TimeToLiveConfigDto;
}

export class ImportContainerDraftDto {
  @IsString()
  @Length(1, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[a-zA-Z0-9_-]+$.' })
  key: string;

  @IsOptional()
  @IsIn(IMPORT_RESOURCE_TYPES)
  resourceType?: ImportResourceType;

  @OptionalNested(() => RetentionPolicyDto)
  retentionPolicy?: RetentionPolicyDto;
}

export class ImportContainerUpdateDraftDto {
  @IsInt()
  @Min(1)
  version: number;

  @IsOptional()
  @IsIn(IMPORT_RESOURCE_TYPES)
  resourceType?: ImportResourceType;
}

/** TypedMoney of an import: `centPrecision` needs centAmount, `highPrecision` fractionDigits and preciseAmount. */
export class ImportMoneyDto {
  @IsIn(['centPrecision', 'highPrecision'])
  type: 'centPrecision' | 'highPrecision';

  @Matches(CURRENCY_PATTERN, { message: 'currencyCode must be an ISO 4217 code (three capital letters).' })
  currencyCode: string;

  @ValidateIf((money: ImportMoneyDto) => money.type !== 'highPrecision' || money.centAmount !== undefined)
  @IsInt()
  centAmount?: number;

  @ValidateIf((money: ImportMoneyDto) => money.type === 'highPrecision' || money.fractionDigits !== undefined)
  @IsInt()
  @Min(0)
  @Max(20)
  fractionDigits?: number;

  @ValidateIf((money: ImportMoneyDto) => money.type === 'highPrecision' || money.preciseAmount !== undefined)
  @IsInt()
  preciseAmount?: number;
}

/** A KeyReference of the Import API to a `typeId`: `{typeId, key}`. */
export function keyReferenceDto<T extends string>(typeId: T) {
  class KeyReferenceDto {
    @Equals(typeId, { message: `typeId must be '${typeId}'.` })
    typeId: T;

    @IsString()
    @Length(1, 256)
    key: string;
  }
  Object.defineProperty(KeyReferenceDto, 'name', { value: `${typeId}KeyReference` });
  return KeyReferenceDto;
}

const ProductKeyReferenceDto = keyReferenceDto('product');
const ProductVariantKeyReferenceDto = keyReferenceDto('product-variant');
const CustomerGroupKeyReferenceDto = keyReferenceDto('customer-group');
const ChannelKeyReferenceDto = keyReferenceDto('channel');
const ProductDiscountKeyReferenceDto = keyReferenceDto('product-discount');
const TypeKeyReferenceDto = keyReferenceDto('type');

export class ImportPriceTierDto {
  @IsInt()
  @Min(2, { message: 'minimumQuantity must be at least 2.' })
  minimumQuantity: number;

  @Nested(() => ImportMoneyDto)
  value: ImportMoneyDto;
}

export class ImportDiscountedPriceDto {
  @Nested(() => ImportMoneyDto)
  value: ImportMoneyDto;

  @Nested(() => ProductDiscountKeyReferenceDto)
  discount: InstanceType<typeof ProductDiscountKeyReferenceDto>;
}

export class ImportCustomDto {
  @Nested(() => TypeKeyReferenceDto)
  type: InstanceType<typeof TypeKeyReferenceDto>;

  @IsOptional()
  @IsImportCustomFields()
  fields?: Record<string, { type: string; value: unknown }>;
}

/** PriceImport: an embedded price with its product and variant named by key. */
export class PriceImportDto {
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key: string;

  @Nested(() => ImportMoneyDto)
  value: ImportMoneyDto;

  @IsOptional()
  @Matches(COUNTRY_PATTERN, { message: 'country must match ^[A-Z]{2}$.' })
  country?: string;

  @IsOptional()
  @IsISO8601({ strict: true })
  validFrom?: string;

  @IsOptional()
  @IsISO8601({ strict: true })
  validUntil?: string;

  @OptionalNested(() => CustomerGroupKeyReferenceDto)
  customerGroup?: InstanceType<typeof CustomerGroupKeyReferenceDto>;

  @OptionalNested(() => ChannelKeyReferenceDto)
  channel?: InstanceType<typeof ChannelKeyReferenceDto>;

  @OptionalNested(() => ImportDiscountedPriceDto)
  discounted?: ImportDiscountedPriceDto;

  @IsOptional()
  @IsBoolean()
  publish?: boolean;

  @IsOptional()
  @IsBoolean()
  staged?: boolean;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => ImportPriceTierDto)
  tiers?: ImportPriceTierDto[];

  @Nested(() => ProductVariantKeyReferenceDto)
  productVariant: InstanceType<typeof ProductVariantKeyReferenceDto>;

  @Nested(() => ProductKeyReferenceDto)
  product: InstanceType<typeof ProductKeyReferenceDto>;

  @OptionalNested(() => ImportCustomDto)
  custom?: ImportCustomDto;
}

/** The `resources` of an import request: at most MAX_IMPORT_RESOURCES of one import type, each validated. */
export function ImportResources(of: Parameters<typeof Type>[0]): PropertyDecorator {
  return all(
    IsArray(),
    ArrayMaxSize(MAX_IMPORT_RESOURCES, {
      message: `resources must hold at most ${MAX_IMPORT_RESOURCES} items.`,
    }),
    ValidateNested({ each: true }),
    Type(of),
  );
}

export class PriceImportRequestDto {
  @Equals('price', { message: "type must be 'price'." })
  type: 'price';

  @ImportResources(() => PriceImportDto)
  resources: PriceImportDto[];
}

/** One invalid field of an import request (reference facts 1.6). */
export interface ImportFieldError {
  code: 'InvalidField';
  message: string;
  field: string;
  invalidValue: unknown;
  resourceIndex?: number;
  [extra: string]: unknown;
}

function fieldErrors(errors: ValidationError[], parent: string[]): ImportFieldError[] {
  const found: ImportFieldError[] = [];
  for (const error of errors) {
    const path = [...parent, error.property];
    const field = path.join('.');
    const index = path[0] === 'resources' && /^\d+$/.test(path[1] ?? '') ? Number(path[1]) : undefined;
    const shown = path.map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`));
    for (const message of Object.values(error.constraints ?? {})) {
      found.push({
        code: 'InvalidField',
        message: `"${shown.join('')}": ${message}`,
        field,
        invalidValue: error.value ?? null,
        ...(index !== undefined ? { resourceIndex: index } : {}),
      });
    }
    if (error.children?.length) found.push(...fieldErrors(error.children, path));
  }
  return found;
}

/**
 * Validates a whole import request against its DTO. Every problem is named with its field (`resources.1.key`)
 * and the index of its resource, so the request is refused whole with all of them.
 */
export function validateImportRequest<T extends object>(
  dto: new () => T,
  plain: unknown,
): { ok: true; value: T } | { ok: false; errors: ImportFieldError[] } {
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain) || jsonDepthExceeds(plain)) {
    return {
      ok: false,
      errors: [
        { code: 'InvalidField', message: 'A JSON object is expected.', field: '', invalidValue: null },
      ],
    };
  }
  const instance = toInstance(dto, plain);
  const errors = validateSync(instance, {
    whitelist: true,
    forbidUnknownValues: false,
    validationError: { target: false, value: true },
  });
  return errors.length === 0 ? { ok: true, value: instance } : { ok: false, errors: fieldErrors(errors, []) };
}

export const validatePriceImportRequest = (plain: unknown) =>
  validateImportRequest(PriceImportRequestDto, plain);
