import { OptionalNested } from '../common/nested.js';
import { Type } from '../dto-transform.js';
import {
  ArrayMinSize,
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
import { CustomFieldsDraftDto } from '../common/dto.js';
import { IsLocalizedString, KEY_PATTERN } from '../common/validators.js';
import type { LocalizedString } from '../common/types.js';
import {
  CartDiscountResourceIdentifierDto,
  SetValidFromAction,
  SetValidFromAndUntilAction,
  SetValidUntilAction,
} from '../cart-discounts/cart-discount.dto.js';

export class DiscountCodeDraftDto {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;

  @IsOptional()
  @IsLocalizedString()
  name?: LocalizedString;

  @IsOptional()
  @IsLocalizedString()
  description?: LocalizedString;

  @IsString()
  @MinLength(1)
  code: string;

  @IsArray()
  @ArrayMinSize(1)
  @ValidateNested({ each: true })
  @Type(() => CartDiscountResourceIdentifierDto)
  cartDiscounts: InstanceType<typeof CartDiscountResourceIdentifierDto>[];

  @IsOptional()
  @IsString()
  cartPredicate?: string;

  @IsOptional()
  @IsBoolean()
  isActive?: boolean;

  @IsOptional()
  @IsInt()
  @Min(0)
  maxApplications?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  maxApplicationsPerCustomer?: number;

  @OptionalNested(() => CustomFieldsDraftDto)
  custom?: CustomFieldsDraftDto;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  groups?: string[];

  @IsOptional()
  @IsISO8601()
  validFrom?: string;

  @IsOptional()
  @IsISO8601()
  validUntil?: string;
}

export class DiscountCodeChangeCartDiscountsAction {
  @IsArray()
  @ArrayMinSize(1)
  @ValidateNested({ each: true })
  @Type(() => CartDiscountResourceIdentifierDto)
  cartDiscounts: InstanceType<typeof CartDiscountResourceIdentifierDto>[];
}

export class DiscountCodeChangeGroupsAction {
  @IsArray()
  @IsString({ each: true })
  groups: string[];
}

export class DiscountCodeChangeIsActiveAction {
  @IsBoolean()
  isActive: boolean;
}

export class DiscountCodeSetCartPredicateAction {
  @IsOptional()
  @IsString()
  cartPredicate?: string;
}

export class DiscountCodeSetDescriptionAction {
  @IsOptional()
  @IsLocalizedString()
  description?: LocalizedString;
}

export class DiscountCodeSetNameAction {
  @IsOptional()
  @IsLocalizedString()
  name?: LocalizedString;
}

export class DiscountCodeSetKeyAction {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}

export class DiscountCodeSetMaxApplicationsAction {
  @IsOptional()
  @IsInt()
  @Min(0)
  maxApplications?: number;
}

export class DiscountCodeSetMaxApplicationsPerCustomerAction {
  @IsOptional()
  @IsInt()
  @Min(0)
  maxApplicationsPerCustomer?: number;
}

/** The Discount Code's update actions by name (SDK `DiscountCodeUpdateAction`; the descriptor adds custom fields). */
export const DISCOUNT_CODE_ACTIONS = {
  changeCartDiscounts: DiscountCodeChangeCartDiscountsAction,
  changeGroups: DiscountCodeChangeGroupsAction,
  changeIsActive: DiscountCodeChangeIsActiveAction,
  setCartPredicate: DiscountCodeSetCartPredicateAction,
  setDescription: DiscountCodeSetDescriptionAction,
  setKey: DiscountCodeSetKeyAction,
  setMaxApplications: DiscountCodeSetMaxApplicationsAction,
  setMaxApplicationsPerCustomer: DiscountCodeSetMaxApplicationsPerCustomerAction,
  setName: DiscountCodeSetNameAction,
  setValidFrom: SetValidFromAction,
  setValidUntil: SetValidUntilAction,
  setValidFromAndUntil: SetValidFromAndUntilAction,
} as const;
