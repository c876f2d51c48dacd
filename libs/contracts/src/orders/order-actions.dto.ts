import {
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  ChannelResourceIdentifierDto,
  CustomFieldsDraftDto,
  SetCustomFieldAction,
  SetCustomTypeAction,
  TypeResourceIdentifierDto,
} from '../common/dto.js';
import { AddressDraftDto, StoreResourceIdentifierDto } from '../customers/customer.dto.js';
import { Type } from '../dto-transform.js';
import { TransitionStateAction } from '../payments/payment.dto.js';
import {
  BusinessUnitResourceIdentifierDto,
  DeliveryItemDto,
  EstimatedDeliveryDto,
  ItemShippingDetailsDraftDto,
  PaymentResourceIdentifierDto,
} from '../carts/cart-draft.dto.js';
import { StateResourceIdentifierDto } from '../states/state.dto.js';
import {
  ORDER_STATES,
  PAYMENT_STATES,
  RETURN_PAYMENT_STATES,
  RETURN_SHIPMENT_STATES,
  SHIPMENT_STATES,
} from './order.types.js';

// --- shapes the actions share ---

export class ParcelMeasurementsDto {
  @IsOptional() @IsNumber() @Min(0) heightInMillimeter?: number;
  @IsOptional() @IsNumber() @Min(0) lengthInMillimeter?: number;
  @IsOptional() @IsNumber() @Min(0) widthInMillimeter?: number;
  @IsOptional() @IsNumber() @Min(0) weightInGram?: number;
}

export class TrackingDataDto {
  @IsOptional() @IsString() trackingId?: string;
  @IsOptional() @IsString() carrier?: string;
  @IsOptional() @IsString() provider?: string;
  @IsOptional() @IsString() providerTransaction?: string;
  @IsOptional() @IsBoolean() isReturn?: boolean;
}

const nested = <T>(type: () => new () => T) => [IsObject(), ValidateNested(), Type(type)];
function Nested<T>(type: () => new () => T): PropertyDecorator {
  return (target, key) => nested(type).forEach((decorate) => decorate(target, key));
}
function NestedArray<T>(type: () => new () => T): PropertyDecorator {
  return (target, key) =>
    [IsArray(), ValidateNested({ each: true }), Type(type)].forEach((decorate) => decorate(target, key));
}

export class ParcelDraftDto {
  @IsOptional() @IsString() key?: string;
  @IsOptional() @Nested(() => ParcelMeasurementsDto) measurements?: ParcelMeasurementsDto;
  @IsOptional() @Nested(() => TrackingDataDto) trackingData?: TrackingDataDto;
  @IsOptional() @NestedArray(() => DeliveryItemDto) items?: DeliveryItemDto[];
  @IsOptional() @Nested(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;
}

export class ReturnItemDraftDto {
  @IsOptional() @IsString() key?: string;
  @IsInt() @Min(1) quantity: number;
  @IsOptional() @IsString() lineItemId?: string;
  @IsOptional() @IsString() customLineItemId?: string;
  @IsOptional() @IsString() comment?: string;
  @IsIn(RETURN_SHIPMENT_STATES) shipmentState: (typeof RETURN_SHIPMENT_STATES)[number];
  @IsOptional() @Nested(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;
}

export class ReturnInfoDraftDto {
  @IsDefined() @NestedArray(() => ReturnItemDraftDto) items: ReturnItemDraftDto[];
  @IsOptional() @IsString() returnTrackingId?: string;
  @IsOptional() @IsISO8601({ strict: true }) returnDate?: string;
}

export class ItemStateDraftDto {
  @IsInt() @Min(1) quantity: number;
  @IsDefined() @Nested(() => StateResourceIdentifierDto) state: InstanceType<
    typeof StateResourceIdentifierDto
  >;
}

// --- the actions' addressing mix-ins: `<x>Id` or `<x>Key` ---

class LineItemTarget {
  @IsOptional() @IsString() lineItemId?: string;
  @IsOptional() @IsString() lineItemKey?: string;
}
class CustomLineItemTarget {
  @IsOptional() @IsString() customLineItemId?: string;
  @IsOptional() @IsString() customLineItemKey?: string;
}
class DeliveryTarget {
  @IsOptional() @IsString() deliveryId?: string;
  @IsOptional() @IsString() deliveryKey?: string;
}
class ParcelTarget {
  @IsOptional() @IsString() parcelId?: string;
  @IsOptional() @IsString() parcelKey?: string;
}
class ReturnItemTarget {
  @IsOptional() @IsString() returnItemId?: string;
  @IsOptional() @IsString() returnItemKey?: string;
}
class AddressKeyTarget {
  @IsString() addressKey: string;
}
class ShippingKeyTarget {
  @IsOptional() @IsString() shippingKey?: string;
}

// --- states ---

export class ChangeOrderStateAction {
  @IsIn(ORDER_STATES) orderState: (typeof ORDER_STATES)[number];
}
export class ChangePaymentStateAction {
  @IsIn(PAYMENT_STATES) paymentState: (typeof PAYMENT_STATES)[number];
}
export class ChangeShipmentStateAction {
  @IsIn(SHIPMENT_STATES) shipmentState: (typeof SHIPMENT_STATES)[number];
}

class ItemStateTransition {
  @IsInt() @Min(1) quantity: number;
  @IsDefined() @Nested(() => StateResourceIdentifierDto) fromState: InstanceType<
    typeof StateResourceIdentifierDto
  >;
  @IsDefined() @Nested(() => StateResourceIdentifierDto) toState: InstanceType<
    typeof StateResourceIdentifierDto
  >;
  @IsOptional() @IsISO8601({ strict: true }) actualTransitionDate?: string;
}
export class TransitionLineItemStateAction extends ItemStateTransition {
  @IsOptional() @IsString() lineItemId?: string;
  @IsOptional() @IsString() lineItemKey?: string;
}
export class TransitionCustomLineItemStateAction extends ItemStateTransition {
  @IsOptional() @IsString() customLineItemId?: string;
  @IsOptional() @IsString() customLineItemKey?: string;
}
export class ImportLineItemStateAction extends LineItemTarget {
  @IsDefined() @NestedArray(() => ItemStateDraftDto) state: ItemStateDraftDto[];
}
export class ImportCustomLineItemStateAction extends CustomLineItemTarget {
  @IsDefined() @NestedArray(() => ItemStateDraftDto) state: ItemStateDraftDto[];
}

// --- deliveries and parcels ---

export class AddDeliveryAction extends ShippingKeyTarget {
  @IsOptional() @IsString() deliveryKey?: string;
  @IsOptional() @NestedArray(() => DeliveryItemDto) items?: DeliveryItemDto[];
  @IsOptional() @Nested(() => AddressDraftDto) address?: AddressDraftDto;
  @IsOptional() @NestedArray(() => ParcelDraftDto) parcels?: ParcelDraftDto[];
  @IsOptional() @Nested(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;
}
export class RemoveDeliveryAction extends DeliveryTarget {}
export class SetDeliveryAddressAction extends DeliveryTarget {
  @IsOptional() @Nested(() => AddressDraftDto) address?: AddressDraftDto;
}
export class SetDeliveryItemsAction extends DeliveryTarget {
  @IsDefined() @NestedArray(() => DeliveryItemDto) items: DeliveryItemDto[];
}
export class SetDeliveryCustomTypeAction extends DeliveryTarget {
  @IsOptional() @Nested(() => TypeResourceIdentifierDto) type?: InstanceType<
    typeof TypeResourceIdentifierDto
  >;
  @IsOptional() fields?: Record<string, unknown>;
}
export class SetDeliveryCustomFieldAction extends DeliveryTarget {
  @IsDefined() @IsString() name: string;
  @IsOptional() value?: unknown;
}

export class AddParcelToDeliveryAction extends DeliveryTarget {
  @IsOptional() @IsString() parcelKey?: string;
  @IsOptional() @Nested(() => ParcelMeasurementsDto) measurements?: ParcelMeasurementsDto;
  @IsOptional() @Nested(() => TrackingDataDto) trackingData?: TrackingDataDto;
  @IsOptional() @NestedArray(() => DeliveryItemDto) items?: DeliveryItemDto[];
  @IsOptional() @Nested(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;
}
export class RemoveParcelFromDeliveryAction extends ParcelTarget {}
export class SetParcelItemsAction extends ParcelTarget {
  @IsDefined() @NestedArray(() => DeliveryItemDto) items: DeliveryItemDto[];
}
export class SetParcelMeasurementsAction extends ParcelTarget {
  @IsOptional() @Nested(() => ParcelMeasurementsDto) measurements?: ParcelMeasurementsDto;
}
export class SetParcelTrackingDataAction extends ParcelTarget {
  @IsOptional() @Nested(() => TrackingDataDto) trackingData?: TrackingDataDto;
}
export class SetParcelCustomTypeAction extends ParcelTarget {
  @IsOptional() @Nested(() => TypeResourceIdentifierDto) type?: InstanceType<
    typeof TypeResourceIdentifierDto
  >;
  @IsOptional() fields?: Record<string, unknown>;
}
export class SetParcelCustomFieldAction extends ParcelTarget {
  @IsDefined() @IsString() name: string;
  @IsOptional() value?: unknown;
}

// --- returns ---

export class AddReturnInfoAction {
  @IsOptional() @IsString() returnTrackingId?: string;
  @IsDefined() @ArrayMinSize(1) @NestedArray(() => ReturnItemDraftDto) items: ReturnItemDraftDto[];
  @IsOptional() @IsISO8601({ strict: true }) returnDate?: string;
}
export class SetReturnInfoAction {
  @IsOptional() @NestedArray(() => ReturnInfoDraftDto) items?: ReturnInfoDraftDto[];
}
export class SetReturnShipmentStateAction extends ReturnItemTarget {
  @IsIn(RETURN_SHIPMENT_STATES) shipmentState: (typeof RETURN_SHIPMENT_STATES)[number];
}
export class SetReturnPaymentStateAction extends ReturnItemTarget {
  @IsIn(RETURN_PAYMENT_STATES) paymentState: (typeof RETURN_PAYMENT_STATES)[number];
}
export class SetReturnItemCustomTypeAction extends ReturnItemTarget {
  @IsOptional() @Nested(() => TypeResourceIdentifierDto) type?: InstanceType<
    typeof TypeResourceIdentifierDto
  >;
  @IsOptional() fields?: Record<string, unknown>;
}
export class SetReturnItemCustomFieldAction extends ReturnItemTarget {
  @IsDefined() @IsString() name: string;
  @IsOptional() value?: unknown;
}

// --- payments ---

export class OrderPaymentAction {
  @IsDefined() @Nested(() => PaymentResourceIdentifierDto) payment: InstanceType<
    typeof PaymentResourceIdentifierDto
  >;
}

// --- addresses and customer ---

export class SetOrderAddressAction {
  @IsOptional() @Nested(() => AddressDraftDto) address?: AddressDraftDto;
}
export class ItemShippingAddressAction {
  @IsDefined() @Nested(() => AddressDraftDto) address: AddressDraftDto;
}
export class RemoveItemShippingAddressAction extends AddressKeyTarget {}
export class SetItemShippingAddressCustomTypeAction extends AddressKeyTarget {
  @IsOptional() @Nested(() => TypeResourceIdentifierDto) type?: InstanceType<
    typeof TypeResourceIdentifierDto
  >;
  @IsOptional() fields?: Record<string, unknown>;
}
export class SetItemShippingAddressCustomFieldAction extends AddressKeyTarget {
  @IsDefined() @IsString() name: string;
  @IsOptional() value?: unknown;
}
export class SetOrderCustomerEmailAction {
  @IsOptional() @IsString() email?: string;
}
export class SetOrderCustomerIdAction {
  @IsOptional() @IsString() customerId?: string;
}

// --- other ---

export class SetOrderNumberAction {
  @IsOptional() @IsString() orderNumber?: string;
}
export class SetOrderPurchaseOrderNumberAction {
  @IsOptional() @IsString() purchaseOrderNumber?: string;
}
export class SetOrderLocaleAction {
  @IsOptional() @IsString() locale?: string;
}
export class SetOrderStoreAction {
  @IsOptional() @Nested(() => StoreResourceIdentifierDto) store?: InstanceType<
    typeof StoreResourceIdentifierDto
  >;
}
export class SetOrderBusinessUnitAction {
  @IsOptional()
  @Nested(() => BusinessUnitResourceIdentifierDto)
  businessUnit?: InstanceType<typeof BusinessUnitResourceIdentifierDto>;
}
export class SetLineItemCustomTypeAction extends LineItemTarget {
  @IsOptional() @Nested(() => TypeResourceIdentifierDto) type?: InstanceType<
    typeof TypeResourceIdentifierDto
  >;
  @IsOptional() fields?: Record<string, unknown>;
}
export class SetLineItemCustomFieldAction extends LineItemTarget {
  @IsDefined() @IsString() name: string;
  @IsOptional() value?: unknown;
}
export class SetCustomLineItemCustomTypeAction extends CustomLineItemTarget {
  @IsOptional() @Nested(() => TypeResourceIdentifierDto) type?: InstanceType<
    typeof TypeResourceIdentifierDto
  >;
  @IsOptional() fields?: Record<string, unknown>;
}
export class SetCustomLineItemCustomFieldAction extends CustomLineItemTarget {
  @IsDefined() @IsString() name: string;
  @IsOptional() value?: unknown;
}
export class SetLineItemShippingDetailsAction extends LineItemTarget {
  @IsOptional() @Nested(() => ItemShippingDetailsDraftDto) shippingDetails?: ItemShippingDetailsDraftDto;
}
export class SetCustomLineItemShippingDetailsAction extends CustomLineItemTarget {
  @IsOptional() @Nested(() => ItemShippingDetailsDraftDto) shippingDetails?: ItemShippingDetailsDraftDto;
}
export class SetEstimatedDeliveryAction extends ShippingKeyTarget {
  @IsOptional() @Nested(() => EstimatedDeliveryDto) estimatedDelivery?: EstimatedDeliveryDto;
}
export class SetShippingCustomTypeAction extends ShippingKeyTarget {
  @IsOptional() @Nested(() => TypeResourceIdentifierDto) type?: InstanceType<
    typeof TypeResourceIdentifierDto
  >;
  @IsOptional() fields?: Record<string, unknown>;
}
export class SetShippingCustomFieldAction extends ShippingKeyTarget {
  @IsDefined() @IsString() name: string;
  @IsOptional() value?: unknown;
}
export class UpdateSyncInfoAction {
  @IsOptional() @IsString() externalId?: string;
  @IsDefined() @Nested(() => ChannelResourceIdentifierDto) channel: InstanceType<
    typeof ChannelResourceIdentifierDto
  >;
  @IsOptional() @IsISO8601({ strict: true }) syncedAt?: string;
}

/** The Order's update actions (SDK OrderUpdateAction: 61; the descriptor adds the custom-fields pair). */
export const ORDER_ACTIONS = {
  changeOrderState: ChangeOrderStateAction,
  changePaymentState: ChangePaymentStateAction,
  changeShipmentState: ChangeShipmentStateAction,
  transitionState: TransitionStateAction,
  transitionLineItemState: TransitionLineItemStateAction,
  transitionCustomLineItemState: TransitionCustomLineItemStateAction,
  importLineItemState: ImportLineItemStateAction,
  importCustomLineItemState: ImportCustomLineItemStateAction,
  addDelivery: AddDeliveryAction,
  removeDelivery: RemoveDeliveryAction,
  setDeliveryAddress: SetDeliveryAddressAction,
  setDeliveryItems: SetDeliveryItemsAction,
  setDeliveryCustomType: SetDeliveryCustomTypeAction,
  setDeliveryCustomField: SetDeliveryCustomFieldAction,
  setDeliveryAddressCustomType: SetDeliveryCustomTypeAction,
  setDeliveryAddressCustomField: SetDeliveryCustomFieldAction,
  addParcelToDelivery: AddParcelToDeliveryAction,
  removeParcelFromDelivery: RemoveParcelFromDeliveryAction,
  setParcelItems: SetParcelItemsAction,
  setParcelMeasurements: SetParcelMeasurementsAction,
  setParcelTrackingData: SetParcelTrackingDataAction,
  setParcelCustomType: SetParcelCustomTypeAction,
  setParcelCustomField: SetParcelCustomFieldAction,
  addReturnInfo: AddReturnInfoAction,
  setReturnInfo: SetReturnInfoAction,
  setReturnShipmentState: SetReturnShipmentStateAction,
  setReturnPaymentState: SetReturnPaymentStateAction,
  setReturnItemCustomType: SetReturnItemCustomTypeAction,
  setReturnItemCustomField: SetReturnItemCustomFieldAction,
  addPayment: OrderPaymentAction,
  removePayment: OrderPaymentAction,
  setBillingAddress: SetOrderAddressAction,
  setShippingAddress: SetOrderAddressAction,
  setBillingAddressCustomType: SetCustomTypeAction,
  setBillingAddressCustomField: SetCustomFieldAction,
  setShippingAddressCustomType: SetCustomTypeAction,
  setShippingAddressCustomField: SetCustomFieldAction,
  addItemShippingAddress: ItemShippingAddressAction,
  updateItemShippingAddress: ItemShippingAddressAction,
  removeItemShippingAddress: RemoveItemShippingAddressAction,
  setItemShippingAddressCustomType: SetItemShippingAddressCustomTypeAction,
  setItemShippingAddressCustomField: SetItemShippingAddressCustomFieldAction,
  setCustomerEmail: SetOrderCustomerEmailAction,
  setCustomerId: SetOrderCustomerIdAction,
  setOrderNumber: SetOrderNumberAction,
  setPurchaseOrderNumber: SetOrderPurchaseOrderNumberAction,
  setLocale: SetOrderLocaleAction,
  setStore: SetOrderStoreAction,
  setBusinessUnit: SetOrderBusinessUnitAction,
  setLineItemCustomType: SetLineItemCustomTypeAction,
  setLineItemCustomField: SetLineItemCustomFieldAction,
  setCustomLineItemCustomType: SetCustomLineItemCustomTypeAction,
  setCustomLineItemCustomField: SetCustomLineItemCustomFieldAction,
  setLineItemShippingDetails: SetLineItemShippingDetailsAction,
  setCustomLineItemShippingDetails: SetCustomLineItemShippingDetailsAction,
  setEstimatedDelivery: SetEstimatedDeliveryAction,
  setShippingCustomType: SetShippingCustomTypeAction,
  setShippingCustomField: SetShippingCustomFieldAction,
  updateSyncInfo: UpdateSyncInfoAction,
} as const;
