import {
  AddressDraftDto,
  ChangeChannelDescriptionAction,
  ChangeChannelNameAction,
  ChannelAddressDto,
  CustomerDraftDto,
  CustomerGroupAssignmentDraftDto,
  CustomerSetAddressCustomFieldAction,
  CustomerSetAddressCustomTypeAction,
  CustomFieldsDraftDto,
  DATE_PATTERN,
  GeoJsonPointDto,
  LocationDto,
  InventoryEntryDraftDto,
  InventoryEntryStockLevelsDto,
  InventoryQuantityAction,
  ShippingMoneyDto,
  ShippingRateDraftDto,
  ZoneRateDraftDto,
  LOCALE_PATTERN,
  ShoppingListLineItemDraftDto,
  ShoppingListSetLineItemCustomFieldAction,
  ShoppingListSetLineItemCustomTypeAction,
  ShoppingListSetTextLineItemCustomFieldAction,
  ShoppingListSetTextLineItemCustomTypeAction,
  TextLineItemDraftDto,
  SetExpectedDeliveryAction,
  ProductSelectionSettingDraftDto,
  SetCustomFieldAction,
  SetCustomTypeAction,
  SetStoreLanguagesAction,
  StoreCountryDto,
  StoreDraftDto,
  StorefrontDto,
  MyOrderFromCartDraftDto,
  MoneyDto,
  ShippingRateInputDraftDto,
  MyTransactionDraftDto,
  CustomShippingRateDraftDto,
  DeliveryDraftDto,
  DirectDiscountDraftDto,
  AddInterfaceInteractionAction,
  ReplicaReferenceDto,
  ProductDiscountDraftDto,
  ChangeProductDiscountValueAction,
  CartDiscountDraftDto,
  CartDiscountChangeStackingModeAction,
  CartDiscountChangeTargetAction,
  CartDiscountChangeValueAction,
  CartDiscountSetRecurringOrderScopeAction,
  OrderEditAddStagedActionAction,
  OrderEditDraftDto,
  OrderEditSetStagedActionsAction,
  type ClassConstructor,
} from '@commerce/contracts';
import { CONVENTION_INPUTS } from '../inputs.js';

/**
 * What the DTOs' metadata cannot say about the GraphQL input types generated from them (`inputs.sdl.ts`): the
 * live schema's names of nested inputs, the scalars a `@Matches` pattern stands for, and the few fields the
 * live schema types otherwise. Everything else (fields, types, lists, nullability) comes from the validators.
 */

export type Dto = ClassConstructor<object>;

/** A field's GraphQL type: a named type, a list of non-null items, or either non-null. */
export interface FieldType {
  type: string;
  list: boolean;
  required: boolean;
}

/** An override changes part of a derived field, or leaves the field out of GraphQL. */
export type FieldOverride = Partial<FieldType> | 'omit';

/** Nested DTOs by the live name of their input; `fieldsOf` when that input has another DTO's fields. */
export const NESTED_INPUTS = new Map<Dto, { name: string; fieldsOf?: Dto }>([
  [CustomFieldsDraftDto, { name: CONVENTION_INPUTS.customFields }],
  [StoreCountryDto, { name: 'StoreCountryInput' }],
  [ProductSelectionSettingDraftDto, { name: 'ProductSelectionSettingDraft' }],
  [ChannelAddressDto, { name: 'AddressInput' }],
  // A customer's address is written with the same AddressInput: the country and the address text fields.
  [AddressDraftDto, { name: 'AddressInput', fieldsOf: ChannelAddressDto }],
  [GeoJsonPointDto, { name: 'GeometryInput' }],
  [CustomerGroupAssignmentDraftDto, { name: 'CustomerGroupAssignmentDraft' }],
  [StorefrontDto, { name: 'StorefrontInput' }],
  [LocationDto, { name: 'ZoneLocation' }],
  [InventoryEntryStockLevelsDto, { name: 'InventoryEntryStockLevelsInput' }],
  [ZoneRateDraftDto, { name: 'ZoneRateDraft' }],
  [ShippingRateDraftDto, { name: 'ShippingRateDraft' }],
  [ShippingMoneyDto, { name: 'MoneyInput' }],
  // Money of either precision (a price, a transaction's amount).
  [MoneyDto, { name: 'BaseMoneyInput' }],
  [ShoppingListLineItemDraftDto, { name: 'ShoppingListLineItemDraft' }],
  [TextLineItemDraftDto, { name: 'TextLineItemDraft' }],
]);

/** `@Matches` patterns (their regex source) that mean a scalar of the schema rather than `String`. */
export const PATTERN_SCALARS: Readonly<Record<string, string>> = {
  '^[A-Z]{2}$': 'Country',
  [LOCALE_PATTERN.source]: 'Locale',
  [DATE_PATTERN.source]: 'Date',
  // CustomerDraftDto's own date pattern.
  '^\\d{4}-\\d{2}-\\d{2}$': 'Date',
};

/** Fields the live schema types otherwise than their validators say, by DTO and property. */
export const FIELD_OVERRIDES = new Map<Dto, Readonly<Record<string, FieldOverride>>>([
  // `@IsString({each: true})`: the service checks them against the project's languages; GraphQL says Locale.
  [StoreDraftDto, { languages: { type: 'Locale' } }],
  [SetStoreLanguagesAction, { languages: { type: 'Locale' } }],
  // Optional in the live schema; a missing one is refused by the DTO's validation (InvalidInput).
  [ChangeChannelNameAction, { name: { required: false } }],
  [ChangeChannelDescriptionAction, { description: { required: false } }],
  // A custom field's value is JSON-encoded text in GraphQL (as CustomFieldInput's).
  [SetCustomFieldAction, { value: { type: 'String' } }],
  [CustomerSetAddressCustomFieldAction, { value: { type: 'String' } }],
  [ShoppingListSetLineItemCustomFieldAction, { value: { type: 'String' } }],
  [ShoppingListSetTextLineItemCustomFieldAction, { value: { type: 'String' } }],
  // Not offered on GraphQL's customerSignUp (yet): the REST draft takes them.
  [CustomerDraftDto, { customerGroup: 'omit', customerGroupAssignments: 'omit', custom: 'omit' }],
  // Inventory: quantities are Long and the delivery a DateTime in the live schema.
  [InventoryEntryDraftDto, { quantityOnStock: { type: 'Long' }, expectedDelivery: { type: 'DateTime' } }],
  [InventoryQuantityAction, { quantity: { type: 'Long' } }],
  [SetExpectedDeliveryAction, { expectedDelivery: { type: 'DateTime' } }],
  // The live MoneyInput is `{currencyCode, centAmount}`; a shipping rate is always in cents.
  [ShippingMoneyDto, { type: 'omit', fractionDigits: 'omit', centAmount: { type: 'Long' } }],
  // Money of either precision; the kind is the draft's own (`centPrecision` when absent).
  [MoneyDto, { type: { type: 'String' } }],
  [ShippingRateInputDraftDto, { type: { type: 'String' } }],
  // A customer's own payment takes two of the TransactionType values (the service refuses the others).
  [MyTransactionDraftDto, { type: { type: 'TransactionType' } }],
  [CustomShippingRateDraftDto, { tiers: 'omit' }],
  // Values without a fixed shape: Json, as the REST body has them.
  [DeliveryDraftDto, { parcels: { type: 'Json' } }],
  [DirectDiscountDraftDto, { value: { type: 'Json' }, target: { type: 'Json' } }],
  [AddInterfaceInteractionAction, { fields: { type: 'Json' } }],
  // `cart` or `order`: the live ReferenceInput's typeId is a String.
  [ReplicaReferenceDto, { typeId: { type: 'String' } }],
  // A discount's value and target are tagged unions (the live schema's one-of inputs): Json in REST's form,
  // as the read side answers them (their shapes' `json()`); the stacking mode is a String there too.
  [ProductDiscountDraftDto, { value: { type: 'Json' } }],
  [ChangeProductDiscountValueAction, { value: { type: 'Json' } }],
  [
    CartDiscountDraftDto,
    {
      value: { type: 'Json' },
      target: { type: 'Json' },
      stackingMode: { type: 'String' },
      recurringOrderScope: { type: 'Json' },
    },
  ],
  [CartDiscountChangeValueAction, { value: { type: 'Json' } }],
  [CartDiscountChangeTargetAction, { target: { type: 'Json' } }],
  [CartDiscountChangeStackingModeAction, { stackingMode: { type: 'String' } }],
  [CartDiscountSetRecurringOrderScopeAction, { recurringOrderScope: { type: 'Json' } }],
  // Tiers are a union GraphQL inputs cannot say here (the live schema's one-of input); REST sets them.
  [ShippingRateDraftDto, { tiers: 'omit' }],
  // An Order Edit's staged actions: the live one-of input of the 92 staged actions (inputs.sdl.ts).
  [OrderEditDraftDto, { stagedActions: { type: 'StagedOrderUpdateAction', list: true } }],
  [OrderEditAddStagedActionAction, { stagedAction: { type: 'StagedOrderUpdateAction', required: true } }],
  [
    OrderEditSetStagedActionsAction,
    { stagedActions: { type: 'StagedOrderUpdateAction', list: true, required: true } },
  ],
]);

/**
 * Action DTOs whose `type` and `fields` are a custom type: GraphQL writes them as CustomFieldsDraft's fields
 * (`typeId | typeKey | type`, `fields: [CustomFieldInput!]`) beside the action's other fields (`addressId`).
 */
export const CUSTOM_TYPE_ACTIONS = new Set<Dto>([
  SetCustomTypeAction,
  CustomerSetAddressCustomTypeAction,
  ShoppingListSetLineItemCustomTypeAction,
  ShoppingListSetTextLineItemCustomTypeAction,
]);

/** Inputs of mutation arguments that are not a draft: `createMyOrderFromCart(draft)`, `replicateCart(reference)`. */
export const ARGUMENT_INPUTS: readonly (readonly [string, Dto])[] = [
  ['OrderMyCartCommand', MyOrderFromCartDraftDto],
  ['ReferenceInput', ReplicaReferenceDto],
];
