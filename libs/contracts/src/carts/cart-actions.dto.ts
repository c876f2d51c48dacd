import { Nested, OptionalNested, OptionalNestedArray } from '../common/nested.js';
import 'reflect-metadata';
import { Type } from '../dto-transform.js';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import {
  ChannelResourceIdentifierDto,
  CustomFieldsDraftDto,
  resourceIdentifierDto,
  SetCustomFieldAction,
  SetCustomTypeAction,
  TaxCategoryResourceIdentifierDto,
  TypeResourceIdentifierDto,
} from '../common/dto.js';
import { KEY_PATTERN } from '../common/validators.js';
import { CustomerGroupResourceIdentifierDto } from '../customer-groups/customer-group.dto.js';
import { AddressDraftDto } from '../customers/customer.dto.js';
import { COUNTRY_PATTERN, MoneyDto } from '../products/price.dto.js';
import {
  BusinessUnitResourceIdentifierDto,
  CART_LIMITS,
  CustomLineItemDraftDto,
  CustomLineItemRecurrenceInfoDraftDto,
  CustomShippingRateDraftDto,
  DeliveryDraftDto,
  DirectDiscountDraftDto,
  EstimatedDeliveryDto,
  ExternalLineItemTotalPriceDto,
  ExternalTaxAmountDraftDto,
  ExternalTaxRateDraftDto,
  ItemShippingDetailsDraftDto,
  ItemShippingTargetDeltaDto,
  LineItemDraftDto,
  LineItemRecurrenceInfoDraftDto,
  MyLineItemDraftDto,
  PaymentResourceIdentifierDto,
  ShippingMethodResourceIdentifierDto,
  ShippingRateInputDraftDto,
  ShoppingListResourceIdentifierDto,
  TaxPortionDraftDto,
} from './cart-draft.dto.js';
import {
  CART_DELETE_DAYS,
  FREEZE_STRATEGIES,
  INVENTORY_MODES,
  ROUNDING_MODES,
  TAX_CALCULATION_MODES,
  TAX_MODES,
  CUSTOM_LINE_ITEM_PRICE_MODES,
  type CustomLineItemPriceMode,
  type FreezeStrategy,
  type InventoryMode,
  type TaxCalculationMode,
  type TaxMode,
} from './cart.types.js';
import type { RoundingMode } from '../projects/project.types.js';

// One DTO per Cart update action (SDK `CartUpdateAction`, 79; checkout facts 3.1). Item actions name their
// item by id or key (exactly one: checked by the action, which answers 400 InvalidInput otherwise).

type Identifier = { typeId?: string; id?: string; key?: string };
const DiscountCodeReferenceDto = resourceIdentifierDto('discount-code');

// --- addressing ---------------------------------------------------------------------------------------------

export class LineItemRefAction {
  @IsOptional() @IsString() lineItemId?: string;
  @IsOptional() @IsString() lineItemKey?: string;
}

export class CustomLineItemRefAction {
  @IsOptional() @IsString() customLineItemId?: string;
  @IsOptional() @IsString() customLineItemKey?: string;
}

class OptionalShippingKey {
  @IsOptional() @IsString() shippingKey?: string;
}

// --- line items ---------------------------------------------------------------------------------------------

export class CartAddLineItemAction extends LineItemDraftDto {}
export class MyCartAddLineItemAction extends MyLineItemDraftDto {}

export class MyCartChangeLineItemQuantityAction extends LineItemRefAction {
  @IsInt() @Min(0) @Max(CART_LIMITS.quantity) quantity: number;
}

export class CartChangeLineItemQuantityAction extends MyCartChangeLineItemQuantityAction {
  @OptionalNested(() => MoneyDto) externalPrice?: MoneyDto;
  @OptionalNested(() => ExternalLineItemTotalPriceDto)
  externalTotalPrice?: ExternalLineItemTotalPriceDto;
}

export class MyCartRemoveLineItemAction extends LineItemRefAction {
  @IsOptional() @IsInt() @Min(0) @Max(CART_LIMITS.quantity) quantity?: number;
  @OptionalNested(() => ItemShippingDetailsDraftDto)
  shippingDetailsToRemove?: ItemShippingDetailsDraftDto;
}

export class CartRemoveLineItemAction extends MyCartRemoveLineItemAction {
  @OptionalNested(() => MoneyDto) externalPrice?: MoneyDto;
  @OptionalNested(() => ExternalLineItemTotalPriceDto)
  externalTotalPrice?: ExternalLineItemTotalPriceDto;
}

export class CartChangeLineItemsOrderAction {
  @IsArray() @ArrayMaxSize(CART_LIMITS.items) @IsString({ each: true }) lineItemOrder: string[];
}

export class CartSetLineItemPriceAction extends LineItemRefAction {
  @OptionalNested(() => MoneyDto) externalPrice?: MoneyDto;
}

export class CartSetLineItemTotalPriceAction extends LineItemRefAction {
  @OptionalNested(() => ExternalLineItemTotalPriceDto)
  externalTotalPrice?: ExternalLineItemTotalPriceDto;
}

export class CartSetLineItemDistributionChannelAction extends LineItemRefAction {
  @OptionalNested(() => ChannelResourceIdentifierDto)
  distributionChannel?: Identifier;
}

export class CartSetLineItemSupplyChannelAction extends LineItemRefAction {
  @OptionalNested(() => ChannelResourceIdentifierDto)
  supplyChannel?: Identifier;
}

export class CartSetLineItemInventoryModeAction extends LineItemRefAction {
  @IsOptional() @IsIn(INVENTORY_MODES) inventoryMode?: InventoryMode;
}

export class CartSetLineItemShippingDetailsAction extends LineItemRefAction {
  @OptionalNested(() => ItemShippingDetailsDraftDto)
  shippingDetails?: ItemShippingDetailsDraftDto;
}

export class CartApplyDeltaToLineItemShippingDetailsTargetsAction extends LineItemRefAction {
  @IsArray()
  @ArrayMaxSize(CART_LIMITS.addresses)
  @ValidateNested({ each: true })
  @Type(() => ItemShippingTargetDeltaDto)
  targetsDelta: ItemShippingTargetDeltaDto[];
}

export class CartSetLineItemCustomTypeAction extends LineItemRefAction {
  @OptionalNested(() => TypeResourceIdentifierDto) type?: Identifier;
  @IsOptional() @IsObject() fields?: Record<string, unknown>;
}

export class CartSetLineItemCustomFieldAction extends LineItemRefAction {
  @IsDefined() @IsString() name: string;
  @IsOptional() value?: unknown;
}

export class CartSetLineItemTaxRateAction extends LineItemRefAction {
  @OptionalNested(() => ExternalTaxRateDraftDto)
  externalTaxRate?: ExternalTaxRateDraftDto;
  @IsOptional() @IsString() shippingKey?: string;
}

export class CartSetLineItemTaxAmountAction extends LineItemRefAction {
  @OptionalNested(() => ExternalTaxAmountDraftDto)
  externalTaxAmount?: ExternalTaxAmountDraftDto;
  @IsOptional() @IsString() shippingKey?: string;
}

export class CartSetLineItemRecurrenceInfoAction extends LineItemRefAction {
  @OptionalNested(() => LineItemRecurrenceInfoDraftDto)
  recurrenceInfo?: LineItemRecurrenceInfoDraftDto;
}

export class CartAddShoppingListAction {
  @Nested(() => ShoppingListResourceIdentifierDto)
  shoppingList: Identifier;
  @OptionalNested(() => ChannelResourceIdentifierDto)
  distributionChannel?: Identifier;
  @OptionalNested(() => ChannelResourceIdentifierDto)
  supplyChannel?: Identifier;
}

// --- custom line items --------------------------------------------------------------------------------------

export class CartAddCustomLineItemAction extends CustomLineItemDraftDto {}

export class CartChangeCustomLineItemQuantityAction extends CustomLineItemRefAction {
  @IsInt() @Min(0) @Max(CART_LIMITS.quantity) quantity: number;
}

export class CartChangeCustomLineItemMoneyAction extends CustomLineItemRefAction {
  @Nested(() => MoneyDto) money: MoneyDto;
}

export class CartChangeCustomLineItemPriceModeAction extends CustomLineItemRefAction {
  @IsIn(CUSTOM_LINE_ITEM_PRICE_MODES) mode: CustomLineItemPriceMode;
}

export class CartRemoveCustomLineItemAction extends CustomLineItemRefAction {}

export class CartSetCustomLineItemCustomTypeAction extends CustomLineItemRefAction {
  @OptionalNested(() => TypeResourceIdentifierDto) type?: Identifier;
  @IsOptional() @IsObject() fields?: Record<string, unknown>;
}

export class CartSetCustomLineItemCustomFieldAction extends CustomLineItemRefAction {
  @IsDefined() @IsString() name: string;
  @IsOptional() value?: unknown;
}

export class CartSetCustomLineItemShippingDetailsAction extends CustomLineItemRefAction {
  @OptionalNested(() => ItemShippingDetailsDraftDto)
  shippingDetails?: ItemShippingDetailsDraftDto;
}

export class CartApplyDeltaToCustomLineItemShippingDetailsTargetsAction extends CustomLineItemRefAction {
  @IsArray()
  @ArrayMaxSize(CART_LIMITS.addresses)
  @ValidateNested({ each: true })
  @Type(() => ItemShippingTargetDeltaDto)
  targetsDelta: ItemShippingTargetDeltaDto[];
}

export class CartSetCustomLineItemTaxRateAction extends CustomLineItemRefAction {
  @OptionalNested(() => ExternalTaxRateDraftDto)
  externalTaxRate?: ExternalTaxRateDraftDto;
  @IsOptional() @IsString() shippingKey?: string;
}

export class CartSetCustomLineItemTaxAmountAction extends CustomLineItemRefAction {
  @OptionalNested(() => ExternalTaxAmountDraftDto)
  externalTaxAmount?: ExternalTaxAmountDraftDto;
  @IsOptional() @IsString() shippingKey?: string;
}

export class CartSetCustomLineItemRecurrenceInfoAction extends CustomLineItemRefAction {
  @OptionalNested(() => CustomLineItemRecurrenceInfoDraftDto)
  recurrenceInfo?: CustomLineItemRecurrenceInfoDraftDto;
}

// --- cart context -------------------------------------------------------------------------------------------

export class CartSetCustomerIdAction {
  @IsOptional() @IsString() customerId?: string;
}

export class CartSetCustomerEmailAction {
  @IsOptional() @IsString() @Length(1, 256) email?: string;
}

export class CartSetCustomerGroupAction {
  @OptionalNested(() => CustomerGroupResourceIdentifierDto)
  customerGroup?: Identifier;
}

export class CartSetAnonymousIdAction {
  @IsOptional() @IsString() @Length(1, 256) anonymousId?: string;
}

export class CartSetCountryAction {
  @IsOptional()
  @Matches(COUNTRY_PATTERN, { message: 'country must be an ISO 3166-1 alpha-2 country code.' })
  country?: string;
}

export class CartSetLocaleAction {
  @IsOptional() @IsString() @MinLength(2) locale?: string;
}

export class CartSetKeyAction {
  @IsOptional()
  @IsString()
  @Length(2, 256)
  @Matches(KEY_PATTERN, { message: 'key must match ^[A-Za-z0-9_-]+$.' })
  key?: string;
}

export class CartSetBusinessUnitAction {
  @Nested(() => BusinessUnitResourceIdentifierDto)
  businessUnit: Identifier;
}

export class CartSetPurchaseOrderNumberAction {
  @IsOptional() @IsString() @Length(1, 256) purchaseOrderNumber?: string;
}

export class CartSetDeleteDaysAfterLastModificationAction {
  @IsOptional()
  @IsInt()
  @Min(CART_DELETE_DAYS.min)
  @Max(CART_DELETE_DAYS.max)
  deleteDaysAfterLastModification?: number;
}

// --- addresses ----------------------------------------------------------------------------------------------

export class CartSetAddressAction {
  @OptionalNested(() => AddressDraftDto) address?: AddressDraftDto;
}

export class CartItemShippingAddressAction {
  @Nested(() => AddressDraftDto) address: AddressDraftDto;
}

export class CartRemoveItemShippingAddressAction {
  @IsString() @MinLength(1) addressKey: string;
}

export class CartSetItemShippingAddressCustomTypeAction extends SetCustomTypeAction {
  @IsString() @MinLength(1) addressKey: string;
}

export class CartSetItemShippingAddressCustomFieldAction extends SetCustomFieldAction {
  @IsString() @MinLength(1) addressKey: string;
}

// --- shipping -----------------------------------------------------------------------------------------------

export class MyCartSetShippingMethodAction {
  @OptionalNested(() => ShippingMethodResourceIdentifierDto)
  shippingMethod?: Identifier;
  @OptionalNested(() => ExternalTaxRateDraftDto)
  externalTaxRate?: ExternalTaxRateDraftDto;
}

export class CartSetShippingMethodAction extends MyCartSetShippingMethodAction {
  @OptionalNested(() => EstimatedDeliveryDto)
  estimatedDelivery?: EstimatedDeliveryDto;
}

export class CartSetCustomShippingMethodAction {
  @IsString() @MinLength(1) shippingMethodName: string;
  @Nested(() => CustomShippingRateDraftDto)
  shippingRate: CustomShippingRateDraftDto;
  @OptionalNested(() => TaxCategoryResourceIdentifierDto)
  taxCategory?: Identifier;
  @OptionalNested(() => ExternalTaxRateDraftDto)
  externalTaxRate?: ExternalTaxRateDraftDto;
  @OptionalNested(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;
  @OptionalNested(() => EstimatedDeliveryDto)
  estimatedDelivery?: EstimatedDeliveryDto;
}

class MultipleShippingAction {
  @IsString() @Length(2, 256) @Matches(KEY_PATTERN) shippingKey: string;
  @Nested(() => AddressDraftDto) shippingAddress: AddressDraftDto;
  @OptionalNested(() => ShippingRateInputDraftDto)
  shippingRateInput?: ShippingRateInputDraftDto;
  @OptionalNested(() => ExternalTaxRateDraftDto)
  externalTaxRate?: ExternalTaxRateDraftDto;
  @OptionalNestedArray(() => DeliveryDraftDto)
  deliveries?: DeliveryDraftDto[];
  @OptionalNested(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;
}

export class CartAddShippingMethodAction extends MultipleShippingAction {
  @Nested(() => ShippingMethodResourceIdentifierDto)
  shippingMethod: Identifier;
  @OptionalNested(() => EstimatedDeliveryDto)
  estimatedDelivery?: EstimatedDeliveryDto;
}

export class CartAddCustomShippingMethodAction extends MultipleShippingAction {
  @IsString() @MinLength(1) shippingMethodName: string;
  @Nested(() => CustomShippingRateDraftDto)
  shippingRate: CustomShippingRateDraftDto;
  @OptionalNested(() => TaxCategoryResourceIdentifierDto)
  taxCategory?: Identifier;
}

export class CartRemoveShippingMethodAction {
  @IsString() @MinLength(1) shippingKey: string;
}

export class CartSetShippingRateInputAction {
  @OptionalNested(() => ShippingRateInputDraftDto)
  shippingRateInput?: ShippingRateInputDraftDto;
}

export class CartSetShippingMethodTaxRateAction extends OptionalShippingKey {
  @OptionalNested(() => ExternalTaxRateDraftDto)
  externalTaxRate?: ExternalTaxRateDraftDto;
}

export class CartSetShippingMethodTaxAmountAction extends OptionalShippingKey {
  @OptionalNested(() => ExternalTaxAmountDraftDto)
  externalTaxAmount?: ExternalTaxAmountDraftDto;
}

export class CartSetShippingCustomTypeAction extends SetCustomTypeAction {
  @IsOptional() @IsString() shippingKey?: string;
}

export class CartSetShippingCustomFieldAction extends SetCustomFieldAction {
  @IsOptional() @IsString() shippingKey?: string;
}

export class CartSetEstimatedDeliveryAction extends OptionalShippingKey {
  @OptionalNested(() => EstimatedDeliveryDto)
  estimatedDelivery?: EstimatedDeliveryDto;
}

// --- tax and rounding ---------------------------------------------------------------------------------------

export class CartChangeTaxModeAction {
  @IsIn(TAX_MODES) taxMode: TaxMode;
}

export class CartChangeTaxRoundingModeAction {
  @IsIn(ROUNDING_MODES) taxRoundingMode: RoundingMode;
}

export class CartChangePriceRoundingModeAction {
  @IsIn(ROUNDING_MODES) priceRoundingMode: RoundingMode;
}

export class CartChangeTaxCalculationModeAction {
  @IsIn(TAX_CALCULATION_MODES) taxCalculationMode: TaxCalculationMode;
}

export class CartSetCartTotalTaxAction {
  @Nested(() => MoneyDto) externalTotalGross: MoneyDto;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => TaxPortionDraftDto)
  externalTaxPortions?: TaxPortionDraftDto[];
}

// --- discounts and payments ---------------------------------------------------------------------------------

export class CartAddDiscountCodeAction {
  @IsString() @MinLength(1) code: string;
}

export class CartRemoveDiscountCodeAction {
  @Nested(() => DiscountCodeReferenceDto) discountCode: Identifier;
}

export class CartSetDirectDiscountsAction {
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => DirectDiscountDraftDto)
  discounts: DirectDiscountDraftDto[];
}

export class CartPaymentAction {
  @Nested(() => PaymentResourceIdentifierDto) payment: Identifier;
}

// --- lifecycle ----------------------------------------------------------------------------------------------

export class CartRecalculateAction {
  @IsOptional() @IsBoolean() updateProductData?: boolean;
}

export class CartFreezeCartAction {
  @IsOptional() @IsIn(FREEZE_STRATEGIES) strategy?: FreezeStrategy;
}

export class CartNoFieldsAction {}

export class CartSetReservationExpirationInMinutesAction {
  @IsInt() @Min(1) @Max(44_640) reservationExpirationInMinutes: number;
}

/** Every Cart update action with its DTO; `setCustomType`/`setCustomField` join by `customFields: true`. */
export const CART_ACTIONS = {
  addLineItem: CartAddLineItemAction,
  changeLineItemQuantity: CartChangeLineItemQuantityAction,
  removeLineItem: CartRemoveLineItemAction,
  changeLineItemsOrder: CartChangeLineItemsOrderAction,
  setLineItemPrice: CartSetLineItemPriceAction,
  setLineItemTotalPrice: CartSetLineItemTotalPriceAction,
  setLineItemDistributionChannel: CartSetLineItemDistributionChannelAction,
  setLineItemSupplyChannel: CartSetLineItemSupplyChannelAction,
  setLineItemInventoryMode: CartSetLineItemInventoryModeAction,
  setLineItemShippingDetails: CartSetLineItemShippingDetailsAction,
  applyDeltaToLineItemShippingDetailsTargets: CartApplyDeltaToLineItemShippingDetailsTargetsAction,
  setLineItemCustomType: CartSetLineItemCustomTypeAction,
  setLineItemCustomField: CartSetLineItemCustomFieldAction,
  setLineItemTaxRate: CartSetLineItemTaxRateAction,
  setLineItemTaxAmount: CartSetLineItemTaxAmountAction,
  setLineItemRecurrenceInfo: CartSetLineItemRecurrenceInfoAction,
  addShoppingList: CartAddShoppingListAction,
  addCustomLineItem: CartAddCustomLineItemAction,
  changeCustomLineItemQuantity: CartChangeCustomLineItemQuantityAction,
  changeCustomLineItemMoney: CartChangeCustomLineItemMoneyAction,
  changeCustomLineItemPriceMode: CartChangeCustomLineItemPriceModeAction,
  removeCustomLineItem: CartRemoveCustomLineItemAction,
  setCustomLineItemCustomType: CartSetCustomLineItemCustomTypeAction,
  setCustomLineItemCustomField: CartSetCustomLineItemCustomFieldAction,
  setCustomLineItemShippingDetails: CartSetCustomLineItemShippingDetailsAction,
  applyDeltaToCustomLineItemShippingDetailsTargets:
    CartApplyDeltaToCustomLineItemShippingDetailsTargetsAction,
  setCustomLineItemTaxRate: CartSetCustomLineItemTaxRateAction,
  setCustomLineItemTaxAmount: CartSetCustomLineItemTaxAmountAction,
  setCustomLineItemRecurrenceInfo: CartSetCustomLineItemRecurrenceInfoAction,
  setCustomerId: CartSetCustomerIdAction,
  setCustomerEmail: CartSetCustomerEmailAction,
  setCustomerGroup: CartSetCustomerGroupAction,
  setAnonymousId: CartSetAnonymousIdAction,
  setCountry: CartSetCountryAction,
  setLocale: CartSetLocaleAction,
  setKey: CartSetKeyAction,
  setBusinessUnit: CartSetBusinessUnitAction,
  setPurchaseOrderNumber: CartSetPurchaseOrderNumberAction,
  setDeleteDaysAfterLastModification: CartSetDeleteDaysAfterLastModificationAction,
  setShippingAddress: CartSetAddressAction,
  setBillingAddress: CartSetAddressAction,
  setShippingAddressCustomType: SetCustomTypeAction,
  setShippingAddressCustomField: SetCustomFieldAction,
  setBillingAddressCustomType: SetCustomTypeAction,
  setBillingAddressCustomField: SetCustomFieldAction,
  addItemShippingAddress: CartItemShippingAddressAction,
  updateItemShippingAddress: CartItemShippingAddressAction,
  removeItemShippingAddress: CartRemoveItemShippingAddressAction,
  setItemShippingAddressCustomType: CartSetItemShippingAddressCustomTypeAction,
  setItemShippingAddressCustomField: CartSetItemShippingAddressCustomFieldAction,
  setShippingMethod: CartSetShippingMethodAction,
  setCustomShippingMethod: CartSetCustomShippingMethodAction,
  addShippingMethod: CartAddShippingMethodAction,
  addCustomShippingMethod: CartAddCustomShippingMethodAction,
  removeShippingMethod: CartRemoveShippingMethodAction,
  setShippingRateInput: CartSetShippingRateInputAction,
  setShippingMethodTaxRate: CartSetShippingMethodTaxRateAction,
  setShippingMethodTaxAmount: CartSetShippingMethodTaxAmountAction,
  setShippingCustomType: CartSetShippingCustomTypeAction,
  setShippingCustomField: CartSetShippingCustomFieldAction,
  setEstimatedDelivery: CartSetEstimatedDeliveryAction,
  changeTaxMode: CartChangeTaxModeAction,
  changeTaxRoundingMode: CartChangeTaxRoundingModeAction,
  changePriceRoundingMode: CartChangePriceRoundingModeAction,
  changeTaxCalculationMode: CartChangeTaxCalculationModeAction,
  setCartTotalTax: CartSetCartTotalTaxAction,
  addDiscountCode: CartAddDiscountCodeAction,
  removeDiscountCode: CartRemoveDiscountCodeAction,
  setDirectDiscounts: CartSetDirectDiscountsAction,
  addPayment: CartPaymentAction,
  removePayment: CartPaymentAction,
  recalculate: CartRecalculateAction,
  freezeCart: CartFreezeCartAction,
  unfreezeCart: CartNoFieldsAction,
  lockCart: CartNoFieldsAction,
  unlockCart: CartNoFieldsAction,
  setReservationExpirationInMinutes: CartSetReservationExpirationInMinutesAction,
} as const;

/**
 * `MyCartUpdateAction` (29): the actions a customer may send to a cart of their own, each with its own DTO
 * where the SDK's is narrower (no external prices or taxes). The custom-fields pair is among them.
 */
export const MY_CART_ACTIONS = {
  addDiscountCode: CartAddDiscountCodeAction,
  addItemShippingAddress: CartItemShippingAddressAction,
  addLineItem: MyCartAddLineItemAction,
  addPayment: CartPaymentAction,
  applyDeltaToLineItemShippingDetailsTargets: CartApplyDeltaToLineItemShippingDetailsTargetsAction,
  changeLineItemQuantity: MyCartChangeLineItemQuantityAction,
  changeLineItemsOrder: CartChangeLineItemsOrderAction,
  changeTaxMode: CartChangeTaxModeAction,
  recalculate: CartRecalculateAction,
  removeDiscountCode: CartRemoveDiscountCodeAction,
  removeItemShippingAddress: CartRemoveItemShippingAddressAction,
  removeLineItem: MyCartRemoveLineItemAction,
  removePayment: CartPaymentAction,
  setBillingAddress: CartSetAddressAction,
  setBusinessUnit: CartSetBusinessUnitAction,
  setCountry: CartSetCountryAction,
  setCustomField: SetCustomFieldAction,
  setCustomType: SetCustomTypeAction,
  setCustomerEmail: CartSetCustomerEmailAction,
  setDeleteDaysAfterLastModification: CartSetDeleteDaysAfterLastModificationAction,
  setLineItemCustomField: CartSetLineItemCustomFieldAction,
  setLineItemCustomType: CartSetLineItemCustomTypeAction,
  setLineItemDistributionChannel: CartSetLineItemDistributionChannelAction,
  setLineItemShippingDetails: CartSetLineItemShippingDetailsAction,
  setLineItemSupplyChannel: CartSetLineItemSupplyChannelAction,
  setLocale: CartSetLocaleAction,
  setShippingAddress: CartSetAddressAction,
  setShippingMethod: MyCartSetShippingMethodAction,
  updateItemShippingAddress: CartItemShippingAddressAction,
} as const;

export type CartActionName = keyof typeof CART_ACTIONS | 'setCustomType' | 'setCustomField';
export type MyCartActionName = keyof typeof MY_CART_ACTIONS;
