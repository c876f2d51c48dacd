import { Nested, NestedArray, OptionalNested, OptionalNestedArray } from '../common/nested.js';
import 'reflect-metadata';
import { Type } from '../dto-transform.js';
import {
  Equals,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { CustomFieldsDraftDto, TaxCategoryResourceIdentifierDto } from '../common/dto.js';
import { IsLocalizedString, KEY_PATTERN } from '../common/validators.js';
import { StoreResourceIdentifierDto } from '../customers/customer.dto.js';
import { CURRENCY_PATTERN } from '../products/price.dto.js';
import { ZoneResourceIdentifierDto } from '../zones/zone.dto.js';
import { SHIPPING_RATE_TIER_TYPES, type ShippingRateTierType } from './shipping-method.types.js';

type TaxCategoryId = InstanceType<typeof TaxCategoryResourceIdentifierDto>;
type ZoneId = InstanceType<typeof ZoneResourceIdentifierDto>;
type StoreId = InstanceType<typeof StoreResourceIdentifierDto>;

/** SDK `_Money` of a shipping rate: cents in a currency. */
export class ShippingMoneyDto {
  @IsOptional()
  @Equals('centPrecision', { message: "type must be 'centPrecision'." })
  type?: 'centPrecision';

  @IsDefined()
  @Matches(CURRENCY_PATTERN, { message: 'currencyCode must be an ISO 4217 code (three capital letters).' })
  currencyCode: string;

  @IsInt()
  @Min(0)
  centAmount: number;

  @IsOptional()
  @IsInt()
  fractionDigits?: number;
}

export class PriceFunctionDto {
  @Matches(CURRENCY_PATTERN, { message: 'currencyCode must be an ISO 4217 code (three capital letters).' })
  currencyCode: string;

  @IsString()
  @MinLength(1)
  function: string;
}

/** A tier of a shipping rate; its `type` picks the subclass that validates it. */
export class ShippingRatePriceTierDto {
  @IsIn(SHIPPING_RATE_TIER_TYPES, { message: `type must be one of ${SHIPPING_RATE_TIER_TYPES.join(', ')}.` })
  type: ShippingRateTierType;
}

export class CartValueTierDto extends ShippingRatePriceTierDto {
  declare type: 'CartValue';

  @IsInt()
  @Min(1)
  minimumCentAmount: number;

  @Nested(() => ShippingMoneyDto)
  price: ShippingMoneyDto;
}

export class CartClassificationTierDto extends ShippingRatePriceTierDto {
  declare type: 'CartClassification';

  @IsString()
  @MinLength(1)
  value: string;

  @Nested(() => ShippingMoneyDto)
  price: ShippingMoneyDto;
}

export class CartScoreTierDto extends ShippingRatePriceTierDto {
  declare type: 'CartScore';

  @IsInt()
  @Min(0)
  score: number;

  @OptionalNested(() => ShippingMoneyDto)
  price?: ShippingMoneyDto;

  @OptionalNested(() => PriceFunctionDto)
  priceFunction?: PriceFunctionDto;
}

export type AnyShippingRatePriceTierDto = CartValueTierDto | CartClassificationTierDto | CartScoreTierDto;

const tierDiscriminator = {
  discriminator: {
    property: 'type',
    subTypes: [
      { value: CartValueTierDto, name: 'CartValue' },
      { value: CartClassificationTierDto, name: 'CartClassification' },
      { value: CartScoreTierDto, name: 'CartScore' },
    ],
  },
  keepDiscriminatorProperty: true,
};

export class ShippingRateDraftDto {
  @Nested(() => ShippingMoneyDto)
  price: ShippingMoneyDto;

  @OptionalNested(() => ShippingMoneyDto)
  freeAbove?: ShippingMoneyDto;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ShippingRatePriceTierDto, tierDiscriminator)
  tiers?: AnyShippingRatePriceTierDto[];
}

export class ZoneRateDraftDto {
  @Nested(() => ZoneResourceIdentifierDto)
  zone: ZoneId;

  @NestedArray(() => ShippingRateDraftDto)
  shippingRates: ShippingRateDraftDto[];
}

export class ShippingMethodDraftDto {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;

  @IsString()
  @MinLength(1)
  name: string;

  @IsOptional()
  @IsLocalizedString()
  localizedName?: Record<string, string>;

  @IsOptional()
  @IsString()
  description?: string;

  @IsOptional()
  @IsLocalizedString()
  localizedDescription?: Record<string, string>;

  @Nested(() => TaxCategoryResourceIdentifierDto)
  taxCategory: TaxCategoryId;

  @NestedArray(() => ZoneRateDraftDto)
  zoneRates: ZoneRateDraftDto[];

  @IsOptional()
  @IsBoolean()
  active?: boolean;

  @IsDefined()
  @IsBoolean()
  isDefault: boolean;

  @IsOptional()
  @IsString()
  predicate?: string;

  @OptionalNested(() => CustomFieldsDraftDto)
  custom?: CustomFieldsDraftDto;

  @OptionalNestedArray(() => StoreResourceIdentifierDto)
  stores?: StoreId[];

  @IsOptional()
  @IsString()
  carrier?: string;
}

export class ShippingRateAction {
  @Nested(() => ZoneResourceIdentifierDto)
  zone: ZoneId;

  @Nested(() => ShippingRateDraftDto)
  shippingRate: ShippingRateDraftDto;
}

export class ShippingMethodZoneAction {
  @Nested(() => ZoneResourceIdentifierDto)
  zone: ZoneId;
}

export class ShippingMethodStoreAction {
  @Nested(() => StoreResourceIdentifierDto)
  store: StoreId;
}

export class SetShippingMethodStoresAction {
  @NestedArray(() => StoreResourceIdentifierDto)
  stores: StoreId[];
}

export class ChangeShippingMethodActiveAction {
  @IsDefined()
  @IsBoolean()
  active: boolean;
}

export class ChangeShippingMethodIsDefaultAction {
  @IsDefined()
  @IsBoolean()
  isDefault: boolean;
}

export class ChangeShippingMethodNameAction {
  @IsString()
  @MinLength(1)
  name: string;
}

export class ChangeShippingMethodTaxCategoryAction {
  @Nested(() => TaxCategoryResourceIdentifierDto)
  taxCategory: TaxCategoryId;
}

export class SetShippingMethodCarrierAction {
  @IsOptional()
  @IsString()
  carrier?: string;
}

export class SetShippingMethodDescriptionAction {
  @IsOptional()
  @IsString()
  description?: string;
}

export class SetShippingMethodKeyAction {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}

export class SetShippingMethodLocalizedNameAction {
  @IsOptional()
  @IsLocalizedString()
  localizedName?: Record<string, string>;
}

export class SetShippingMethodLocalizedDescriptionAction {
  @IsOptional()
  @IsLocalizedString()
  localizedDescription?: Record<string, string>;
}

export class SetShippingMethodPredicateAction {
  @IsOptional()
  @IsString()
  predicate?: string;
}

/** The ShippingMethod's update actions by name (SDK `ShippingMethodUpdateAction`, with the custom-fields pair). */
export const SHIPPING_METHOD_ACTIONS = {
  addShippingRate: ShippingRateAction,
  removeShippingRate: ShippingRateAction,
  addZone: ShippingMethodZoneAction,
  removeZone: ShippingMethodZoneAction,
  addStore: ShippingMethodStoreAction,
  removeStore: ShippingMethodStoreAction,
  setStores: SetShippingMethodStoresAction,
  changeActive: ChangeShippingMethodActiveAction,
  changeIsDefault: ChangeShippingMethodIsDefaultAction,
  changeName: ChangeShippingMethodNameAction,
  changeTaxCategory: ChangeShippingMethodTaxCategoryAction,
  setCarrier: SetShippingMethodCarrierAction,
  setDescription: SetShippingMethodDescriptionAction,
  setKey: SetShippingMethodKeyAction,
  setLocalizedName: SetShippingMethodLocalizedNameAction,
  setLocalizedDescription: SetShippingMethodLocalizedDescriptionAction,
  setPredicate: SetShippingMethodPredicateAction,
} as const;

/** A location of the matching queries: `country`, and `state` within it. */
class LocationQueryDto {
  @Matches(/^[A-Z]{2}$/, { message: 'country must be an ISO 3166-1 alpha-2 country code.' })
  country: string;

  @IsOptional()
  @IsString()
  @MinLength(1)
  state?: string;
}

/** `GET /shipping-methods/matching-location`: the query parameters. */
export class MatchingLocationQueryDto extends LocationQueryDto {
  @IsOptional()
  @Matches(CURRENCY_PATTERN, { message: 'currency must be an ISO 4217 code (three capital letters).' })
  currency?: string;
}

/** `GET /shipping-methods/matching-cart?cartId` (and in a Store). */
export class MatchingCartQueryDto {
  @IsString()
  @MinLength(1)
  cartId: string;
}

/** `GET /shipping-methods/matching-cart-location?cartId&country&state`. */
export class MatchingCartLocationQueryDto extends LocationQueryDto {
  @IsString()
  @MinLength(1)
  cartId: string;
}

/** `GET /shipping-methods/matching-orderedit?orderEditId&country&state`. */
export class MatchingOrderEditQueryDto extends LocationQueryDto {
  @IsString() @MinLength(1) orderEditId: string;
}
