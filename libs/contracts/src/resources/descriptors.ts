import { ApiClientDraftDto } from '../auth/api-client.dto.js';
import { ApiClientShape, ApiClientWithSecretShape } from '../auth/api-client.shape.js';
import { EXTENSION_ACTIONS, ExtensionDraftDto } from '../extensions/extension.dto.js';
import { ExtensionShape } from '../extensions/extension.shape.js';
import { SUBSCRIPTION_ACTIONS, SubscriptionDraftDto } from '../subscriptions/subscription.dto.js';
import { SubscriptionShape } from '../subscriptions/subscription.shape.js';
import { CART_ACTIONS } from '../carts/cart-actions.dto.js';
import { CartDraftDto } from '../carts/cart-draft.dto.js';
import { CATEGORY_ACTIONS, CategoryDraftDto } from '../categories/category.dto.js';
import { CategoryShape } from '../categories/category.shape.js';
import { CHANNEL_ACTIONS, ChannelDraftDto } from '../channels/channel.dto.js';
import { ChannelShape } from '../channels/channel.types.js';
import { CUSTOMER_GROUP_ACTIONS, CustomerGroupDraftDto } from '../customer-groups/customer-group.dto.js';
import { CustomerGroupShape } from '../customer-groups/customer-group.shape.js';
import { CUSTOMER_ACTIONS } from '../customers/customer-actions.dto.js';
import { CustomerDraftDto } from '../customers/customer.dto.js';
import { CustomerShape } from '../customers/customer.shape.js';
import { ImportContainerDraftDto, ImportContainerUpdateDraftDto } from '../import/import.dto.js';
import { ImportContainerShape } from '../import/import.shape.js';
import {
  INSIGHTS_CONFIGURATION_ACTIONS,
  InsightsUpdateDto,
  ProjectConfigurationDraftDto,
} from '../insights/insights.dto.js';
import { InsightsConfigurationShape } from '../insights/insights-configuration.shape.js';
import {
  PRODUCT_SELECTION_ACTIONS,
  ProductSelectionDraftDto,
} from '../product-selections/product-selection.dto.js';
import { ProductSelectionShape } from '../product-selections/product-selection.shape.js';
import { PRODUCT_TYPE_ACTIONS } from '../product-types/product-type-actions.dto.js';
import { ProductTypeDraftDto } from '../product-types/product-type.dto.js';
import { ProductShape } from '../products/product.shape.js';
import { ProductTypeShape } from '../product-types/product-type.shape.js';
import { PRODUCT_ACTIONS } from '../products/product-action-table.js';
import { ProductDraftDto } from '../products/product.dto.js';
import { INVENTORY_ENTRY_ACTIONS, InventoryEntryDraftDto } from '../inventory/inventory.dto.js';
import { REVIEW_ACTIONS, ReviewDraftDto } from '../reviews/review.dto.js';
import { STATE_ACTIONS, StateDraftDto } from '../states/state.dto.js';
import { StateShape } from '../states/state.shape.js';
import { STORE_ACTIONS } from '../stores/store-actions.dto.js';
import { StoreDraftDto } from '../stores/store.dto.js';
import { StoreShape } from '../stores/store.shape.js';
import { Subjects } from '../subjects.js';
import { TAX_CATEGORY_ACTIONS, TaxCategoryDraftDto } from '../tax-categories/tax-category.dto.js';
import { TaxCategoryShape } from '../tax-categories/tax-category.shape.js';
import { ATTRIBUTE_GROUP_ACTIONS, AttributeGroupDraftDto } from '../attribute-groups/attribute-group.dto.js';
import { AttributeGroupShape } from '../attribute-groups/attribute-group.shape.js';
import { TYPE_ACTIONS, TypeDraftDto } from '../types/type.dto.js';
import { TypeShape } from '../types/type.shape.js';
import { SHIPPING_METHOD_ACTIONS, ShippingMethodDraftDto } from '../shipping-methods/shipping-method.dto.js';
import { ZONE_ACTIONS, ZoneDraftDto } from '../zones/zone.dto.js';
import { ORDER_ACTIONS } from '../orders/order-actions.dto.js';
import { OrderFromCartDraftDto } from '../orders/order-draft.dto.js';
import { PAYMENT_ACTIONS, PaymentDraftDto } from '../payments/payment.dto.js';
import { CartShape } from '../carts/cart.shape.js';
import { InventoryEntryShape } from '../inventory/inventory.shape.js';
import { OrderShape } from '../orders/order.shape.js';
import { ORDER_EDIT_ACTIONS, OrderEditDraftDto } from '../order-edits/order-edit.dto.js';
import { OrderEditShape } from '../order-edits/order-edit.shape.js';
import { PaymentShape } from '../payments/payment.shape.js';
import { ReviewShape } from '../reviews/review.shape.js';
import { ShippingMethodShape } from '../shipping-methods/shipping-method.shape.js';
import { ZoneShape } from '../zones/zone.shape.js';
import {
  RECURRENCE_POLICY_ACTIONS,
  RecurrencePolicyDraftDto,
} from '../recurring-orders/recurrence-policy.dto.js';
import { RecurrencePolicyShape } from '../recurring-orders/recurrence-policy.shape.js';
import { RECURRING_ORDER_ACTIONS, RecurringOrderDraftDto } from '../recurring-orders/recurring-order.dto.js';
import { RecurringOrderShape } from '../recurring-orders/recurring-order.shape.js';
import { PAYMENT_METHOD_ACTIONS, PaymentMethodDraftDto } from '../payment-methods/payment-method.dto.js';
import { PaymentMethodShape } from '../payment-methods/payment-method.shape.js';
import { SHOPPING_LIST_ACTIONS, ShoppingListDraftDto } from '../shopping-lists/shopping-list.dto.js';
import { ShoppingListShape } from '../shopping-lists/shopping-list.shape.js';
import {
  PRODUCT_DISCOUNT_ACTIONS,
  ProductDiscountDraftDto,
} from '../product-discounts/product-discount.dto.js';
import { ProductDiscountShape } from '../product-discounts/product-discount.shape.js';
import {
  STANDALONE_PRICE_ACTIONS,
  StandalonePriceDraftDto,
} from '../standalone-prices/standalone-price.dto.js';
import { StandalonePriceShape } from '../standalone-prices/standalone-price.shape.js';
import { CART_DISCOUNT_ACTIONS, CartDiscountDraftDto } from '../cart-discounts/cart-discount.dto.js';
import { CartDiscountShape } from '../cart-discounts/cart-discount.shape.js';
import { DISCOUNT_GROUP_ACTIONS, DiscountGroupDraftDto } from '../discount-groups/discount-group.dto.js';
import { DiscountGroupShape } from '../discount-groups/discount-group.shape.js';
import { DISCOUNT_CODE_ACTIONS, DiscountCodeDraftDto } from '../discount-codes/discount-code.dto.js';
import { DiscountCodeShape } from '../discount-codes/discount-code.shape.js';
import { describe } from './descriptor.js';

export * from './descriptor.js';

// One descriptor per resource (the model: descriptor.ts). Its routes, operations, scopes, update actions
// and handlers are derived from it; docs/ARCHITECTURE.md, "Where a new resource or action goes".

/** Stores (reference facts 3). */
export const StoreResource = describe({
  name: 'stores',
  path: 'stores',
  typeId: 'store',
  owner: 'stores-service',
  subjects: Subjects.stores.store,
  shape: StoreShape,
  draft: StoreDraftDto,
  actions: STORE_ACTIONS,
  customFields: true,
  view: ['view_stores'],
  manage: ['manage_stores'],
  existsById: ['view_states'],
});

/** Reference facts 4.1: channels are readable and writable with the channel or the product scopes. */
export const ChannelResource = describe({
  name: 'channels',
  path: 'channels',
  typeId: 'channel',
  owner: 'catalog-service',
  subjects: Subjects.catalog.channel,
  shape: ChannelShape,
  draft: ChannelDraftDto,
  actions: CHANNEL_ACTIONS,
  customFields: true,
  view: ['view_channels', 'view_products'],
  manage: ['manage_channels', 'manage_products'],
});

export const CustomerGroupResource = describe({
  name: 'customerGroups',
  path: 'customer-groups',
  typeId: 'customer-group',
  owner: 'catalog-service',
  subjects: Subjects.catalog.customerGroup,
  shape: CustomerGroupShape,
  draft: CustomerGroupDraftDto,
  actions: CUSTOMER_GROUP_ACTIONS,
  customFields: true,
  view: ['view_customer_groups'],
  manage: ['manage_customer_groups'],
});

export const TypeResource = describe({
  name: 'types',
  path: 'types',
  typeId: 'type',
  owner: 'catalog-service',
  subjects: Subjects.catalog.type,
  shape: TypeShape,
  draft: TypeDraftDto,
  actions: TYPE_ACTIONS,
  view: ['view_types'],
  manage: ['manage_types'],
});

export const ProductTypeResource = describe({
  name: 'productTypes',
  path: 'product-types',
  typeId: 'product-type',
  owner: 'catalog-service',
  subjects: Subjects.catalog.productType,
  shape: ProductTypeShape,
  draft: ProductTypeDraftDto,
  actions: PRODUCT_TYPE_ACTIONS,
  view: ['view_products'],
  manage: ['manage_products'],
});

export const ProductResource = describe({
  name: 'products',
  path: 'products',
  typeId: 'product',
  owner: 'catalog-service',
  subjects: Subjects.catalog.product,
  shape: ProductShape,
  draft: ProductDraftDto,
  actions: PRODUCT_ACTIONS,
  view: ['view_products'],
  manage: ['manage_products'],
});

export const ProductSelectionResource = describe({
  name: 'productSelections',
  path: 'product-selections',
  typeId: 'product-selection',
  owner: 'catalog-service',
  subjects: Subjects.catalog.productSelection,
  shape: ProductSelectionShape,
  draft: ProductSelectionDraftDto,
  actions: PRODUCT_SELECTION_ACTIONS,
  customFields: true,
  view: ['view_product_selections'],
  manage: ['manage_product_selections'],
});

export const CategoryResource = describe({
  name: 'categories',
  path: 'categories',
  typeId: 'category',
  owner: 'catalog-service',
  subjects: Subjects.catalog.category,
  shape: CategoryShape,
  draft: CategoryDraftDto,
  actions: CATEGORY_ACTIONS,
  customFields: true,
  view: ['view_categories', 'view_products'],
  manage: ['manage_categories', 'manage_products'],
});

export const TaxCategoryResource = describe({
  name: 'taxCategories',
  path: 'tax-categories',
  typeId: 'tax-category',
  owner: 'catalog-service',
  subjects: Subjects.catalog.taxCategory,
  shape: TaxCategoryShape,
  draft: TaxCategoryDraftDto,
  actions: TAX_CATEGORY_ACTIONS,
  view: ['view_tax_categories'],
  manage: ['manage_tax_categories'],
});

export const AttributeGroupResource = describe({
  name: 'attributeGroups',
  path: 'attribute-groups',
  typeId: 'attribute-group',
  owner: 'catalog-service',
  subjects: Subjects.catalog.attributeGroup,
  shape: AttributeGroupShape,
  draft: AttributeGroupDraftDto,
  actions: ATTRIBUTE_GROUP_ACTIONS,
  view: ['view_attribute_groups'],
  manage: ['manage_attribute_groups'],
});

export const StateResource = describe({
  name: 'states',
  path: 'states',
  typeId: 'state',
  owner: 'catalog-service',
  subjects: Subjects.catalog.state,
  shape: StateShape,
  draft: StateDraftDto,
  actions: STATE_ACTIONS,
  view: ['view_states'],
  manage: ['manage_states'],
});

/** Zones (checkout facts 6): read with the zone or the order scopes (checkout facts 2). */
export const ZoneResource = describe({
  name: 'zones',
  path: 'zones',
  typeId: 'zone',
  owner: 'checkout-service',
  subjects: Subjects.checkout.zone,
  shape: ZoneShape,
  draft: ZoneDraftDto,
  actions: ZONE_ACTIONS,
  view: ['view_zones', 'view_orders'],
  manage: ['manage_zones', 'manage_orders'],
});

/** Payments (checkout facts 8): `view_payments` / `manage_payments`; the `/me` routes are declared apart. */
export const PaymentResource = describe({
  name: 'payments',
  path: 'payments',
  typeId: 'payment',
  owner: 'checkout-service',
  subjects: Subjects.checkout.payment,
  shape: PaymentShape,
  draft: PaymentDraftDto,
  actions: PAYMENT_ACTIONS,
  customFields: true,
  view: ['view_payments'],
  manage: ['manage_payments'],
});

/**
 * Orders (checkout facts 5), also in a Store: created from a cart, addressed by `/{id}` or
 * `/order-number={orderNumber}` (no key), read and written with the order scopes.
 */
export const OrderResource = describe({
  name: 'orders',
  path: 'orders',
  typeId: 'order',
  owner: 'checkout-service',
  subjects: Subjects.checkout.order,
  shape: OrderShape,
  draft: OrderFromCartDraftDto,
  actions: ORDER_ACTIONS,
  customFields: true,
  view: ['view_orders'],
  manage: ['manage_orders'],
  identity: { idOrPrefixed: 'order-number=' },
  inStore: true,
});

/**
 * Carts (checkout facts 1-4): the order scopes (checkout facts 2), also in a Store (where `:{pk}:{sk}` scopes
 * count); the cart's custom fields Type is for `order`.
 */
export const CartResource = describe({
  name: 'carts',
  path: 'carts',
  typeId: 'cart',
  owner: 'checkout-service',
  subjects: Subjects.checkout.cart,
  shape: CartShape,
  draft: CartDraftDto,
  actions: CART_ACTIONS,
  customFields: true,
  view: ['view_orders'],
  manage: ['manage_orders'],
  inStore: true,
});

/** Inventory (checkout facts 9): entries per SKU and supply channel, read and written with the product scopes. */
export const InventoryEntryResource = describe({
  name: 'inventoryEntries',
  path: 'inventory',
  typeId: 'inventory-entry',
  owner: 'catalog-service',
  subjects: Subjects.catalog.inventory,
  shape: InventoryEntryShape,
  draft: InventoryEntryDraftDto,
  actions: INVENTORY_ENTRY_ACTIONS,
  customFields: true,
  view: ['view_products'],
  manage: ['manage_products'],
});

/** Reviews of a Product or a Channel (SDK review.d.ts); RAML reviews.raml: the product scopes, there is no review scope. */
export const ReviewResource = describe({
  name: 'reviews',
  path: 'reviews',
  typeId: 'review',
  owner: 'catalog-service',
  subjects: Subjects.catalog.review,
  shape: ReviewShape,
  draft: ReviewDraftDto,
  actions: REVIEW_ACTIONS,
  customFields: true,
  view: ['view_products'],
  manage: ['manage_products'],
});

/** Shipping methods (checkout facts 6): read also with the order scopes and `manage_my_orders` (facts 2). */
export const ShippingMethodResource = describe({
  name: 'shippingMethods',
  path: 'shipping-methods',
  typeId: 'shipping-method',
  owner: 'checkout-service',
  subjects: Subjects.checkout.shippingMethod,
  shape: ShippingMethodShape,
  draft: ShippingMethodDraftDto,
  actions: SHIPPING_METHOD_ACTIONS,
  customFields: true,
  view: ['view_shipping_methods', 'view_orders', 'manage_my_orders'],
  manage: ['manage_shipping_methods', 'manage_orders'],
});

/** Customers (reference facts 4.4), also in a Store; create answers `{customer}` (CustomerSignInResult). */
export const CustomerResource = describe({
  name: 'customers',
  path: 'customers',
  typeId: 'customer',
  owner: 'auth-service',
  subjects: Subjects.auth.customer,
  shape: CustomerShape,
  draft: CustomerDraftDto,
  actions: CUSTOMER_ACTIONS,
  customFields: true,
  view: ['view_customers'],
  manage: ['manage_customers'],
  inStore: true,
  validateAtEdge: true,
});

/** API clients (reference facts 4.6): by id only, no update, deleted without a version. */
export const ApiClientResource = describe({
  name: 'apiClients',
  path: 'api-clients',
  typeId: 'api-client',
  owner: 'auth-service',
  subjects: Subjects.auth.apiClient,
  shape: ApiClientShape,
  created: ApiClientWithSecretShape,
  draft: ApiClientDraftDto,
  view: ['view_api_clients'],
  manage: ['manage_api_clients'],
  identity: 'id',
  operations: ['create', 'query', 'existsWhere', 'get', 'exists', 'delete'],
  versioned: false,
  validateAtEdge: true,
});

/** Import containers (reference facts 5.1): by key, replaced by PUT with a draft, no HEAD. */
export const ImportContainerResource = describe({
  name: 'importContainers',
  path: 'import-containers',
  typeId: 'import-container',
  owner: 'import-service',
  subjects: Subjects.import.container,
  shape: ImportContainerShape,
  graphql: false,
  draft: ImportContainerDraftDto,
  view: ['view_import_containers'],
  manage: ['manage_import_containers'],
  identity: { key: 'importContainerKey' },
  operations: ['create', 'query', 'get', 'update', 'delete'],
  update: { method: 'PUT', body: ImportContainerUpdateDraftDto },
  versioned: false,
  validateAtEdge: true,
});

/**
 * The insights configuration: one per project, `manage_project` only; its update is `{actions}` (no version).
 * The live GraphQL API has no insights.
 */
export const InsightsConfigurationResource = describe({
  name: 'insightsConfiguration',
  path: 'insights-configuration',
  typeId: 'insights-configuration',
  owner: 'insights-service',
  subjects: Subjects.insights.configuration,
  shape: InsightsConfigurationShape,
  graphql: false,
  draft: ProjectConfigurationDraftDto,
  actions: INSIGHTS_CONFIGURATION_ACTIONS,
  view: ['manage_project'],
  manage: ['manage_project'],
  singleton: true,
  update: { method: 'POST', body: InsightsUpdateDto },
  validateAtEdge: true,
});

/** API Extensions (checkout facts 11): auth-service keeps them with the project's other integration settings. */
export const ExtensionResource = describe({
  name: 'extensions',
  path: 'extensions',
  typeId: 'extension',
  owner: 'auth-service',
  subjects: Subjects.auth.extension,
  shape: ExtensionShape,
  draft: ExtensionDraftDto,
  actions: EXTENSION_ACTIONS,
  view: ['manage_extensions'],
  manage: ['manage_extensions'],
});

/**
 * Recurrence policies (beta): the release that added them added only the recurring-order scopes, so those
 * read and write them (docs/CHECKOUT.md, "Recurring orders").
 */
export const RecurrencePolicyResource = describe({
  name: 'recurrencePolicies',
  path: 'recurrence-policies',
  typeId: 'recurrence-policy',
  owner: 'checkout-service',
  subjects: Subjects.checkout.recurrencePolicy,
  shape: RecurrencePolicyShape,
  draft: RecurrencePolicyDraftDto,
  actions: RECURRENCE_POLICY_ACTIONS,
  view: ['view_recurring_orders'],
  manage: ['manage_recurring_orders'],
});

/** Recurring orders (beta): orders created on a schedule from their cart. */
export const RecurringOrderResource = describe({
  name: 'recurringOrders',
  path: 'recurring-orders',
  typeId: 'recurring-order',
  owner: 'checkout-service',
  subjects: Subjects.checkout.recurringOrder,
  shape: RecurringOrderShape,
  draft: RecurringOrderDraftDto,
  actions: RECURRING_ORDER_ACTIONS,
  customFields: true,
  view: ['view_recurring_orders'],
  manage: ['manage_recurring_orders'],
});

/**
 * Order Edits (checkout facts 2: `view_order_edits`/`manage_order_edits`): staged actions on an order with
 * their preview, applied by `POST /orders/edits/{id}/apply` (operation `orderEdits.apply`).
 */
export const OrderEditResource = describe({
  name: 'orderEdits',
  path: 'orders/edits',
  typeId: 'order-edit',
  owner: 'checkout-service',
  subjects: Subjects.checkout.orderEdit,
  shape: OrderEditShape,
  draft: OrderEditDraftDto,
  actions: ORDER_EDIT_ACTIONS,
  customFields: true,
  view: ['view_order_edits'],
  manage: ['manage_order_edits'],
});

/** Payment methods (beta): a customer's stored means of payment. */
export const PaymentMethodResource = describe({
  name: 'paymentMethods',
  path: 'payment-methods',
  typeId: 'payment-method',
  owner: 'checkout-service',
  subjects: Subjects.checkout.paymentMethod,
  shape: PaymentMethodShape,
  draft: PaymentMethodDraftDto,
  actions: PAYMENT_METHOD_ACTIONS,
  customFields: true,
  view: ['view_payment_methods'],
  manage: ['manage_payment_methods'],
});

/** Subscriptions (checkout facts 12): auth-service keeps them beside API Extensions; every service delivers its own Messages. */
export const SubscriptionResource = describe({
  name: 'subscriptions',
  path: 'subscriptions',
  typeId: 'subscription',
  owner: 'auth-service',
  subjects: Subjects.auth.subscription,
  shape: SubscriptionShape,
  // The platform's GraphQL API serves no Subscriptions (docs/GRAPHQL.md, "Not done here").
  graphql: false,
  draft: SubscriptionDraftDto,
  actions: SUBSCRIPTION_ACTIONS,
  view: ['manage_subscriptions'],
  manage: ['manage_subscriptions'],
});

/**
 * Shopping lists (checkout facts 10), also in a Store (store scopes `:{projectKey}:{storeKey}` there): by id or
 * key, with the shopping-list scopes; `/me/shopping-lists` has operations of its own (operation table).
 */
export const ShoppingListResource = describe({
  name: 'shoppingLists',
  path: 'shopping-lists',
  typeId: 'shopping-list',
  owner: 'checkout-service',
  subjects: Subjects.checkout.shoppingList,
  shape: ShoppingListShape,
  draft: ShoppingListDraftDto,
  actions: SHOPPING_LIST_ACTIONS,
  customFields: true,
  view: ['view_shopping_lists'],
  manage: ['manage_shopping_lists'],
  inStore: true,
});

/** Product discounts (checkout facts 7): catalog-service applies them to the prices it answers. */
export const ProductDiscountResource = describe({
  name: 'productDiscounts',
  path: 'product-discounts',
  typeId: 'product-discount',
  owner: 'catalog-service',
  subjects: Subjects.catalog.productDiscount,
  shape: ProductDiscountShape,
  draft: ProductDiscountDraftDto,
  actions: PRODUCT_DISCOUNT_ACTIONS,
  view: ['view_products'],
  manage: ['manage_products'],
});

/** Standalone prices: the prices of products in `priceMode: Standalone`, by SKU. */
export const StandalonePriceResource = describe({
  name: 'standalonePrices',
  path: 'standalone-prices',
  typeId: 'standalone-price',
  owner: 'catalog-service',
  subjects: Subjects.catalog.standalonePrice,
  shape: StandalonePriceShape,
  draft: StandalonePriceDraftDto,
  actions: STANDALONE_PRICE_ACTIONS,
  customFields: true,
  view: ['view_standalone_prices', 'view_products'],
  manage: ['manage_standalone_prices', 'manage_products'],
});

/**
 * Cart Discounts (checkout facts 7, 4.13): read and written with their own scopes or the order scopes, also in
 * a Store (where `:{pk}:{sk}` scopes count) for the discounts whose `stores` hold it.
 */
export const CartDiscountResource = describe({
  name: 'cartDiscounts',
  path: 'cart-discounts',
  typeId: 'cart-discount',
  owner: 'checkout-service',
  subjects: Subjects.checkout.cartDiscount,
  shape: CartDiscountShape,
  draft: CartDiscountDraftDto,
  actions: CART_DISCOUNT_ACTIONS,
  customFields: true,
  view: ['view_cart_discounts', 'view_orders'],
  manage: ['manage_cart_discounts', 'manage_orders'],
  inStore: true,
});

/**
 * Discount Groups: Cart Discounts of which only the best deal applies, at the group's sortOrder; read and
 * written with the cart discount scopes (the live API has no scopes of their own).
 */
export const DiscountGroupResource = describe({
  name: 'discountGroups',
  path: 'discount-groups',
  typeId: 'discount-group',
  owner: 'checkout-service',
  subjects: Subjects.checkout.discountGroup,
  shape: DiscountGroupShape,
  draft: DiscountGroupDraftDto,
  actions: DISCOUNT_GROUP_ACTIONS,
  view: ['view_cart_discounts'],
  manage: ['manage_cart_discounts'],
});

/**
 * Discount Codes (checkout facts 7, 4.14); read in a Store for the codes whose `stores` (derived from their
 * cart discounts) hold it.
 */
export const DiscountCodeResource = describe({
  name: 'discountCodes',
  path: 'discount-codes',
  typeId: 'discount-code',
  owner: 'checkout-service',
  subjects: Subjects.checkout.discountCode,
  shape: DiscountCodeShape,
  draft: DiscountCodeDraftDto,
  actions: DISCOUNT_CODE_ACTIONS,
  customFields: true,
  view: ['view_discount_codes', 'view_orders'],
  manage: ['manage_discount_codes', 'manage_orders'],
  // Read-only in a Store (SDK in-store discount-codes builders: GET and HEAD).
  inStore: { operations: ['query', 'existsWhere', 'get', 'exists'] },
});

/** Every resource: the engine's, in the order the operation table lists them, then the others. */
export const RESOURCE_DESCRIPTORS = [
  StoreResource,
  ChannelResource,
  CustomerGroupResource,
  TypeResource,
  ProductTypeResource,
  ProductResource,
  ProductSelectionResource,
  CategoryResource,
  TaxCategoryResource,
  AttributeGroupResource,
  StateResource,
  ZoneResource,
  PaymentResource,
  OrderResource,
  CartResource,
  InventoryEntryResource,
  ExtensionResource,
  SubscriptionResource,
  ShippingMethodResource,
  ReviewResource,
  RecurrencePolicyResource,
  RecurringOrderResource,
  OrderEditResource,
  PaymentMethodResource,
  ShoppingListResource,
  ProductDiscountResource,
  StandalonePriceResource,
  CartDiscountResource,
  DiscountGroupResource,
  DiscountCodeResource,
  ApiClientResource,
  CustomerResource,
  ImportContainerResource,
  InsightsConfigurationResource,
] as const;
