import {
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  BusinessUnitResourceIdentifierDto,
  CartResourceIdentifierDto,
  CustomShippingRateDraftDto,
  DeliveryDraftDto,
  ExternalTaxRateDraftDto,
  ItemShippingDetailsDraftDto,
  PaymentResourceIdentifierDto,
  ShippingMethodResourceIdentifierDto,
  TaxPortionDraftDto,
} from '../carts/cart-draft.dto.js';
import { CART_ORIGINS, INVENTORY_MODES, ROUNDING_MODES, TAX_CALCULATION_MODES } from '../carts/cart.types.js';
import {
  ChannelResourceIdentifierDto,
  CustomFieldsDraftDto,
  TaxCategoryResourceIdentifierDto,
} from '../common/dto.js';
import { IsLocalizedString } from '../common/validators.js';
import { CustomerGroupResourceIdentifierDto } from '../customer-groups/customer-group.dto.js';
import { AddressDraftDto, StoreResourceIdentifierDto } from '../customers/customer.dto.js';
import { Type } from '../dto-transform.js';
import { MoneyDto, PriceDraftDto } from '../products/price.dto.js';
import { StateResourceIdentifierDto } from '../states/state.dto.js';
import { ItemStateDraftDto } from './order-actions.dto.js';
import { ORDER_STATES, PAYMENT_STATES, SHIPMENT_STATES } from './order.types.js';

type Identifier = { typeId?: string; id?: string; key?: string };

/** `OrderFromCartDraft` (checkout facts 5): `cart` (or the deprecated `id`) and the cart's `version`. */
export class OrderFromCartDraftDto {
  @IsOptional() @IsString() id?: string;

  @IsOptional() @IsObject() @ValidateNested() @Type(() => CartResourceIdentifierDto) cart?: Identifier;

  @IsInt() @Min(0) version: number;

  @IsOptional() @IsString() @Length(1, 256) orderNumber?: string;
  @IsOptional() @IsString() purchaseOrderNumber?: string;
  @IsOptional() @IsIn(PAYMENT_STATES) paymentState?: (typeof PAYMENT_STATES)[number];
  @IsOptional() @IsIn(SHIPMENT_STATES) shipmentState?: (typeof SHIPMENT_STATES)[number];
  @IsOptional() @IsIn(ORDER_STATES) orderState?: (typeof ORDER_STATES)[number];
  @IsOptional() @IsObject() @ValidateNested() @Type(() => StateResourceIdentifierDto) state?: Identifier;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;
}

/** `MyOrderFromCartDraft`: `{id, version}` of the customer's own cart. */
export class MyOrderFromCartDraftDto {
  @IsString() id: string;
  @IsInt() @Min(0) version: number;
}

export class TaxedPriceDraftDto {
  @IsDefined() @IsObject() @ValidateNested() @Type(() => MoneyDto) totalNet: MoneyDto;
  @IsDefined() @IsObject() @ValidateNested() @Type(() => MoneyDto) totalGross: MoneyDto;
  @IsDefined()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => TaxPortionDraftDto)
  taxPortions: TaxPortionDraftDto[];
  @IsOptional() @IsObject() @ValidateNested() @Type(() => MoneyDto) totalTax?: MoneyDto;
}

export class ProductVariantImportDraftDto {
  @IsOptional() @IsInt() @Min(1) id?: number;
  @IsOptional() @IsString() sku?: string;
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => PriceDraftDto)
  prices?: PriceDraftDto[];
  @IsOptional() @IsArray() @IsObject({ each: true }) attributes?: Record<string, unknown>[];
  @IsOptional() @IsArray() @IsObject({ each: true }) images?: Record<string, unknown>[];
}

export class LineItemImportDraftDto {
  @IsDefined() @IsLocalizedString() name: Record<string, string>;
  @IsOptional() @IsString() key?: string;
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => ProductVariantImportDraftDto)
  variant: ProductVariantImportDraftDto;
  @IsOptional() @IsString() productId?: string;
  @IsInt() @Min(1) quantity: number;
  @IsDefined() @IsObject() @ValidateNested() @Type(() => PriceDraftDto) price: PriceDraftDto;
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ExternalTaxRateDraftDto)
  taxRate?: ExternalTaxRateDraftDto;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => TaxedPriceDraftDto) taxedPrice?: TaxedPriceDraftDto;
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ChannelResourceIdentifierDto)
  distributionChannel?: Identifier;
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ChannelResourceIdentifierDto)
  supplyChannel?: Identifier;
  @IsOptional() @IsIn(INVENTORY_MODES) inventoryMode?: (typeof INVENTORY_MODES)[number];
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ItemShippingDetailsDraftDto)
  shippingDetails?: ItemShippingDetailsDraftDto;
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ItemStateDraftDto)
  state?: ItemStateDraftDto[];
  @IsOptional() @IsObject() @ValidateNested() @Type(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;
}

export class CustomLineItemImportDraftDto {
  @IsDefined() @IsLocalizedString() name: Record<string, string>;
  @IsOptional() @IsString() key?: string;
  @IsString()
  @Matches(/^[a-zA-Z0-9_-]{2,256}$/, { message: 'slug must match ^[a-zA-Z0-9_-]{2,256}$.' })
  slug: string;
  @IsInt() @Min(1) quantity: number;
  @IsDefined() @IsObject() @ValidateNested() @Type(() => MoneyDto) money: MoneyDto;
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ExternalTaxRateDraftDto)
  taxRate?: ExternalTaxRateDraftDto;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => TaxedPriceDraftDto) taxedPrice?: TaxedPriceDraftDto;
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => TaxCategoryResourceIdentifierDto)
  taxCategory?: Identifier;
  @IsOptional() @IsIn(['Standard', 'External']) priceMode?: 'Standard' | 'External';
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ItemShippingDetailsDraftDto)
  shippingDetails?: ItemShippingDetailsDraftDto;
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ItemStateDraftDto)
  state?: ItemStateDraftDto[];
  @IsOptional() @IsObject() @ValidateNested() @Type(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;
}

export class ShippingInfoImportDraftDto {
  @IsString() shippingMethodName: string;
  @IsDefined() @IsObject() @ValidateNested() @Type(() => MoneyDto) price: MoneyDto;
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => CustomShippingRateDraftDto)
  shippingRate: CustomShippingRateDraftDto;
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ExternalTaxRateDraftDto)
  taxRate?: ExternalTaxRateDraftDto;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => TaxedPriceDraftDto) taxedPrice?: TaxedPriceDraftDto;
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => TaxCategoryResourceIdentifierDto)
  taxCategory?: Identifier;
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ShippingMethodResourceIdentifierDto)
  shippingMethod?: Identifier;
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => DeliveryDraftDto)
  deliveries?: DeliveryDraftDto[];
  @IsOptional() @IsIn(['MatchesCart', 'DoesNotMatchCart']) shippingMethodState?:
    'MatchesCart' | 'DoesNotMatchCart';
}

export class PaymentInfoDraftDto {
  @IsDefined()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => PaymentResourceIdentifierDto)
  payments: Identifier[];
}

/** `OrderImportDraft`: an order from another system, taken as given (no recalculation). */
export class OrderImportDraftDto {
  @IsOptional() @IsString() @Length(1, 256) orderNumber?: string;
  @IsOptional() @IsString() purchaseOrderNumber?: string;
  @IsOptional() @IsString() customerId?: string;
  @IsOptional() @IsString() customerEmail?: string;
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => CustomerGroupResourceIdentifierDto)
  customerGroup?: Identifier;
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => BusinessUnitResourceIdentifierDto)
  businessUnit?: Identifier;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => StoreResourceIdentifierDto) store?: Identifier;
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => LineItemImportDraftDto)
  lineItems?: LineItemImportDraftDto[];
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => CustomLineItemImportDraftDto)
  customLineItems?: CustomLineItemImportDraftDto[];
  @IsDefined() @IsObject() @ValidateNested() @Type(() => MoneyDto) totalPrice: MoneyDto;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => TaxedPriceDraftDto) taxedPrice?: TaxedPriceDraftDto;
  @IsOptional() @IsIn(ROUNDING_MODES) priceRoundingMode?: (typeof ROUNDING_MODES)[number];
  @IsOptional() @IsIn(ROUNDING_MODES) taxRoundingMode?: (typeof ROUNDING_MODES)[number];
  @IsOptional() @IsIn(TAX_CALCULATION_MODES) taxCalculationMode?: (typeof TAX_CALCULATION_MODES)[number];
  @IsOptional() @IsIn(INVENTORY_MODES) inventoryMode?: (typeof INVENTORY_MODES)[number];
  @IsOptional() @IsObject() @ValidateNested() @Type(() => AddressDraftDto) billingAddress?: AddressDraftDto;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => AddressDraftDto) shippingAddress?: AddressDraftDto;
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => AddressDraftDto)
  itemShippingAddresses?: AddressDraftDto[];
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ShippingInfoImportDraftDto)
  shippingInfo?: ShippingInfoImportDraftDto;
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => PaymentInfoDraftDto)
  paymentInfo?: PaymentInfoDraftDto;
  @IsOptional() @IsIn(PAYMENT_STATES) paymentState?: (typeof PAYMENT_STATES)[number];
  @IsOptional() @IsIn(SHIPMENT_STATES) shipmentState?: (typeof SHIPMENT_STATES)[number];
  @IsOptional() @IsIn(ORDER_STATES) orderState?: (typeof ORDER_STATES)[number];
  @IsOptional() @IsObject() @ValidateNested() @Type(() => StateResourceIdentifierDto) state?: Identifier;
  @IsOptional() @IsString() @Matches(/^[A-Z]{2}$/) country?: string;
  @IsOptional() @IsIn(CART_ORIGINS) origin?: (typeof CART_ORIGINS)[number];
  @IsOptional() @IsISO8601({ strict: true }) completedAt?: string;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;
}
