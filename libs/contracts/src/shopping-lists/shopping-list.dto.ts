import { Nested, OptionalNested } from '../common/nested.js';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  CustomFieldsDraftDto,
  SetCustomFieldAction,
  SetCustomTypeAction,
  TypeResourceIdentifierDto,
} from '../common/dto.js';
import { StoreResourceIdentifierDto } from '../customers/customer.dto.js';
import { CustomerResourceIdentifierDto } from '../payments/payment.dto.js';
import { IsLocalizedString, KEY_PATTERN } from '../common/validators.js';
import { Type } from '../dto-transform.js';
import { BusinessUnitResourceIdentifierDto } from '../carts/cart-draft.dto.js';
import { SHOPPING_LIST_LIMITS } from './shopping-list.shape.js';

const { quantity: MAX_QUANTITY, items: MAX_ITEMS, deleteDays } = SHOPPING_LIST_LIMITS;
const KEY_MESSAGE = { message: 'key must match ^[A-Za-z0-9_-]+$.' };

/** A line item of a product variant: `productId` (and `variantId`, else the master variant) or `sku`. */
export class ShoppingListLineItemDraftDto {
  @IsOptional() @IsString() @Length(2, 256) @Matches(KEY_PATTERN, KEY_MESSAGE) key?: string;
  @IsOptional() @IsString() productId?: string;
  @IsOptional() @IsInt() @Min(1) variantId?: number;
  @IsOptional() @IsString() sku?: string;
  @IsOptional() @IsISO8601() addedAt?: string;
  @OptionalNested(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;
  @IsOptional() @IsInt() @Min(1) @Max(MAX_QUANTITY) quantity?: number;
}

export class TextLineItemDraftDto {
  @IsOptional() @IsString() @Length(2, 256) @Matches(KEY_PATTERN, KEY_MESSAGE) key?: string;
  @IsOptional() @IsISO8601() addedAt?: string;
  @OptionalNested(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;
  @IsOptional() @IsLocalizedString() description?: Record<string, string>;
  @IsDefined() @IsLocalizedString() name: Record<string, string>;
  @IsOptional() @IsInt() @Min(1) @Max(MAX_QUANTITY) quantity?: number;
}

/** What a customer may say about a list of its own (SDK MyShoppingListDraft). */
export class MyShoppingListDraftDto {
  @IsDefined() @IsLocalizedString() name: Record<string, string>;
  @IsOptional() @IsLocalizedString() description?: Record<string, string>;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => ShoppingListLineItemDraftDto)
  lineItems?: ShoppingListLineItemDraftDto[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => TextLineItemDraftDto)
  textLineItems?: TextLineItemDraftDto[];

  @OptionalNested(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;

  @IsOptional()
  @IsInt()
  @Min(deleteDays.min)
  @Max(deleteDays.max)
  deleteDaysAfterLastModification?: number;

  @OptionalNested(() => StoreResourceIdentifierDto)
  store?: InstanceType<typeof StoreResourceIdentifierDto>;
}

/** SDK ShoppingListDraft. */
export class ShoppingListDraftDto extends MyShoppingListDraftDto {
  @IsOptional() @IsLocalizedString() slug?: Record<string, string>;

  @OptionalNested(() => CustomerResourceIdentifierDto)
  customer?: InstanceType<typeof CustomerResourceIdentifierDto>;

  @IsOptional() @IsString() @Length(2, 256) @Matches(KEY_PATTERN, KEY_MESSAGE) key?: string;
  @IsOptional() @IsString() anonymousId?: string;

  @OptionalNested(() => BusinessUnitResourceIdentifierDto)
  businessUnit?: InstanceType<typeof BusinessUnitResourceIdentifierDto>;
}

// --- update actions (SDK ShoppingListUpdateAction: 25 with the custom-fields pair) ------------------------

/** `lineItemId` or `lineItemKey`, exactly one (checked by the action). */
export class ShoppingListLineItemRef {
  @IsOptional() @IsString() lineItemId?: string;
  @IsOptional() @IsString() lineItemKey?: string;
}

/** `textLineItemId` or `textLineItemKey`, exactly one (checked by the action). */
export class TextLineItemRef {
  @IsOptional() @IsString() textLineItemId?: string;
  @IsOptional() @IsString() textLineItemKey?: string;
}

export class ShoppingListAddLineItemAction extends ShoppingListLineItemDraftDto {}

export class ShoppingListAddTextLineItemAction extends TextLineItemDraftDto {}

export class ShoppingListChangeLineItemQuantityAction extends ShoppingListLineItemRef {
  @IsDefined() @IsInt() @Min(0) @Max(MAX_QUANTITY) quantity: number;
}

export class ShoppingListChangeLineItemsOrderAction {
  @IsDefined() @IsArray() @IsString({ each: true }) lineItemOrder: string[];
}

export class ShoppingListChangeNameAction {
  @IsDefined() @IsLocalizedString() name: Record<string, string>;
}

export class ShoppingListChangeTextLineItemNameAction extends TextLineItemRef {
  @IsDefined() @IsLocalizedString() name: Record<string, string>;
}

export class ShoppingListChangeTextLineItemQuantityAction extends TextLineItemRef {
  @IsDefined() @IsInt() @Min(0) @Max(MAX_QUANTITY) quantity: number;
}

export class ShoppingListChangeTextLineItemsOrderAction {
  @IsDefined() @IsArray() @IsString({ each: true }) textLineItemOrder: string[];
}

export class ShoppingListRemoveLineItemAction extends ShoppingListLineItemRef {
  @IsOptional() @IsInt() @Min(1) @Max(MAX_QUANTITY) quantity?: number;
}

export class ShoppingListRemoveTextLineItemAction extends TextLineItemRef {
  @IsOptional() @IsInt() @Min(1) @Max(MAX_QUANTITY) quantity?: number;
}

export class ShoppingListSetAnonymousIdAction {
  @IsOptional() @IsString() anonymousId?: string;
}

export class ShoppingListSetBusinessUnitAction {
  @Nested(() => BusinessUnitResourceIdentifierDto)
  businessUnit: InstanceType<typeof BusinessUnitResourceIdentifierDto>;
}

export class ShoppingListSetCustomerAction {
  @OptionalNested(() => CustomerResourceIdentifierDto)
  customer?: InstanceType<typeof CustomerResourceIdentifierDto>;
}

export class ShoppingListSetDeleteDaysAfterLastModificationAction {
  @IsOptional()
  @IsInt()
  @Min(deleteDays.min)
  @Max(deleteDays.max)
  deleteDaysAfterLastModification?: number;
}

export class ShoppingListSetDescriptionAction {
  @IsOptional() @IsLocalizedString() description?: Record<string, string>;
}

export class ShoppingListSetKeyAction {
  @IsOptional() @IsString() @Length(2, 256) @Matches(KEY_PATTERN, KEY_MESSAGE) key?: string;
}

export class ShoppingListSetLineItemCustomFieldAction extends ShoppingListLineItemRef {
  @IsDefined() @IsString() name: string;
  @IsOptional() value?: unknown;
}

export class ShoppingListSetLineItemCustomTypeAction extends ShoppingListLineItemRef {
  @OptionalNested(() => TypeResourceIdentifierDto)
  type?: InstanceType<typeof TypeResourceIdentifierDto>;

  @IsOptional() fields?: Record<string, unknown>;
}

export class ShoppingListSetSlugAction {
  @IsOptional() @IsLocalizedString() slug?: Record<string, string>;
}

export class ShoppingListSetStoreAction {
  @OptionalNested(() => StoreResourceIdentifierDto)
  store?: InstanceType<typeof StoreResourceIdentifierDto>;
}

export class ShoppingListSetTextLineItemCustomFieldAction extends TextLineItemRef {
  @IsDefined() @IsString() name: string;
  @IsOptional() value?: unknown;
}

export class ShoppingListSetTextLineItemCustomTypeAction extends TextLineItemRef {
  @OptionalNested(() => TypeResourceIdentifierDto)
  type?: InstanceType<typeof TypeResourceIdentifierDto>;

  @IsOptional() fields?: Record<string, unknown>;
}

export class ShoppingListSetTextLineItemDescriptionAction extends TextLineItemRef {
  @IsOptional() @IsLocalizedString() description?: Record<string, string>;
}

/** A customer's actions on its own lists (SDK MyShoppingListUpdateAction, 19): no key, slug, owner or Store. */
export const MY_SHOPPING_LIST_ACTIONS = {
  addLineItem: ShoppingListAddLineItemAction,
  addTextLineItem: ShoppingListAddTextLineItemAction,
  changeLineItemQuantity: ShoppingListChangeLineItemQuantityAction,
  changeLineItemsOrder: ShoppingListChangeLineItemsOrderAction,
  changeName: ShoppingListChangeNameAction,
  changeTextLineItemName: ShoppingListChangeTextLineItemNameAction,
  changeTextLineItemQuantity: ShoppingListChangeTextLineItemQuantityAction,
  changeTextLineItemsOrder: ShoppingListChangeTextLineItemsOrderAction,
  removeLineItem: ShoppingListRemoveLineItemAction,
  removeTextLineItem: ShoppingListRemoveTextLineItemAction,
  setCustomField: SetCustomFieldAction,
  setCustomType: SetCustomTypeAction,
  setDeleteDaysAfterLastModification: ShoppingListSetDeleteDaysAfterLastModificationAction,
  setDescription: ShoppingListSetDescriptionAction,
  setLineItemCustomField: ShoppingListSetLineItemCustomFieldAction,
  setLineItemCustomType: ShoppingListSetLineItemCustomTypeAction,
  setTextLineItemCustomField: ShoppingListSetTextLineItemCustomFieldAction,
  setTextLineItemCustomType: ShoppingListSetTextLineItemCustomTypeAction,
  setTextLineItemDescription: ShoppingListSetTextLineItemDescriptionAction,
} as const;

/** The ShoppingList's actions (the descriptor adds `setCustomType`/`setCustomField`). */
export const SHOPPING_LIST_ACTIONS = {
  addLineItem: ShoppingListAddLineItemAction,
  addTextLineItem: ShoppingListAddTextLineItemAction,
  changeLineItemQuantity: ShoppingListChangeLineItemQuantityAction,
  changeLineItemsOrder: ShoppingListChangeLineItemsOrderAction,
  changeName: ShoppingListChangeNameAction,
  changeTextLineItemName: ShoppingListChangeTextLineItemNameAction,
  changeTextLineItemQuantity: ShoppingListChangeTextLineItemQuantityAction,
  changeTextLineItemsOrder: ShoppingListChangeTextLineItemsOrderAction,
  removeLineItem: ShoppingListRemoveLineItemAction,
  removeTextLineItem: ShoppingListRemoveTextLineItemAction,
  setAnonymousId: ShoppingListSetAnonymousIdAction,
  setBusinessUnit: ShoppingListSetBusinessUnitAction,
  setCustomer: ShoppingListSetCustomerAction,
  setDeleteDaysAfterLastModification: ShoppingListSetDeleteDaysAfterLastModificationAction,
  setDescription: ShoppingListSetDescriptionAction,
  setKey: ShoppingListSetKeyAction,
  setLineItemCustomField: ShoppingListSetLineItemCustomFieldAction,
  setLineItemCustomType: ShoppingListSetLineItemCustomTypeAction,
  setSlug: ShoppingListSetSlugAction,
  setStore: ShoppingListSetStoreAction,
  setTextLineItemCustomField: ShoppingListSetTextLineItemCustomFieldAction,
  setTextLineItemCustomType: ShoppingListSetTextLineItemCustomTypeAction,
  setTextLineItemDescription: ShoppingListSetTextLineItemDescriptionAction,
} as const;
