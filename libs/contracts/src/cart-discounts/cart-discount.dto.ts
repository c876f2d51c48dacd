import { Nested, NestedArray, OptionalNested, OptionalNestedArray } from '../common/nested.js';
import {
  IsBoolean,
  IsDefined,
  IsIn,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  MinLength,
} from 'class-validator';
import { CustomFieldsDraftDto, resourceIdentifierDto } from '../common/dto.js';
import {
  IsLocalizedString,
  KEY_PATTERN,
  SORT_ORDER_MESSAGE,
  SORT_ORDER_PATTERN,
} from '../common/validators.js';
import type { LocalizedString } from '../common/types.js';

export const CartDiscountResourceIdentifierDto = resourceIdentifierDto('cart-discount');
import { StoreResourceIdentifierDto } from '../customers/customer.dto.js';
export const DiscountGroupResourceIdentifierDto = resourceIdentifierDto('discount-group');

export const STACKING_MODES = ['Stacking', 'StopAfterThisDiscount'] as const;

/**
 * The draft of a Cart Discount. `value` and `target` are unions the checkout validates field by field
 * (`cart-discount-values.ts`), so that each problem is named.
 */
export class CartDiscountDraftDto {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;

  @IsLocalizedString()
  name: LocalizedString;

  @IsOptional()
  @IsLocalizedString()
  description?: LocalizedString;

  @IsDefined()
  @IsObject()
  value: Record<string, unknown>;

  @IsString()
  cartPredicate: string;

  @IsOptional()
  @IsObject()
  target?: Record<string, unknown>;

  @IsOptional()
  @IsString()
  @Matches(SORT_ORDER_PATTERN, { message: SORT_ORDER_MESSAGE })
  sortOrder?: string;

  @OptionalNestedArray(() => StoreResourceIdentifierDto)
  stores?: InstanceType<typeof StoreResourceIdentifierDto>[];

  @IsOptional()
  @IsBoolean()
  isActive?: boolean;

  @IsOptional()
  @IsISO8601()
  validFrom?: string;

  @IsOptional()
  @IsISO8601()
  validUntil?: string;

  @IsOptional()
  @IsBoolean()
  requiresDiscountCode?: boolean;

  @IsOptional()
  @IsIn(STACKING_MODES)
  stackingMode?: (typeof STACKING_MODES)[number];

  @OptionalNested(() => CustomFieldsDraftDto)
  custom?: CustomFieldsDraftDto;

  @OptionalNested(() => DiscountGroupResourceIdentifierDto)
  discountGroup?: InstanceType<typeof DiscountGroupResourceIdentifierDto>;

  @IsOptional()
  @IsObject()
  recurringOrderScope?: Record<string, unknown>;
}

export class CartDiscountStoreAction {
  @Nested(() => StoreResourceIdentifierDto)
  store: InstanceType<typeof StoreResourceIdentifierDto>;
}

export class CartDiscountSetStoresAction {
  @NestedArray(() => StoreResourceIdentifierDto)
  stores: InstanceType<typeof StoreResourceIdentifierDto>[];
}

export class CartDiscountChangeCartPredicateAction {
  @IsString()
  @MinLength(1)
  cartPredicate: string;
}

export class CartDiscountChangeIsActiveAction {
  @IsBoolean()
  isActive: boolean;
}

export class CartDiscountChangeNameAction {
  @IsLocalizedString()
  name: LocalizedString;
}

export class CartDiscountChangeRequiresDiscountCodeAction {
  @IsBoolean()
  requiresDiscountCode: boolean;
}

export class CartDiscountChangeSortOrderAction {
  @IsString()
  @Matches(SORT_ORDER_PATTERN, { message: SORT_ORDER_MESSAGE })
  sortOrder: string;
}

export class CartDiscountChangeStackingModeAction {
  @IsIn(STACKING_MODES)
  stackingMode: (typeof STACKING_MODES)[number];
}

export class CartDiscountChangeTargetAction {
  @IsDefined()
  @IsObject()
  target: Record<string, unknown>;
}

export class CartDiscountChangeValueAction {
  @IsDefined()
  @IsObject()
  value: Record<string, unknown>;
}

export class CartDiscountSetDescriptionAction {
  @IsOptional()
  @IsLocalizedString()
  description?: LocalizedString;
}

export class CartDiscountSetDiscountGroupAction {
  @OptionalNested(() => DiscountGroupResourceIdentifierDto)
  discountGroup?: InstanceType<typeof DiscountGroupResourceIdentifierDto>;

  @IsOptional()
  @IsString()
  @Matches(SORT_ORDER_PATTERN, { message: SORT_ORDER_MESSAGE })
  sortOrder?: string;
}

export class CartDiscountSetKeyAction {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}

export class CartDiscountSetRecurringOrderScopeAction {
  @IsDefined()
  @IsObject()
  recurringOrderScope: Record<string, unknown>;
}

export class SetValidFromAction {
  @IsOptional()
  @IsISO8601()
  validFrom?: string;
}

export class SetValidUntilAction {
  @IsOptional()
  @IsISO8601()
  validUntil?: string;
}

export class SetValidFromAndUntilAction {
  @IsOptional()
  @IsISO8601()
  validFrom?: string;

  @IsOptional()
  @IsISO8601()
  validUntil?: string;
}

/** The Cart Discount's update actions by name (SDK `CartDiscountUpdateAction`; the descriptor adds custom fields). */
export const CART_DISCOUNT_ACTIONS = {
  addStore: CartDiscountStoreAction,
  removeStore: CartDiscountStoreAction,
  setStores: CartDiscountSetStoresAction,
  changeCartPredicate: CartDiscountChangeCartPredicateAction,
  changeIsActive: CartDiscountChangeIsActiveAction,
  changeName: CartDiscountChangeNameAction,
  changeRequiresDiscountCode: CartDiscountChangeRequiresDiscountCodeAction,
  changeSortOrder: CartDiscountChangeSortOrderAction,
  changeStackingMode: CartDiscountChangeStackingModeAction,
  changeTarget: CartDiscountChangeTargetAction,
  changeValue: CartDiscountChangeValueAction,
  setDescription: CartDiscountSetDescriptionAction,
  setDiscountGroup: CartDiscountSetDiscountGroupAction,
  setKey: CartDiscountSetKeyAction,
  setRecurringOrderScope: CartDiscountSetRecurringOrderScopeAction,
  setValidFrom: SetValidFromAction,
  setValidUntil: SetValidUntilAction,
  setValidFromAndUntil: SetValidFromAndUntilAction,
} as const;
