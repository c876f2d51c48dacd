import { OptionalNested } from '../common/nested.js';
import { Type } from '../dto-transform.js';
import {
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { resourceIdentifierDto } from '../common/dto.js';
import { IsLocalizedString } from '../common/validators.js';
import type { RoundingMode, ShippingRateInputType } from '../projects/project.types.js';

const AssociateRoleResourceIdentifierDto = resourceIdentifierDto('associate-role');

/** The base of every Project action's DTO (the action's name is read by the update pipeline). */
export class ProjectActionDto {}

export class ChangeNameActionDto extends ProjectActionDto {
  @IsString()
  @Length(1, 256)
  name: string;
}

export class ChangeCountriesActionDto extends ProjectActionDto {
  @IsArray()
  @ArrayMinSize(1)
  @Matches(/^[A-Z]{2}$/, { each: true, message: 'countries must be ISO 3166-1 alpha-2 codes.' })
  countries: string[];
}

export class ChangeCurrenciesActionDto extends ProjectActionDto {
  @IsArray()
  @ArrayMinSize(1)
  @Matches(/^[A-Z]{3}$/, { each: true, message: 'currencies must be ISO 4217 codes.' })
  currencies: string[];
}

export class ChangeLanguagesActionDto extends ProjectActionDto {
  @IsArray()
  @ArrayMinSize(1)
  @Matches(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, {
    each: true,
    message: 'languages must be IETF language tags.',
  })
  languages: string[];
}

export class MessagesConfigurationDraftDto {
  @IsBoolean()
  enabled: boolean;

  @IsInt()
  @Min(1)
  @Max(90)
  deleteDaysAfterCreation: number;
}

export class ChangeMessagesConfigurationActionDto extends ProjectActionDto {
  @IsObject()
  @ValidateNested()
  @Type(() => MessagesConfigurationDraftDto)
  messagesConfiguration: MessagesConfigurationDraftDto;
}

/** RAML pattern of both fields: no leading or trailing space. */
const NO_OUTER_SPACE = /^[^ ].+[^ ]$/;

export class ExternalOAuthDto {
  @IsString()
  @Length(3, 2_048)
  @Matches(NO_OUTER_SPACE, { message: 'url must not start or end with a space.' })
  url: string;

  @IsString()
  @Length(3, 4_096)
  @Matches(NO_OUTER_SPACE, { message: 'authorizationHeader must not start or end with a space.' })
  authorizationHeader: string;
}

export class SetExternalOAuthActionDto extends ProjectActionDto {
  @OptionalNested(() => ExternalOAuthDto)
  externalOAuth?: ExternalOAuthDto;
}

const ROUNDING_MODES = ['HalfEven', 'HalfUp', 'HalfDown'] as const;
const SEARCH_STATUSES = ['Activated', 'Deactivated'] as const;
const DELETE_DAYS = { min: 1, max: 365_250 } as const;

export class CartsConfigurationDto {
  @IsInt()
  @Min(DELETE_DAYS.min)
  @Max(DELETE_DAYS.max)
  deleteDaysAfterLastModification: number;

  @IsOptional() @IsBoolean() countryTaxRateFallbackEnabled?: boolean;
  @IsOptional() @IsIn(ROUNDING_MODES) priceRoundingMode?: RoundingMode;
  @IsOptional() @IsIn(ROUNDING_MODES) taxRoundingMode?: RoundingMode;
}

export class ChangeCartsConfigurationActionDto extends ProjectActionDto {
  @IsObject()
  @ValidateNested()
  @Type(() => CartsConfigurationDto)
  cartsConfiguration: CartsConfigurationDto;
}

export class ShoppingListsConfigurationDto {
  @IsInt()
  @Min(DELETE_DAYS.min)
  @Max(DELETE_DAYS.max)
  deleteDaysAfterLastModification: number;
}

export class ChangeShoppingListsConfigurationActionDto extends ProjectActionDto {
  @IsObject()
  @ValidateNested()
  @Type(() => ShoppingListsConfigurationDto)
  shoppingListsConfiguration: ShoppingListsConfigurationDto;
}

export class ChangeCountryTaxRateFallbackEnabledActionDto extends ProjectActionDto {
  @IsBoolean() countryTaxRateFallbackEnabled: boolean;
}

export class ChangePriceRoundingModeActionDto extends ProjectActionDto {
  @IsIn(ROUNDING_MODES) priceRoundingMode: RoundingMode;
}

export class ChangeTaxRoundingModeActionDto extends ProjectActionDto {
  @IsIn(ROUNDING_MODES) taxRoundingMode: RoundingMode;
}

export class ChangeProductSearchIndexingEnabledActionDto extends ProjectActionDto {
  @IsBoolean() enabled: boolean;
  @IsOptional() @IsIn(['ProductProjectionsSearch', 'ProductsSearch']) mode?:
    'ProductProjectionsSearch' | 'ProductsSearch';
}

/** `changeOrderSearchStatus`, `changeCustomerSearchStatus`, `changeBusinessUnitSearchStatus`. */
export class ChangeSearchStatusActionDto extends ProjectActionDto {
  @IsIn(SEARCH_STATUSES) status: (typeof SEARCH_STATUSES)[number];
}

export class ChangeMyBusinessUnitStatusOnCreationActionDto extends ProjectActionDto {
  @IsIn(['Active', 'Inactive']) status: 'Active' | 'Inactive';
}

export class SetMyBusinessUnitAssociateRoleOnCreationActionDto extends ProjectActionDto {
  @IsObject()
  @ValidateNested()
  @Type(() => AssociateRoleResourceIdentifierDto)
  associateRole: InstanceType<typeof AssociateRoleResourceIdentifierDto>;
}

export class CartClassificationValueDto {
  @IsString() @Length(1, 256) key: string;
  @IsLocalizedString() label: Record<string, string>;
}

export class ShippingRateInputTypeDto {
  @IsIn(['CartValue', 'CartScore', 'CartClassification']) type: ShippingRateInputType['type'];

  @ValidateIf((input: ShippingRateInputTypeDto) => input.type === 'CartClassification')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayUnique((value: CartClassificationValueDto) => value?.key, {
    message: 'values must have unique keys.',
  })
  @ValidateNested({ each: true })
  @Type(() => CartClassificationValueDto)
  values?: CartClassificationValueDto[];
}

export class SetShippingRateInputTypeActionDto extends ProjectActionDto {
  @OptionalNested(() => ShippingRateInputTypeDto)
  shippingRateInputType?: ShippingRateInputTypeDto;
}

export class DiscountsConfigurationDto {
  @IsIn(['Stacking', 'BestDeal']) discountCombinationMode: 'Stacking' | 'BestDeal';
}

export class SetDiscountsConfigurationActionDto extends ProjectActionDto {
  @IsObject()
  @ValidateNested()
  @Type(() => DiscountsConfigurationDto)
  discountsConfiguration: DiscountsConfigurationDto;
}

export class SetReleaseExpiredReservationsActionDto extends ProjectActionDto {
  @IsBoolean() releaseExpiredReservations: boolean;
}

export class SetReservationExpirationInMinutesActionDto extends ProjectActionDto {
  @IsInt() @Min(1) @Max(44_640) reservationExpirationInMinutes: number;
}

export class SetProductCatalogModelActionDto extends ProjectActionDto {
  @IsIn(['Classic', 'Modular']) productCatalogModel: 'Classic' | 'Modular';
}

/** The DTO of each action, by name: every action is validated against its own class. */
export const PROJECT_ACTION_DTOS = {
  changeName: ChangeNameActionDto,
  changeCountries: ChangeCountriesActionDto,
  changeCurrencies: ChangeCurrenciesActionDto,
  changeLanguages: ChangeLanguagesActionDto,
  changeMessagesConfiguration: ChangeMessagesConfigurationActionDto,
  setExternalOAuth: SetExternalOAuthActionDto,
  changeCartsConfiguration: ChangeCartsConfigurationActionDto,
  changeShoppingListsConfiguration: ChangeShoppingListsConfigurationActionDto,
  changeCountryTaxRateFallbackEnabled: ChangeCountryTaxRateFallbackEnabledActionDto,
  changePriceRoundingMode: ChangePriceRoundingModeActionDto,
  changeTaxRoundingMode: ChangeTaxRoundingModeActionDto,
  changeProductSearchIndexingEnabled: ChangeProductSearchIndexingEnabledActionDto,
  changeOrderSearchStatus: ChangeSearchStatusActionDto,
  changeCustomerSearchStatus: ChangeSearchStatusActionDto,
  changeBusinessUnitSearchStatus: ChangeSearchStatusActionDto,
  changeMyBusinessUnitStatusOnCreation: ChangeMyBusinessUnitStatusOnCreationActionDto,
  setMyBusinessUnitAssociateRoleOnCreation: SetMyBusinessUnitAssociateRoleOnCreationActionDto,
  setShippingRateInputType: SetShippingRateInputTypeActionDto,
  setDiscountsConfiguration: SetDiscountsConfigurationActionDto,
  setReleaseExpiredReservations: SetReleaseExpiredReservationsActionDto,
  setReservationExpirationInMinutes: SetReservationExpirationInMinutesActionDto,
  setProductCatalogModel: SetProductCatalogModelActionDto,
} satisfies Record<string, new () => ProjectActionDto>;

export type ProjectUpdateActionName = keyof typeof PROJECT_ACTION_DTOS;
