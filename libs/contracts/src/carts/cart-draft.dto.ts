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
  IsISO8601,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  ChannelResourceIdentifierDto,
  CustomFieldsDraftDto,
  resourceIdentifierDto,
  TaxCategoryResourceIdentifierDto,
} from '../common/dto.js';
import { IsLocalizedString, KEY_PATTERN } from '../common/validators.js';
import { CustomerGroupResourceIdentifierDto } from '../customer-groups/customer-group.dto.js';
import { AddressDraftDto, StoreResourceIdentifierDto } from '../customers/customer.dto.js';
import { COUNTRY_PATTERN, CURRENCY_PATTERN, MoneyDto } from '../products/price.dto.js';
import { SubRateDto } from '../tax-categories/tax-category.dto.js';
import {
  CART_DELETE_DAYS,
  CART_MERGE_MODES,
  CART_ORIGINS,
  CUSTOM_LINE_ITEM_PRICE_MODES,
  INVENTORY_MODES,
  ROUNDING_MODES,
  SHIPPING_MODES,
  TAX_CALCULATION_MODES,
  TAX_MODES,
  type CartMergeMode,
  type CartOrigin,
  type CustomLineItemPriceMode,
  type InventoryMode,
  type ShippingMode,
  type TaxCalculationMode,
  type TaxMode,
} from './cart.types.js';
import type { RoundingMode } from '../projects/project.types.js';

// Drafts of a Cart and of its parts (SDK cart.d.ts, me.d.ts; checkout facts 3).

export const ShippingMethodResourceIdentifierDto = resourceIdentifierDto('shipping-method');
export const BusinessUnitResourceIdentifierDto = resourceIdentifierDto('business-unit');
export const PaymentResourceIdentifierDto = resourceIdentifierDto('payment');
export const CartResourceIdentifierDto = resourceIdentifierDto('cart');
export const ShoppingListResourceIdentifierDto = resourceIdentifierDto('shopping-list');
export const RecurrencePolicyResourceIdentifierDto = resourceIdentifierDto('recurrence-policy');

type Identifier = { typeId?: string; id?: string; key?: string };

/** Limits that keep a cart a small document (the live API caps line items at 500 per cart). */
export const CART_LIMITS = { items: 500, addresses: 100, quantity: 1_000_000_000, codes: 10 } as const;

const SLUG_PATTERN = /^[a-zA-Z0-9_-]{2,256}$/;

export class ExternalTaxRateDraftDto {
  @IsString() @MinLength(1) name: string;

  /** Required without `subRates`; with them, their sum (the owner checks both). */
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  amount?: number;

  @IsOptional() @IsBoolean() includedInPrice?: boolean;

  @Matches(COUNTRY_PATTERN, { message: 'country must be an ISO 3166-1 alpha-2 country code.' })
  country: string;

  @IsOptional() @IsString() @MinLength(1) state?: string;

  @OptionalNestedArray(() => SubRateDto)
  subRates?: SubRateDto[];
}

export class ExternalTaxAmountDraftDto {
  @Nested(() => MoneyDto) totalGross: MoneyDto;
  @Nested(() => ExternalTaxRateDraftDto)
  taxRate: ExternalTaxRateDraftDto;
}

export class ExternalLineItemTotalPriceDto {
  @Nested(() => MoneyDto) price: MoneyDto;
  @Nested(() => MoneyDto) totalPrice: MoneyDto;
}

export class MethodExternalTaxRateDraftDto {
  @IsString() @MinLength(1) shippingMethodKey: string;
  @OptionalNested(() => ExternalTaxRateDraftDto)
  taxRate?: ExternalTaxRateDraftDto;
}

export class ItemShippingTargetDto {
  @IsString() @MinLength(1) addressKey: string;
  @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) quantity: number;
  @IsOptional() @IsString() shippingMethodKey?: string;
}

/** `targetsDelta` entries may be negative. */
export class ItemShippingTargetDeltaDto {
  @IsString() @MinLength(1) addressKey: string;
  @IsNumber({ allowNaN: false, allowInfinity: false }) quantity: number;
  @IsOptional() @IsString() shippingMethodKey?: string;
}

export class ItemShippingDetailsDraftDto {
  @IsArray()
  @ArrayMaxSize(CART_LIMITS.addresses)
  @ValidateNested({ each: true })
  @Type(() => ItemShippingTargetDto)
  targets: ItemShippingTargetDto[];
}

export class LineItemRecurrenceInfoDraftDto {
  @Nested(() => RecurrencePolicyResourceIdentifierDto)
  recurrencePolicy: Identifier;
  @IsIn(['Dynamic', 'Fixed']) priceSelectionMode: 'Dynamic' | 'Fixed';
}

export class CustomLineItemRecurrenceInfoDraftDto {
  @Nested(() => RecurrencePolicyResourceIdentifierDto)
  recurrencePolicy: Identifier;
}

/** `ShippingRateInputDraft`: `Classification{key}` or `Score{score}`. */
export class ShippingRateInputDraftDto {
  @IsIn(['Classification', 'Score'], { message: "type must be 'Classification' or 'Score'." })
  type: 'Classification' | 'Score';

  @ValidateIf((input: ShippingRateInputDraftDto) => input.type === 'Classification')
  @IsString()
  @MinLength(1)
  key?: string;

  @ValidateIf((input: ShippingRateInputDraftDto) => input.type === 'Score')
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  score?: number;
}

export class EstimatedDeliveryDto {
  @IsOptional() @IsISO8601() from?: string;
  @IsOptional() @IsISO8601() until?: string;
}

/** A shipping rate given with a custom shipping method (the tiers are checked like a shipping method's). */
export class CustomShippingRateDraftDto {
  @Nested(() => MoneyDto) price: MoneyDto;
  @OptionalNested(() => MoneyDto) freeAbove?: MoneyDto;
  @IsOptional() @IsArray() @ArrayMaxSize(100) @IsObject({ each: true }) tiers?: Record<string, unknown>[];
}

export class DeliveryItemDto {
  @IsString() id: string;
  @IsInt() @Min(0) quantity: number;
}

export class DeliveryDraftDto {
  @IsOptional() @IsString() @Length(2, 256) @Matches(KEY_PATTERN) key?: string;
  @OptionalNestedArray(() => DeliveryItemDto)
  items?: DeliveryItemDto[];
  @IsOptional() @IsArray() @IsObject({ each: true }) parcels?: Record<string, unknown>[];
  @OptionalNested(() => AddressDraftDto) address?: AddressDraftDto;
  @OptionalNested(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;
}

/** `DirectDiscountDraft`: a cart discount value and target given on the cart itself. */
export class DirectDiscountDraftDto {
  @IsDefined() @IsObject() value: Record<string, unknown>;
  @IsOptional() @IsObject() target?: Record<string, unknown>;
}

export class TaxPortionDraftDto {
  @IsOptional() @IsString() name?: string;
  @IsNumber({ allowNaN: false, allowInfinity: false }) @Min(0) @Max(1) rate: number;
  @Nested(() => MoneyDto) amount: MoneyDto;
}

/** What a customer's own line item draft says (`MyLineItemDraft`): no external prices, taxes or modes. */
export class MyLineItemDraftDto {
  @IsOptional() @IsString() @Length(2, 256) @Matches(KEY_PATTERN) key?: string;
  @IsOptional() @IsString() productId?: string;
  @IsOptional() @IsInt() @Min(1) variantId?: number;
  @IsOptional() @IsString() @MinLength(1) sku?: string;
  @IsOptional() @IsInt() @Min(0) @Max(CART_LIMITS.quantity) quantity?: number;
  @IsOptional() @IsISO8601() addedAt?: string;

  @OptionalNested(() => ChannelResourceIdentifierDto)
  distributionChannel?: Identifier;

  @OptionalNested(() => ChannelResourceIdentifierDto)
  supplyChannel?: Identifier;

  @OptionalNested(() => ItemShippingDetailsDraftDto)
  shippingDetails?: ItemShippingDetailsDraftDto;

  @OptionalNested(() => LineItemRecurrenceInfoDraftDto)
  recurrenceInfo?: LineItemRecurrenceInfoDraftDto;

  @OptionalNested(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;
}

export class LineItemDraftDto extends MyLineItemDraftDto {
  @OptionalNested(() => MoneyDto) externalPrice?: MoneyDto;

  @OptionalNested(() => ExternalLineItemTotalPriceDto)
  externalTotalPrice?: ExternalLineItemTotalPriceDto;

  @OptionalNested(() => ExternalTaxRateDraftDto)
  externalTaxRate?: ExternalTaxRateDraftDto;

  @OptionalNestedArray(() => MethodExternalTaxRateDraftDto)
  perMethodExternalTaxRate?: MethodExternalTaxRateDraftDto[];

  @IsOptional() @IsIn(INVENTORY_MODES) inventoryMode?: InventoryMode;
}

export class CustomLineItemDraftDto {
  @IsDefined() @IsLocalizedString() name: Record<string, string>;
  @IsOptional() @IsString() @Length(2, 256) @Matches(KEY_PATTERN) key?: string;
  @IsOptional() @IsInt() @Min(0) @Max(CART_LIMITS.quantity) quantity?: number;
  @Nested(() => MoneyDto) money: MoneyDto;

  @IsString()
  @Matches(SLUG_PATTERN, { message: 'slug must match ^[a-zA-Z0-9_-]{2,256}$.' })
  slug: string;

  @OptionalNested(() => TaxCategoryResourceIdentifierDto)
  taxCategory?: Identifier;

  @OptionalNested(() => ExternalTaxRateDraftDto)
  externalTaxRate?: ExternalTaxRateDraftDto;

  @OptionalNested(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;

  @OptionalNested(() => ItemShippingDetailsDraftDto)
  shippingDetails?: ItemShippingDetailsDraftDto;

  @IsOptional() @IsIn(CUSTOM_LINE_ITEM_PRICE_MODES) priceMode?: CustomLineItemPriceMode;

  @OptionalNested(() => CustomLineItemRecurrenceInfoDraftDto)
  recurrenceInfo?: CustomLineItemRecurrenceInfoDraftDto;
}

/** `CustomShippingDraft` (Multiple mode, on create). */
export class CustomShippingDraftDto {
  @IsString() @Length(2, 256) @Matches(KEY_PATTERN) key: string;
  @IsString() @MinLength(1) shippingMethodName: string;
  @OptionalNested(() => AddressDraftDto) shippingAddress?: AddressDraftDto;

  @Nested(() => CustomShippingRateDraftDto)
  shippingRate: CustomShippingRateDraftDto;

  @OptionalNested(() => ShippingRateInputDraftDto)
  shippingRateInput?: ShippingRateInputDraftDto;

  @OptionalNested(() => TaxCategoryResourceIdentifierDto)
  taxCategory?: Identifier;

  @OptionalNested(() => ExternalTaxRateDraftDto)
  externalTaxRate?: ExternalTaxRateDraftDto;

  @OptionalNestedArray(() => DeliveryDraftDto)
  deliveries?: DeliveryDraftDto[];

  @OptionalNested(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;
}

/** `ShippingDraft` (Multiple mode, on create): a shipping method by reference for one shipping key. */
export class ShippingDraftDto {
  @IsString() @Length(2, 256) @Matches(KEY_PATTERN) key: string;

  @OptionalNested(() => ShippingMethodResourceIdentifierDto)
  shippingMethod?: Identifier;

  @Nested(() => AddressDraftDto) shippingAddress: AddressDraftDto;

  @OptionalNested(() => ShippingRateInputDraftDto)
  shippingRateInput?: ShippingRateInputDraftDto;

  @OptionalNested(() => ExternalTaxRateDraftDto)
  externalTaxRate?: ExternalTaxRateDraftDto;

  @OptionalNestedArray(() => DeliveryDraftDto)
  deliveries?: DeliveryDraftDto[];

  @OptionalNested(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;
}

/** `MyCartDraft`: what a customer may say about a cart of their own (ids come from the token). */
export class MyCartDraftDto {
  @Matches(CURRENCY_PATTERN, { message: 'currency must be an ISO 4217 code (three capital letters).' })
  currency: string;

  @IsOptional() @IsString() @Length(1, 256) customerEmail?: string;

  @OptionalNested(() => BusinessUnitResourceIdentifierDto)
  businessUnit?: Identifier;

  @OptionalNested(() => StoreResourceIdentifierDto) store?: Identifier;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(CART_LIMITS.items)
  @ValidateNested({ each: true })
  @Type(() => MyLineItemDraftDto)
  lineItems?: MyLineItemDraftDto[];

  @IsOptional() @IsIn(TAX_MODES) taxMode?: TaxMode;
  @IsOptional() @IsIn(INVENTORY_MODES) inventoryMode?: InventoryMode;
  @OptionalNested(() => AddressDraftDto) billingAddress?: AddressDraftDto;
  @OptionalNested(() => AddressDraftDto) shippingAddress?: AddressDraftDto;

  @OptionalNested(() => ShippingMethodResourceIdentifierDto)
  shippingMethod?: Identifier;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(CART_LIMITS.addresses)
  @ValidateNested({ each: true })
  @Type(() => AddressDraftDto)
  itemShippingAddresses?: AddressDraftDto[];

  @IsOptional() @IsIn(SHIPPING_MODES) shippingMode?: ShippingMode;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(CART_LIMITS.codes)
  @IsString({ each: true })
  discountCodes?: string[];

  @IsOptional()
  @Matches(COUNTRY_PATTERN, { message: 'country must be an ISO 3166-1 alpha-2 country code.' })
  country?: string;

  @IsOptional() @IsString() @MinLength(2) locale?: string;

  @IsOptional()
  @IsInt()
  @Min(CART_DELETE_DAYS.min)
  @Max(CART_DELETE_DAYS.max)
  deleteDaysAfterLastModification?: number;

  @OptionalNested(() => CustomFieldsDraftDto) custom?: CustomFieldsDraftDto;
}

/** `CartDraft`: everything a merchant may say about a new cart. */
export class CartDraftDto extends MyCartDraftDto {
  @IsOptional() @IsString() @Length(2, 256) @Matches(KEY_PATTERN) key?: string;
  @IsOptional() @IsString() customerId?: string;

  @OptionalNested(() => CustomerGroupResourceIdentifierDto)
  customerGroup?: Identifier;

  @IsOptional() @IsString() @Length(1, 256) anonymousId?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(CART_LIMITS.items)
  @ValidateNested({ each: true })
  @Type(() => LineItemDraftDto)
  declare lineItems?: LineItemDraftDto[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(CART_LIMITS.items)
  @ValidateNested({ each: true })
  @Type(() => CustomLineItemDraftDto)
  customLineItems?: CustomLineItemDraftDto[];

  @OptionalNested(() => ExternalTaxRateDraftDto)
  externalTaxRateForShippingMethod?: ExternalTaxRateDraftDto;

  @IsOptional() @IsIn(ROUNDING_MODES) priceRoundingMode?: RoundingMode;
  @IsOptional() @IsIn(ROUNDING_MODES) taxRoundingMode?: RoundingMode;
  @IsOptional() @IsIn(TAX_CALCULATION_MODES) taxCalculationMode?: TaxCalculationMode;

  @OptionalNested(() => ShippingRateInputDraftDto)
  shippingRateInput?: ShippingRateInputDraftDto;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(CART_LIMITS.addresses)
  @ValidateNested({ each: true })
  @Type(() => CustomShippingDraftDto)
  customShipping?: CustomShippingDraftDto[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(CART_LIMITS.addresses)
  @ValidateNested({ each: true })
  @Type(() => ShippingDraftDto)
  shipping?: ShippingDraftDto[];

  @IsOptional() @IsIn(CART_ORIGINS) origin?: CartOrigin;
  @IsOptional() @IsString() @Length(1, 256) purchaseOrderNumber?: string;
}

/** `POST carts/customer-id={id}/merge` (checkout facts 4.8). */
export class MergeCartDraftDto {
  @OptionalNested(() => CartResourceIdentifierDto)
  anonymousCart?: Identifier;
  @IsOptional() @IsIn(CART_MERGE_MODES) mergeMode?: CartMergeMode;
  @IsOptional() @IsBoolean() updateProductData?: boolean;
  @IsOptional() @IsString() @Length(1, 256) anonymousId?: string;
}

/** The reference a replica is made from: a cart or an order. */
export class ReplicaReferenceDto {
  @IsIn(['cart', 'order'], { message: "reference.typeId must be 'cart' or 'order'." }) typeId:
    'cart' | 'order';
  @IsString() @MinLength(1) id: string;
}

/** `ReplicaMyCartDraft` (`/me/carts/replicate`). */
export class ReplicaMyCartDraftDto {
  @Nested(() => ReplicaReferenceDto) reference: ReplicaReferenceDto;
}

/** `ReplicaCartDraft` (`/carts/replicate`). */
export class ReplicaCartDraftDto extends ReplicaMyCartDraftDto {
  @IsOptional() @IsString() @Length(2, 256) @Matches(KEY_PATTERN) key?: string;
}

/** One product lookup of `catalog.checkout.line-items`: by product id (and variant id) or by SKU. */
export class CheckoutLineItemLookupDto {
  @ValidateIf((lookup: CheckoutLineItemLookupDto) => lookup.sku === undefined)
  @IsString()
  @MinLength(1)
  productId?: string;

  @IsOptional() @IsInt() @Min(1) variantId?: number;

  @ValidateIf((lookup: CheckoutLineItemLookupDto) => lookup.productId === undefined)
  @IsString()
  @MinLength(1)
  sku?: string;
}

class StoreProductSelectionDto {
  @IsDefined() @IsObject() productSelection: { id: string };
  @IsBoolean() active: boolean;
}

/** `catalog.checkout.line-items` (validated by catalog-service: never trust the wire). */
export class CheckoutLineItemsRequestDto {
  @IsArray()
  @ArrayMaxSize(CART_LIMITS.items)
  @ValidateNested({ each: true })
  @Type(() => CheckoutLineItemLookupDto)
  items: CheckoutLineItemLookupDto[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(CART_LIMITS.items)
  @IsString({ each: true })
  taxCategoryIds?: string[];

  @OptionalNestedArray(() => StoreProductSelectionDto)
  storeProductSelections?: StoreProductSelectionDto[];

  @IsOptional() @IsBoolean() includeUnpublished?: boolean;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(CART_LIMITS.items)
  @IsString({ each: true })
  inventoryChannels?: string[];
}
