import {
  ArrayMaxSize,
  Equals,
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
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { CART_LIMITS, ItemShippingDetailsDraftDto } from '../carts/cart-draft.dto.js';
import { Nested, NestedArray, OptionalNested, OptionalNestedArray } from '../common/nested.js';
import { IsLocalizedString } from '../common/validators.js';
import { AddressDraftDto } from '../customers/customer.dto.js';
import { Type } from '../dto-transform.js';
import { ORDER_STATES, PAYMENT_STATES, SHIPMENT_STATES } from '../orders/order.types.js';
import { COUNTRY_PATTERN } from '../products/price.dto.js';
import {
  ImportCustomDto,
  ImportDiscountedPriceDto,
  ImportMoneyDto,
  ImportPriceTierDto,
  ImportResources,
  keyReferenceDto,
  validateImportRequest,
} from './import.dto.js';
import { MAX_IMPORT_RESOURCES } from './import.types.js';

// The Import API's `OrderImport` (importapi-sdk models/orders.ts): an order with every reference by key.

const CustomerKeyReferenceDto = keyReferenceDto('customer');
const CustomerGroupKeyReferenceDto = keyReferenceDto('customer-group');
const ChannelKeyReferenceDto = keyReferenceDto('channel');
const StoreKeyReferenceDto = keyReferenceDto('store');
const StateKeyReferenceDto = keyReferenceDto('state');
const ProductKeyReferenceDto = keyReferenceDto('product');
const ProductVariantKeyReferenceDto = keyReferenceDto('product-variant');
const TaxCategoryKeyReferenceDto = keyReferenceDto('tax-category');
const ShippingMethodKeyReferenceDto = keyReferenceDto('shipping-method');
const CartDiscountKeyReferenceDto = keyReferenceDto('cart-discount');

type KeyRef<T extends string> = { typeId: T; key: string };

export class ImportItemStateDto {
  @IsInt() @Min(1) quantity: number;
  @Nested(() => StateKeyReferenceDto) state: KeyRef<'state'>;
}

export class ImportSubRateDto {
  @IsString() name: string;
  @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) @Max(1) amount: number;
}

/** TaxRate of an import: `amount` and `includedInPrice` are required. */
export class ImportTaxRateDto {
  @IsOptional() @IsString() id?: string;
  @IsString() @Length(1, 256) name: string;
  @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) @Max(1) amount: number;
  @IsBoolean() includedInPrice: boolean;
  @Matches(COUNTRY_PATTERN, { message: 'country must match ^[A-Z]{2}$.' }) country: string;
  @IsOptional() @IsString() state?: string;
  @OptionalNestedArray(() => ImportSubRateDto) subRates?: ImportSubRateDto[];
}

/** ExternalTaxRateDraft of a custom line item: `amount` may come from `subRates`. */
export class ImportExternalTaxRateDto {
  @IsString() @Length(1, 256) name: string;
  @IsOptional() @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) @Max(1) amount?: number;
  @Matches(COUNTRY_PATTERN, { message: 'country must match ^[A-Z]{2}$.' }) country: string;
  @IsOptional() @IsString() state?: string;
  @OptionalNestedArray(() => ImportSubRateDto) subRates?: ImportSubRateDto[];
  @IsOptional() @IsBoolean() includedInPrice?: boolean;
}

export class ImportTaxPortionDto {
  @IsOptional() @IsString() name?: string;
  @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) @Max(1) rate: number;
  @Nested(() => ImportMoneyDto) amount: ImportMoneyDto;
}

export class ImportTaxedPriceDto {
  @Nested(() => ImportMoneyDto) totalNet: ImportMoneyDto;
  @Nested(() => ImportMoneyDto) totalGross: ImportMoneyDto;
  @IsDefined() @NestedArray(() => ImportTaxPortionDto) taxPortions: ImportTaxPortionDto[];
}

export class ImportCustomLineItemTaxedPriceDto {
  @Nested(() => ImportMoneyDto) totalNet: ImportMoneyDto;
  @Nested(() => ImportMoneyDto) totalGross: ImportMoneyDto;
}

/** LineItemPrice: a price as the line item had it, its references by key. */
export class ImportLineItemPriceDto {
  @Nested(() => ImportMoneyDto) value: ImportMoneyDto;
  @IsOptional() @Matches(COUNTRY_PATTERN, { message: 'country must match ^[A-Z]{2}$.' }) country?: string;
  @IsOptional() @IsISO8601({ strict: true }) validFrom?: string;
  @IsOptional() @IsISO8601({ strict: true }) validUntil?: string;
  @OptionalNested(() => CustomerGroupKeyReferenceDto) customerGroup?: KeyRef<'customer-group'>;
  @OptionalNested(() => ChannelKeyReferenceDto) channel?: KeyRef<'channel'>;
  @OptionalNested(() => ImportDiscountedPriceDto) discounted?: ImportDiscountedPriceDto;
  @OptionalNestedArray(() => ImportPriceTierDto) tiers?: ImportPriceTierDto[];
  @OptionalNested(() => ImportCustomDto) custom?: ImportCustomDto;
}

export class ImportAttributeDto {
  @IsString() name: string;
  @IsOptional() @IsString() type?: string;
  @IsDefined() value: unknown;
}

export class ImportImageDto {
  @IsString() url: string;
  @IsObject() dimensions: { w: number; h: number };
  @IsOptional() @IsString() label?: string;
}

/** LineItemProductVariantImportDraft: the variant by key (`productVariant`) or by SKU. */
export class ImportLineItemVariantDto {
  @OptionalNested(() => ProductVariantKeyReferenceDto) productVariant?: KeyRef<'product-variant'>;
  @IsOptional() @IsString() @Length(1, 256) sku?: string;
  @OptionalNestedArray(() => ImportLineItemPriceDto) prices?: ImportLineItemPriceDto[];
  @OptionalNestedArray(() => ImportAttributeDto) attributes?: ImportAttributeDto[];
  @OptionalNestedArray(() => ImportImageDto) images?: ImportImageDto[];
}

export class ImportLineItemDto {
  @OptionalNested(() => ProductKeyReferenceDto) product?: KeyRef<'product'>;
  @IsDefined() @IsLocalizedString() name: Record<string, string>;
  @Nested(() => ImportLineItemVariantDto) variant: ImportLineItemVariantDto;
  @Nested(() => ImportLineItemPriceDto) price: ImportLineItemPriceDto;
  @IsInt() @Min(1) @Max(CART_LIMITS.quantity) quantity: number;
  @OptionalNestedArray(() => ImportItemStateDto) state?: ImportItemStateDto[];
  @OptionalNested(() => ChannelKeyReferenceDto) supplyChannel?: KeyRef<'channel'>;
  @OptionalNested(() => ChannelKeyReferenceDto) distributionChannel?: KeyRef<'channel'>;
  @OptionalNested(() => ImportTaxRateDto) taxRate?: ImportTaxRateDto;
  @OptionalNested(() => ItemShippingDetailsDraftDto) shippingDetails?: ItemShippingDetailsDraftDto;
  @OptionalNested(() => ImportCustomDto) custom?: ImportCustomDto;
}

export class ImportDiscountedLineItemPortionDto {
  @Nested(() => CartDiscountKeyReferenceDto) discount: KeyRef<'cart-discount'>;
  @Nested(() => ImportMoneyDto) discountedAmount: ImportMoneyDto;
}

export class ImportDiscountedLineItemPriceDto {
  @Nested(() => ImportMoneyDto) value: ImportMoneyDto;
  @IsDefined()
  @NestedArray(() => ImportDiscountedLineItemPortionDto)
  includedDiscounts: ImportDiscountedLineItemPortionDto[];
}

/** CustomLineItemDraft of an order import. */
export class ImportCustomLineItemDto {
  @IsDefined() @IsLocalizedString() name: Record<string, string>;
  @Nested(() => ImportMoneyDto) money: ImportMoneyDto;
  @OptionalNested(() => ImportCustomLineItemTaxedPriceDto) taxedPrice?: ImportCustomLineItemTaxedPriceDto;
  @Nested(() => ImportMoneyDto) totalPrice: ImportMoneyDto;
  @IsString()
  @Matches(/^[a-zA-Z0-9_-]{2,256}$/, { message: 'slug must match ^[a-zA-Z0-9_-]{2,256}$.' })
  slug: string;
  @IsInt() @Min(1) @Max(CART_LIMITS.quantity) quantity: number;
  @OptionalNestedArray(() => ImportItemStateDto) state?: ImportItemStateDto[];
  @OptionalNested(() => TaxCategoryKeyReferenceDto) taxCategory?: KeyRef<'tax-category'>;
  @OptionalNested(() => ImportTaxRateDto) taxRate?: ImportTaxRateDto;
  @OptionalNested(() => ImportExternalTaxRateDto) externalTaxRate?: ImportExternalTaxRateDto;
  @OptionalNestedArray(() => ImportDiscountedLineItemPriceDto)
  discountedPricePerQuantity?: ImportDiscountedLineItemPriceDto[];
  @OptionalNested(() => ItemShippingDetailsDraftDto) shippingDetails?: ItemShippingDetailsDraftDto;
}

export class ImportShippingRateDto {
  @Nested(() => ImportMoneyDto) price: ImportMoneyDto;
  @OptionalNested(() => ImportMoneyDto) freeAbove?: ImportMoneyDto;
  @IsOptional() @IsArray() @ArrayMaxSize(100) @IsObject({ each: true }) tiers?: Record<string, unknown>[];
}

export class ImportDeliveryItemDto {
  @IsString() id: string;
  @IsInt() @Min(0) quantity: number;
}

export class ImportDeliveryDto {
  @IsString() id: string;
  @IsISO8601({ strict: true }) createdAt: string;
  @IsDefined() @NestedArray(() => ImportDeliveryItemDto) items: ImportDeliveryItemDto[];
  @IsDefined() @IsArray() @IsObject({ each: true }) parcels: Record<string, unknown>[];
  @OptionalNested(() => AddressDraftDto) address?: AddressDraftDto;
}

export class ImportShippingInfoDto {
  @IsString() @Length(1, 256) shippingMethodName: string;
  @Nested(() => ImportMoneyDto) price: ImportMoneyDto;
  @Nested(() => ImportShippingRateDto) shippingRate: ImportShippingRateDto;
  @OptionalNested(() => ImportTaxRateDto) taxRate?: ImportTaxRateDto;
  @OptionalNested(() => TaxCategoryKeyReferenceDto) taxCategory?: KeyRef<'tax-category'>;
  @OptionalNested(() => ShippingMethodKeyReferenceDto) shippingMethod?: KeyRef<'shipping-method'>;
  @OptionalNestedArray(() => ImportDeliveryDto) deliveries?: ImportDeliveryDto[];
  @OptionalNested(() => ImportDiscountedLineItemPriceDto) discountedPrice?: ImportDiscountedLineItemPriceDto;
  @IsOptional() @IsIn(['MatchesCart', 'DoesNotMatchCart']) shippingMethodState?:
    'MatchesCart' | 'DoesNotMatchCart';
}

/** `OrderImport`: the order as another system had it; `orderNumber` is the operation's resource key. */
export class OrderImportDto {
  @IsString() @Length(1, 256) orderNumber: string;
  @OptionalNested(() => CustomerKeyReferenceDto) customer?: KeyRef<'customer'>;
  @IsOptional() @IsString() customerEmail?: string;
  @OptionalNestedArray(() => ImportLineItemDto) lineItems?: ImportLineItemDto[];
  @OptionalNestedArray(() => ImportCustomLineItemDto) customLineItems?: ImportCustomLineItemDto[];
  @Nested(() => ImportMoneyDto) totalPrice: ImportMoneyDto;
  @OptionalNested(() => ImportTaxedPriceDto) taxedPrice?: ImportTaxedPriceDto;
  @OptionalNested(() => AddressDraftDto) shippingAddress?: AddressDraftDto;
  @OptionalNested(() => AddressDraftDto) billingAddress?: AddressDraftDto;
  @OptionalNested(() => CustomerGroupKeyReferenceDto) customerGroup?: KeyRef<'customer-group'>;
  @IsOptional() @Matches(COUNTRY_PATTERN, { message: 'country must match ^[A-Z]{2}$.' }) country?: string;
  @IsOptional() @IsIn(ORDER_STATES) orderState?: (typeof ORDER_STATES)[number];
  @IsOptional() @IsIn(SHIPMENT_STATES) shipmentState?: (typeof SHIPMENT_STATES)[number];
  @IsOptional() @IsIn(PAYMENT_STATES) paymentState?: (typeof PAYMENT_STATES)[number];
  @OptionalNested(() => ImportShippingInfoDto) shippingInfo?: ImportShippingInfoDto;
  @IsOptional() @IsISO8601({ strict: true }) completedAt?: string;
  @OptionalNested(() => ImportCustomDto) custom?: ImportCustomDto;
  @IsOptional() @IsIn(['ReserveOnOrder', 'TrackOnly']) inventoryMode?: 'ReserveOnOrder' | 'TrackOnly';
  @IsOptional() @IsIn(['HalfEven', 'HalfUp', 'HalfDown']) taxRoundingMode?:
    'HalfEven' | 'HalfUp' | 'HalfDown';
  @IsOptional() @IsIn(['LineItemLevel', 'UnitPriceLevel']) taxCalculationMode?:
    'LineItemLevel' | 'UnitPriceLevel';
  @IsOptional() @IsIn(['Customer', 'Merchant']) origin?: 'Customer' | 'Merchant';
  @OptionalNestedArray(() => AddressDraftDto) itemShippingAddresses?: AddressDraftDto[];
  @OptionalNested(() => StoreKeyReferenceDto) store?: KeyRef<'store'>;
  @OptionalNested(() => StateKeyReferenceDto) state?: KeyRef<'state'>;
}

export class OrderImportRequestDto {
  @Equals('order', { message: "type must be 'order'." })
  type: 'order';

  @ImportResources(() => OrderImportDto)
  resources: OrderImportDto[];
}

/** One order of `checkout.orders.import-operations`: the operation and its stored OrderImport. */
export class OrderImportItemDto {
  @IsString() operationId: string;
  @IsISO8601({ strict: true }) operationCreatedAt: string;
  @IsDefined() @IsObject() order: Record<string, unknown>;
}

/** `checkout.orders.import-operations`; each `order` is validated on its own (a bad one fails alone). */
export class OrderImportItemsDto {
  @IsArray()
  @ArrayMaxSize(MAX_IMPORT_RESOURCES)
  @ValidateNested({ each: true })
  @Type(() => OrderImportItemDto)
  items: OrderImportItemDto[];
}

export const validateOrderImportRequest = (plain: unknown) =>
  validateImportRequest(OrderImportRequestDto, plain);
