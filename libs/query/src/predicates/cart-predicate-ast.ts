import type { ComparisonOp, Condition, Operand } from './discount-predicate-syntax.js';

/**
 * The syntax tree of a cart, line item, custom line item or shipping predicate (checkout facts 4.13): the
 * shared grammar's (discount-predicate-syntax.ts); a function's argument is an item predicate
 * (`predicateCall`).
 */
export type CartPredicateNode = Condition;
export type CartOperand = Operand;
export type CartPredicateComparison = ComparisonOp;

/** What a predicate is written against: the cart (cart discounts, codes, shipping methods) or one item. */
export type CartPredicateKind = 'cart' | 'lineItem' | 'customLineItem';

/** The functions of the cart predicate language: each takes a line item or custom line item predicate. */
export const CART_FUNCTIONS = {
  lineItemCount: { of: 'lineItem', returns: 'number' },
  lineItemTotal: { of: 'lineItem', returns: 'money' },
  lineItemNetTotal: { of: 'lineItem', returns: 'money' },
  lineItemGrossTotal: { of: 'lineItem', returns: 'money' },
  lineItemExists: { of: 'lineItem', returns: 'boolean' },
  forAllLineItems: { of: 'lineItem', returns: 'boolean' },
  customLineItemCount: { of: 'customLineItem', returns: 'number' },
  customLineItemTotal: { of: 'customLineItem', returns: 'money' },
  customLineItemNetTotal: { of: 'customLineItem', returns: 'money' },
  customLineItemGrossTotal: { of: 'customLineItem', returns: 'money' },
  customLineItemExists: { of: 'customLineItem', returns: 'boolean' },
  forAllCustomLineItems: { of: 'customLineItem', returns: 'boolean' },
} as const satisfies Record<string, { of: CartPredicateKind; returns: 'number' | 'money' | 'boolean' }>;

export type CartFunctionName = keyof typeof CART_FUNCTIONS;

/**
 * The first path segment each kind of predicate may name (the SDK's Cart, LineItem and CustomLineItem fields,
 * plus what the language adds: `currency`, `customer`, `sku`, `attributes`, `categories`, `product`).
 * Anything else cannot be evaluated and is refused when the predicate is written.
 */
export const PREDICATE_ROOTS: Record<CartPredicateKind, ReadonlySet<string>> = {
  cart: new Set([
    'id',
    'key',
    'country',
    'currency',
    'customerId',
    'customerEmail',
    'customer',
    'customerGroup',
    'anonymousId',
    'businessUnit',
    'store',
    'shippingAddress',
    'billingAddress',
    'itemShippingAddresses',
    'totalPrice',
    'taxedPrice',
    'taxedShippingPrice',
    'totalLineItemQuantity',
    'shippingInfo',
    'shippingRateInput',
    'shippingMode',
    'origin',
    'cartState',
    'taxMode',
    'taxRoundingMode',
    'priceRoundingMode',
    'taxCalculationMode',
    'inventoryMode',
    'locale',
    'custom',
    'createdAt',
    'lastModifiedAt',
    'discountCodes',
    'paymentInfo',
    'purchaseOrderNumber',
  ]),
  lineItem: new Set([
    'id',
    'key',
    'sku',
    'productId',
    'productKey',
    'product',
    'productType',
    'productSlug',
    'variant',
    'variantId',
    'name',
    'categories',
    'attributes',
    'price',
    'totalPrice',
    'quantity',
    'custom',
    'supplyChannel',
    'distributionChannel',
    'lineItemMode',
    'priceMode',
    'taxRate',
    'taxedPrice',
    'discountedPrice',
    'state',
    'addedAt',
    'lastModifiedAt',
    'shippingDetails',
    'inventoryMode',
  ]),
  customLineItem: new Set([
    'id',
    'key',
    'name',
    'slug',
    'money',
    'totalPrice',
    'quantity',
    'taxCategory',
    'custom',
    'priceMode',
    'taxRate',
    'taxedPrice',
    'state',
    'shippingDetails',
  ]),
};
