import { AddressShape } from '../channels/channel.types.js';
import { ProductPriceShape, centPrecisionMoney, typedMoney } from '../common/money.shape.js';
import type { Address } from '../customers/customer.types.js';
import { ProductVariantShape } from '../products/product.shape.js';
import { ShippingRateShape } from '../shipping-methods/shipping-method.shape.js';
import { TaxRateShape } from '../tax-categories/tax-category.shape.js';
import {
  array,
  datetime,
  boolean,
  custom,
  enumOf,
  integer,
  json,
  key,
  keyReference,
  localizedString,
  number,
  object,
  optional,
  reference,
  resource,
  string,
  typed,
} from '../shapes/shape.js';
import {
  CART_ORIGINS,
  CART_STATES,
  CUSTOM_LINE_ITEM_PRICE_MODES,
  FREEZE_STRATEGIES,
  INVENTORY_MODES,
  ROUNDING_MODES,
  SHIPPING_MODES,
  TAX_CALCULATION_MODES,
  TAX_MODES,
  type ShippingRateInput,
} from './cart.types.js';

// The Cart as the API returns it (SDK cart.d.ts; checkout facts 3), named as the live GraphQL API names its
// types. An Order is these fields without the cart's own (order.shape.ts).

const long = () => integer({ graphql: 'Long' });

/** A cart's or order's address (the customer's Address). */
export const CartAddressShape = typed<Address>()(AddressShape);

export const TaxPortionShape = object('TaxPortion', {
  name: optional(string()),
  rate: number(),
  amount: centPrecisionMoney(),
});

const taxedPriceFields = {
  totalNet: centPrecisionMoney(),
  totalGross: centPrecisionMoney(),
  taxPortions: array(TaxPortionShape),
  totalTax: optional(centPrecisionMoney()),
};
export const TaxedPriceShape = object('TaxedPrice', taxedPriceFields);
export const TaxedItemPriceShape = object('TaxedItemPrice', taxedPriceFields);

export const ItemStateShape = object('ItemState', { quantity: long(), state: reference('state') });

export const ItemShippingDetailsShape = object('ItemShippingDetails', {
  targets: array(
    object('ItemShippingTarget', {
      addressKey: string(),
      quantity: long(),
      shippingMethodKey: optional(string()),
    }),
  ),
  valid: boolean(),
});

export const MethodTaxRateShape = object('MethodTaxRate', {
  shippingMethodKey: string(),
  taxRate: optional(TaxRateShape),
});

export const MethodTaxedPriceShape = object('MethodTaxedPrice', {
  shippingMethodKey: string(),
  taxedPrice: optional(TaxedItemPriceShape),
});

export const DiscountedLineItemPortionShape = object('DiscountedLineItemPortion', {
  discount: reference('cart-discount'),
  discountedAmount: typedMoney(),
});

export const DiscountedLineItemPriceShape = object('DiscountedLineItemPrice', {
  value: typedMoney(),
  includedDiscounts: array(DiscountedLineItemPortionShape),
});

export const DiscountedLineItemPriceForQuantityShape = object('DiscountedLineItemPriceForQuantity', {
  quantity: long(),
  discountedPrice: DiscountedLineItemPriceShape,
});

export const RecurrenceInfoShape = object('LineItemRecurrenceInfo', {
  recurrencePolicy: reference('recurrence-policy'),
  priceSelectionMode: optional(enumOf('PriceSelectionMode', ['Dynamic', 'Fixed'])),
});

const inventoryMode = () => enumOf('InventoryMode', INVENTORY_MODES);

export const LineItemShape = object('LineItem', {
  id: string(),
  key: optional(string()),
  productId: string(),
  productKey: optional(string()),
  name: localizedString(),
  productSlug: optional(localizedString()),
  productType: reference('product-type'),
  variant: ProductVariantShape,
  price: ProductPriceShape,
  quantity: long(),
  totalPrice: centPrecisionMoney(),
  discountedPricePerQuantity: array(DiscountedLineItemPriceForQuantityShape),
  taxedPrice: optional(TaxedItemPriceShape),
  taxedPricePortions: array(MethodTaxedPriceShape),
  state: array(ItemStateShape),
  taxRate: optional(TaxRateShape),
  perMethodTaxRate: array(MethodTaxRateShape),
  supplyChannel: optional(reference('channel')),
  distributionChannel: optional(reference('channel')),
  priceMode: enumOf('LineItemPriceMode', ['Platform', 'ExternalPrice', 'ExternalTotal']),
  lineItemMode: enumOf('LineItemMode', ['Standard', 'GiftLineItem']),
  inventoryMode: optional(inventoryMode()),
  shippingDetails: optional(ItemShippingDetailsShape),
  custom: optional(custom()),
  addedAt: optional(datetime()),
  lastModifiedAt: optional(datetime()),
  recurrenceInfo: optional(RecurrenceInfoShape),
});

export const CustomLineItemShape = object('CustomLineItem', {
  id: string(),
  key: optional(string()),
  name: localizedString(),
  money: typedMoney(),
  taxedPrice: optional(TaxedItemPriceShape),
  taxedPricePortions: array(MethodTaxedPriceShape),
  totalPrice: centPrecisionMoney(),
  slug: string(),
  quantity: long(),
  state: array(ItemStateShape),
  taxCategory: optional(reference('tax-category')),
  taxRate: optional(TaxRateShape),
  perMethodTaxRate: array(MethodTaxRateShape),
  discountedPricePerQuantity: array(DiscountedLineItemPriceForQuantityShape),
  custom: optional(custom()),
  shippingDetails: optional(ItemShippingDetailsShape),
  priceMode: enumOf('CustomLineItemPriceMode', CUSTOM_LINE_ITEM_PRICE_MODES),
  recurrenceInfo: optional(RecurrenceInfoShape),
});

export const DeliveryItemShape = object('DeliveryItem', { id: string(), quantity: long() });

export const ParcelMeasurementsShape = object('ParcelMeasurements', {
  heightInMillimeter: optional(integer()),
  lengthInMillimeter: optional(integer()),
  widthInMillimeter: optional(integer()),
  weightInGram: optional(integer()),
});

export const TrackingDataShape = object('TrackingData', {
  trackingId: optional(string()),
  carrier: optional(string()),
  provider: optional(string()),
  providerTransaction: optional(string()),
  isReturn: optional(boolean()),
});

export const ParcelShape = object('Parcel', {
  id: string(),
  key: optional(string()),
  createdAt: datetime(),
  measurements: optional(ParcelMeasurementsShape),
  trackingData: optional(TrackingDataShape),
  items: optional(array(DeliveryItemShape)),
  custom: optional(custom()),
});

export const DeliveryShape = object('Delivery', {
  id: string(),
  key: optional(string()),
  createdAt: datetime(),
  items: array(DeliveryItemShape),
  parcels: array(ParcelShape),
  address: optional(CartAddressShape),
  custom: optional(custom()),
});

export const ShippingInfoShape = object('ShippingInfo', {
  shippingMethodName: string(),
  price: centPrecisionMoney(),
  shippingRate: ShippingRateShape,
  taxedPrice: optional(TaxedItemPriceShape),
  taxRate: optional(TaxRateShape),
  taxCategory: optional(reference('tax-category')),
  shippingMethod: optional(reference('shipping-method')),
  deliveries: optional(array(DeliveryShape)),
  discountedPrice: optional(DiscountedLineItemPriceShape),
  shippingMethodState: enumOf('ShippingMethodState', ['MatchesCart', 'DoesNotMatchCart']),
  estimatedDelivery: optional(
    object('EstimatedDelivery', { from: optional(datetime()), until: optional(datetime()) }),
  ),
});

/** Classification or Score (GraphQL: Json). */
export const ShippingRateInputShape = typed<ShippingRateInput>()(json());

export const ShippingShape = object('Shipping', {
  shippingKey: string(),
  shippingInfo: ShippingInfoShape,
  shippingAddress: CartAddressShape,
  shippingRateInput: optional(ShippingRateInputShape),
  shippingCustomFields: optional(custom()),
});

export const DiscountCodeInfoShape = object('DiscountCodeInfo', {
  discountCode: reference('discount-code'),
  state: enumOf('DiscountCodeState', [
    'NotActive',
    'NotValid',
    'DoesNotMatchCart',
    'MatchesCart',
    'MaxApplicationReached',
    'ApplicationStoppedByPreviousDiscount',
    'ApplicationStoppedByGroupBestDeal',
  ]),
});

const jsonObject = () => typed<Record<string, unknown>>()(json());

export const DirectDiscountShape = object('DirectDiscount', {
  id: string(),
  value: jsonObject(),
  target: optional(jsonObject()),
});

export const DiscountOnTotalPriceShape = object('DiscountOnTotalPrice', {
  discountedAmount: typedMoney(),
  includedDiscounts: array(
    object('DiscountedTotalPricePortion', {
      discount: reference('cart-discount'),
      discountedAmount: typedMoney(),
    }),
  ),
  discountedNetAmount: optional(typedMoney()),
  discountedGrossAmount: optional(typedMoney()),
});

export const CartLockShape = object('CartLock', { createdAt: datetime(), clientId: string() });

export const PaymentInfoShape = object('PaymentInfo', { payments: array(reference('payment')) });

type Warning = { code: string; message: string; [field: string]: unknown };

/** The fields a Cart and an Order share (order.shape.ts takes them without the cart's own). */
export const CART_FIELDS = {
  key: optional(key()),
  customerId: optional(string()),
  customerEmail: optional(string()),
  customerGroup: optional(reference('customer-group')),
  anonymousId: optional(string()),
  businessUnit: optional(keyReference('business-unit')),
  store: optional(keyReference('store')),
  lineItems: array(LineItemShape),
  customLineItems: array(CustomLineItemShape),
  totalLineItemQuantity: optional(long()),
  totalPrice: centPrecisionMoney(),
  taxedPrice: optional(TaxedPriceShape),
  taxedShippingPrice: optional(TaxedPriceShape),
  discountOnTotalPrice: optional(DiscountOnTotalPriceShape),
  taxMode: enumOf('TaxMode', TAX_MODES),
  priceRoundingMode: enumOf('RoundingMode', ROUNDING_MODES),
  taxRoundingMode: enumOf('RoundingMode', ROUNDING_MODES),
  taxCalculationMode: enumOf('TaxCalculationMode', TAX_CALCULATION_MODES),
  inventoryMode: inventoryMode(),
  cartState: enumOf('CartState', CART_STATES),
  freezeStrategy: optional(enumOf('FreezeStrategy', FREEZE_STRATEGIES)),
  billingAddress: optional(CartAddressShape),
  shippingAddress: optional(CartAddressShape),
  shippingMode: enumOf('ShippingMode', SHIPPING_MODES),
  shippingKey: optional(string()),
  shippingInfo: optional(ShippingInfoShape),
  shippingRateInput: optional(ShippingRateInputShape),
  shippingCustomFields: optional(custom()),
  shipping: array(ShippingShape),
  itemShippingAddresses: array(CartAddressShape),
  discountCodes: array(DiscountCodeInfoShape),
  directDiscounts: array(DirectDiscountShape),
  refusedGifts: array(reference('cart-discount')),
  paymentInfo: optional(PaymentInfoShape),
  country: optional(string({ graphql: 'Country' })),
  locale: optional(string({ graphql: 'Locale' })),
  origin: enumOf('CartOrigin', CART_ORIGINS),
  custom: optional(custom()),
  lock: optional(CartLockShape),
  deleteDaysAfterLastModification: optional(integer()),
  purchaseOrderNumber: optional(string()),
  warnings: optional(typed<Warning[]>()(array(json()))),
} as const;

/** The Cart as the API returns it (SDK cart.d.ts; checkout facts 3). */
export const CartShape = resource('Cart', CART_FIELDS);
