import { Nested, NestedArray, OptionalNested, OptionalNestedArray } from '../common/nested.js';
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
import { MoneyDto, PriceDraftDto } from '../products/price.dto.js';
import { StateResourceIdentifierDto } from '../states/state.dto.js';
import { ItemStateDraftDto } from './order-actions.dto.js';
import { ORDER_STATES, PAYMENT_STATES, SHIPMENT_STATES } from './order.types.js';

type Identifier = { typeId?: string; id?: string; key?: string };

/** `OrderFromCartDraft` (checkout facts 5): `cart` (or the deprecated `id`) and the cart's `version`. */
export class OrderFromCartDraftDto {
  @IsOptional() @IsString() id?: string;

  @OptionalNested(() => CartResourceIdentifierDto) cart?: Identifier;

  @IsInt() @Min(0) version: number;

  @IsOptional() @IsString() @Length(1, 256) orderNumber?: string;
  @IsOptional() @IsString() purchaseOrderNumber?: string;
  @IsOptional() @IsIn(PAYMENT_STATES) paymentState?: (typeof PAYMENT_STATES)[number];
  @IsOptional() @IsIn(SHIPMENT_STATES) shipmentState?: (typeof SHIPMENT_STATES)[number];
  @IsOptional() @IsIn(ORDER_STATES) orderState?: (typeof ORDER_STATES)[number];
  @OptionalNested(() => StateResourceIdentifierDto) state?: Identifier;
  @OptionalNested(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;
}

/** `MyOrderFromCartDraft`: `{id, version}` of the customer's own cart. */
export class MyOrderFromCartDraftDto {
  @IsString() id: string;
  @IsInt() @Min(0) version: number;
}

export class TaxedPriceDraftDto {
  @Nested(() => MoneyDto) totalNet: MoneyDto;
  @Nested(() => MoneyDto) totalGross: MoneyDto;
  @IsDefined()
  @NestedArray(() => TaxPortionDraftDto)
  taxPortions: TaxPortionDraftDto[];
  @OptionalNested(() => MoneyDto) totalTax?: MoneyDto;
}

export class ProductVariantImportDraftDto {
  @IsOptional() @IsInt() @Min(1) id?: number;
  @IsOptional() @IsString() sku?: string;
  @OptionalNestedArray(() => PriceDraftDto)
  prices?: PriceDraftDto[];
  @IsOptional() @IsArray() @IsObject({ each: true }) attributes?: Record<string, unknown>[];
  @IsOptional() @IsArray() @IsObject({ each: true }) images?: Record<string, unknown>[];
}

export class LineItemImportDraftDto {
  @IsDefined() @IsLocalizedString() name: Record<string, string>;
  @IsOptional() @IsString() key?: string;
  @Nested(() => ProductVariantImportDraftDto)
  variant: ProductVariantImportDraftDto;
  @IsOptional() @IsString() productId?: string;
  @IsInt() @Min(1) quantity: number;
  @Nested(() => PriceDraftDto) price: PriceDraftDto;
  @OptionalNested(() => ExternalTaxRateDraftDto)
  taxRate?: ExternalTaxRateDraftDto;
  @OptionalNested(() => TaxedPriceDraftDto) taxedPrice?: TaxedPriceDraftDto;
  @OptionalNested(() => ChannelResourceIdentifierDto)
  distributionChannel?: Identifier;
  @OptionalNested(() => ChannelResourceIdentifierDto)
  supplyChannel?: Identifier;
  @IsOptional() @IsIn(INVENTORY_MODES) inventoryMode?: (typeof INVENTORY_MODES)[number];
  @OptionalNested(() => ItemShippingDetailsDraftDto)
  shippingDetails?: ItemShippingDetailsDraftDto;
  @OptionalNestedArray(() => ItemStateDraftDto)
  state?: ItemStateDraftDto[];
  @OptionalNested(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;
}

export class CustomLineItemImportDraftDto {
  @IsDefined() @IsLocalizedString() name: Record<string, string>;
  @IsOptional() @IsString() key?: string;
  @IsString()
  @Matches(/^[a-zA-Z0-9_-]{2,256}$/, { message: 'slug must match ^[a-zA-Z0-9_-]{2,256}$.' })
  slug: string;
  @IsInt() @Min(1) quantity: number;
  @Nested(() => MoneyDto) money: MoneyDto;
  @OptionalNested(() => ExternalTaxRateDraftDto)
  taxRate?: ExternalTaxRateDraftDto;
  @OptionalNested(() => TaxedPriceDraftDto) taxedPrice?: TaxedPriceDraftDto;
  @OptionalNested(() => TaxCategoryResourceIdentifierDto)
  taxCategory?: Identifier;
  @IsOptional() @IsIn(['Standard', 'External']) priceMode?: 'Standard' | 'External';
  @OptionalNested(() => ItemShippingDetailsDraftDto)
  shippingDetails?: ItemShippingDetailsDraftDto;
  @OptionalNestedArray(() => ItemStateDraftDto)
  state?: ItemStateDraftDto[];
  @OptionalNested(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;
}

export class ShippingInfoImportDraftDto {
  @IsString() shippingMethodName: string;
  @Nested(() => MoneyDto) price: MoneyDto;
  @Nested(() => CustomShippingRateDraftDto)
  shippingRate: CustomShippingRateDraftDto;
  @OptionalNested(() => ExternalTaxRateDraftDto)
  taxRate?: ExternalTaxRateDraftDto;
  @OptionalNested(() => TaxedPriceDraftDto) taxedPrice?: TaxedPriceDraftDto;
  @OptionalNested(() => TaxCategoryResourceIdentifierDto)
  taxCategory?: Identifier;
  @OptionalNested(() => ShippingMethodResourceIdentifierDto)
  shippingMethod?: Identifier;
  @OptionalNestedArray(() => DeliveryDraftDto)
  deliveries?: DeliveryDraftDto[];
  @IsOptional() @IsIn(['MatchesCart', 'DoesNotMatchCart']) shippingMethodState?:
    'MatchesCart' | 'DoesNotMatchCart';
}

export class PaymentInfoDraftDto {
  @IsDefined()
  @NestedArray(() => PaymentResourceIdentifierDto)
  payments: Identifier[];
}

/** `OrderImportDraft`: an order from another system, taken as given (no recalculation). */
export class OrderImportDraftDto {
  @IsOptional() @IsString() @Length(1, 256) orderNumber?: string;
  @IsOptional() @IsString() purchaseOrderNumber?: string;
  @IsOptional() @IsString() customerId?: string;
  @IsOptional() @IsString() customerEmail?: string;
  @OptionalNested(() => CustomerGroupResourceIdentifierDto)
  customerGroup?: Identifier;
  @OptionalNested(() => BusinessUnitResourceIdentifierDto)
  businessUnit?: Identifier;
  @OptionalNested(() => StoreResourceIdentifierDto) store?: Identifier;
  @OptionalNestedArray(() => LineItemImportDraftDto)
  lineItems?: LineItemImportDraftDto[];
  @OptionalNestedArray(() => CustomLineItemImportDraftDto)
  customLineItems?: CustomLineItemImportDraftDto[];
  @Nested(() => MoneyDto) totalPrice: MoneyDto;
  @OptionalNested(() => TaxedPriceDraftDto) taxedPrice?: TaxedPriceDraftDto;
  @IsOptional() @IsIn(ROUNDING_MODES) priceRoundingMode?: (typeof ROUNDING_MODES)[number];
  @IsOptional() @IsIn(ROUNDING_MODES) taxRoundingMode?: (typeof ROUNDING_MODES)[number];
  @IsOptional() @IsIn(TAX_CALCULATION_MODES) taxCalculationMode?: (typeof TAX_CALCULATION_MODES)[number];
  @IsOptional() @IsIn(INVENTORY_MODES) inventoryMode?: (typeof INVENTORY_MODES)[number];
  @OptionalNested(() => AddressDraftDto) billingAddress?: AddressDraftDto;
  @OptionalNested(() => AddressDraftDto) shippingAddress?: AddressDraftDto;
  @OptionalNestedArray(() => AddressDraftDto)
  itemShippingAddresses?: AddressDraftDto[];
  @OptionalNested(() => ShippingInfoImportDraftDto)
  shippingInfo?: ShippingInfoImportDraftDto;
  @OptionalNested(() => PaymentInfoDraftDto)
  paymentInfo?: PaymentInfoDraftDto;
  @IsOptional() @IsIn(PAYMENT_STATES) paymentState?: (typeof PAYMENT_STATES)[number];
  @IsOptional() @IsIn(SHIPMENT_STATES) shipmentState?: (typeof SHIPMENT_STATES)[number];
  @IsOptional() @IsIn(ORDER_STATES) orderState?: (typeof ORDER_STATES)[number];
  @OptionalNested(() => StateResourceIdentifierDto) state?: Identifier;
  @IsOptional() @IsString() @Matches(/^[A-Z]{2}$/) country?: string;
  @IsOptional() @IsIn(CART_ORIGINS) origin?: (typeof CART_ORIGINS)[number];
  @IsOptional() @IsISO8601({ strict: true }) completedAt?: string;
  @OptionalNested(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;
}
