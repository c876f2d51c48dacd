import { IsBoolean, IsOptional, IsString, Length, Matches } from 'class-validator';
import type { LocalizedString } from '../common/types.js';
import {
  IsLocalizedString,
  KEY_PATTERN,
  SORT_ORDER_MESSAGE,
  SORT_ORDER_PATTERN,
} from '../common/validators.js';

const KEY_MESSAGE = 'key must match ^[A-Za-z0-9_-]+$.';

/** SDK DiscountGroupDraft. */
export class DiscountGroupDraftDto {
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: KEY_MESSAGE })
  key: string;

  @IsOptional() @IsLocalizedString() name?: LocalizedString;
  @IsOptional() @IsLocalizedString() description?: LocalizedString;

  @IsString()
  @Matches(SORT_ORDER_PATTERN, { message: SORT_ORDER_MESSAGE })
  sortOrder: string;

  @IsOptional()
  @IsBoolean()
  isActive?: boolean;
}

export class DiscountGroupSetDescriptionAction {
  @IsOptional() @IsLocalizedString() description?: LocalizedString;
}

export class DiscountGroupSetIsActiveAction {
  @IsBoolean()
  isActive: boolean;
}

export class DiscountGroupSetKeyAction {
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: KEY_MESSAGE })
  key: string;
}

export class DiscountGroupSetNameAction {
  @IsOptional() @IsLocalizedString() name?: LocalizedString;
}

export class DiscountGroupSetSortOrderAction {
  @IsString()
  @Matches(SORT_ORDER_PATTERN, { message: SORT_ORDER_MESSAGE })
  sortOrder: string;
}

/** The Discount Group's update actions by name (SDK `DiscountGroupUpdateAction`). */
export const DISCOUNT_GROUP_ACTIONS = {
  setDescription: DiscountGroupSetDescriptionAction,
  setIsActive: DiscountGroupSetIsActiveAction,
  setKey: DiscountGroupSetKeyAction,
  setName: DiscountGroupSetNameAction,
  setSortOrder: DiscountGroupSetSortOrderAction,
} as const;
