import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Min,
} from 'class-validator';
import {
  CART_ACTIONS,
  CartSetCustomShippingMethodAction,
  CartSetShippingMethodAction,
} from '../carts/cart-actions.dto.js';
import { CustomFieldsDraftDto, MAX_ACTIONS, resourceIdentifierDto } from '../common/dto.js';
import { Nested, OptionalNested } from '../common/nested.js';
import { KEY_PATTERN } from '../common/validators.js';
import { AddressDraftDto } from '../customers/customer.dto.js';
import { CUSTOM_FIELD_ACTIONS } from '../resources/descriptor.js';
import { ORDER_ACTIONS } from '../orders/order-actions.dto.js';

export const OrderResourceIdentifierDto = resourceIdentifierDto('order');

/** `OrderEditDraft` (SDK): the staged actions are validated by the owner against `STAGED_ORDER_ACTIONS`. */
export class OrderEditDraftDto {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;

  @Nested(() => OrderResourceIdentifierDto) resource: { typeId?: string; id?: string; key?: string };

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ACTIONS)
  @IsObject({ each: true })
  stagedActions?: object[];

  @OptionalNested(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;
  @IsOptional() @IsString() comment?: string;
  @IsOptional() @IsBoolean() dryRun?: boolean;
}

/** `POST /orders/edits/{id}/apply`: the edit's version and the order's, both checked. */
export class OrderEditApplyDto {
  @IsInt() @Min(0) editVersion: number;
  @IsInt() @Min(0) resourceVersion: number;
}

export class OrderEditAddStagedActionAction {
  @IsObject() stagedAction: object;
}
export class OrderEditSetStagedActionsAction {
  @IsArray() @ArrayMaxSize(MAX_ACTIONS) @IsObject({ each: true }) stagedActions: object[];
}
export class OrderEditSetCommentAction {
  @IsOptional() @IsString() comment?: string;
}
export class OrderEditSetKeyAction {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}

/** The Order Edit's own actions (SDK OrderEditUpdateAction; the descriptor adds the custom-fields pair). */
export const ORDER_EDIT_ACTIONS = {
  addStagedAction: OrderEditAddStagedActionAction,
  setStagedActions: OrderEditSetStagedActionsAction,
  setComment: OrderEditSetCommentAction,
  setKey: OrderEditSetKeyAction,
} as const;

/** `setShippingAddressAndShippingMethod`: the cart's `setShippingMethod` with the address it is set for. */
export class StagedOrderSetShippingAddressAndShippingMethodAction extends CartSetShippingMethodAction {
  @Nested(() => AddressDraftDto) address: AddressDraftDto;
}
/** `setShippingAddressAndCustomShippingMethod`: the cart's `setCustomShippingMethod` with its address. */
export class StagedOrderSetShippingAddressAndCustomShippingMethodAction extends CartSetCustomShippingMethodAction {
  @Nested(() => AddressDraftDto) address: AddressDraftDto;
}

const { setEstimatedDelivery: _notStaged, ...orderActions } = ORDER_ACTIONS;

/**
 * The actions an Order Edit stages (SDK StagedOrderUpdateAction, 92): the Order's own actions (all but
 * `setEstimatedDelivery`) with their DTOs, and the cart-like ones with the Cart's DTOs (same shapes; the
 * Order's `setOrderTotalTax` is the Cart's `setCartTotalTax`), plus the two that set the shipping address and
 * method at once.
 */
export const STAGED_ORDER_ACTIONS = {
  ...orderActions,
  ...CUSTOM_FIELD_ACTIONS,
  addLineItem: CART_ACTIONS.addLineItem,
  changeLineItemQuantity: CART_ACTIONS.changeLineItemQuantity,
  removeLineItem: CART_ACTIONS.removeLineItem,
  setLineItemPrice: CART_ACTIONS.setLineItemPrice,
  setLineItemTotalPrice: CART_ACTIONS.setLineItemTotalPrice,
  setLineItemDistributionChannel: CART_ACTIONS.setLineItemDistributionChannel,
  setLineItemTaxRate: CART_ACTIONS.setLineItemTaxRate,
  setLineItemTaxAmount: CART_ACTIONS.setLineItemTaxAmount,
  addShoppingList: CART_ACTIONS.addShoppingList,
  addCustomLineItem: CART_ACTIONS.addCustomLineItem,
  changeCustomLineItemQuantity: CART_ACTIONS.changeCustomLineItemQuantity,
  changeCustomLineItemMoney: CART_ACTIONS.changeCustomLineItemMoney,
  removeCustomLineItem: CART_ACTIONS.removeCustomLineItem,
  setCustomLineItemTaxRate: CART_ACTIONS.setCustomLineItemTaxRate,
  setCustomLineItemTaxAmount: CART_ACTIONS.setCustomLineItemTaxAmount,
  setCustomerGroup: CART_ACTIONS.setCustomerGroup,
  setCountry: CART_ACTIONS.setCountry,
  setShippingMethod: CART_ACTIONS.setShippingMethod,
  setCustomShippingMethod: CART_ACTIONS.setCustomShippingMethod,
  setShippingRateInput: CART_ACTIONS.setShippingRateInput,
  setShippingMethodTaxRate: CART_ACTIONS.setShippingMethodTaxRate,
  setShippingMethodTaxAmount: CART_ACTIONS.setShippingMethodTaxAmount,
  changeTaxMode: CART_ACTIONS.changeTaxMode,
  changeTaxRoundingMode: CART_ACTIONS.changeTaxRoundingMode,
  changePriceRoundingMode: CART_ACTIONS.changePriceRoundingMode,
  changeTaxCalculationMode: CART_ACTIONS.changeTaxCalculationMode,
  setOrderTotalTax: CART_ACTIONS.setCartTotalTax,
  addDiscountCode: CART_ACTIONS.addDiscountCode,
  removeDiscountCode: CART_ACTIONS.removeDiscountCode,
  setDirectDiscounts: CART_ACTIONS.setDirectDiscounts,
  setShippingAddressAndShippingMethod: StagedOrderSetShippingAddressAndShippingMethodAction,
  setShippingAddressAndCustomShippingMethod: StagedOrderSetShippingAddressAndCustomShippingMethodAction,
} as const;

export type StagedOrderActionName = keyof typeof STAGED_ORDER_ACTIONS;

/** The cart-like staged actions: not the Order's own, applied by the cart engine's handlers. */
export const CART_LIKE_STAGED_ACTIONS: ReadonlySet<string> = new Set(
  Object.keys(STAGED_ORDER_ACTIONS).filter(
    (name) => !Object.hasOwn(ORDER_ACTIONS, name) && !Object.hasOwn(CUSTOM_FIELD_ACTIONS, name),
  ),
);
