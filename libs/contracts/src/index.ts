export * from './context.js';
export * from './services.js';
export * from './subjects.js';
export * from './events.js';
export * from './validate.js';
export {
  Opaque,
  Type as NestedType,
  classTransformerStorage,
  nestedClassesOf,
  toInstance,
  typeMetadataOf,
  type ClassConstructor,
} from './dto-transform.js';
export * from './common/types.js';
export * from './common/validators.js';
export * from './common/dto.js';
export * from './stores/store.shape.js';
export * as shape from './shapes/shape.js';
export type {
  Fields,
  FieldShape,
  Infer,
  NamedShape,
  ObjectShape,
  ResourceShape,
  UnionShape,
} from './shapes/shape.js';
export * from './stores/store.dto.js';
export * from './projects/project.types.js';
export * from './projects/project-draft.dto.js';
export * from './auth/token.types.js';
export * from './auth/oauth.types.js';
export * from './auth/api-client.types.js';
export * from './auth/api-client.shape.js';
export * from './auth/api-client.dto.js';
export * from './auth/project-actions.dto.js';
export * from './customers/customer.types.js';
export * from './customers/customer.dto.js';
export * from './customers/customer-actions.dto.js';
export * from './resources/ownership.js';
export * from './resources/cross-service-references.js';
export * from './messages/message.types.js';
export * from './types/type.types.js';
export * from './stores/store-actions.dto.js';
export * from './stores/storefront.dto.js';
export * from './channels/channel.types.js';
export * from './channels/channel.dto.js';
export * from './customer-groups/customer-group.shape.js';
export * from './customer-groups/customer-group.dto.js';
export * from './types/field-type.js';
export * from './types/type.dto.js';
export * from './product-types/product-type.types.js';
export * from './product-types/attribute-type.js';
export * from './product-types/product-type.dto.js';
export * from './product-types/product-type-actions.dto.js';
export * from './products/product.types.js';
export * from './products/product.dto.js';
export * from './products/product-actions.dto.js';
export * from './products/product-action-table.js';
export * from './product-selections/product-selection.types.js';
export * from './product-selections/product-selection.dto.js';
export * from './instore/in-store-integration.types.js';
export * from './instore/in-store-integration.dto.js';
export * from './common/asset.js';
export * from './categories/category.types.js';
export * from './categories/category.dto.js';
export * from './tax-categories/tax-category.types.js';
export * from './tax-categories/tax-category.shape.js';
export * from './product-selections/product-selection.shape.js';
export * from './categories/category.shape.js';
export * from './common/asset.shape.js';
export * from './customers/customer.shape.js';
export * from './tax-categories/tax-category.dto.js';
export * from './inventory/inventory.types.js';
export * from './inventory/inventory.dto.js';
export * from './custom-objects/custom-object.types.js';
export * from './custom-objects/custom-object.dto.js';
export * from './reviews/review.types.js';
export * from './reviews/review.dto.js';
export * from './states/state.types.js';
export * from './states/state.shape.js';
export * from './states/state.dto.js';
export * from './extensions/extension.types.js';
export * from './extensions/extension.shape.js';
export * from './extensions/extension.dto.js';
export * from './subscriptions/subscription.types.js';
export * from './subscriptions/subscription.dto.js';
export * from './zones/zone.types.js';
export * from './zones/zone.dto.js';
export * from './shipping-methods/shipping-method.types.js';
export * from './shipping-methods/shipping-method.dto.js';
export * from './products/product-catalog.types.js';
export * from './products/product-catalog.dto.js';
export * from './products/price.types.js';
export * from './products/price.dto.js';
export * from './products/image-files.js';
export * from './import/import.types.js';
export * from './import/import.shape.js';
export * from './import/import.dto.js';
export * from './insights/insights.types.js';
export * from './insights/insights.dto.js';
export * from './common/identifiers.js';
export * from './contract-map.js';
export * from './resources/descriptors.js';
export * from './update-actions.js';
export * from './carts/cart.types.js';
export * from './carts/cart-draft.dto.js';
export * from './carts/cart-actions.dto.js';
export * from './carts/checkout-catalog.types.js';
export * from './payments/payment.types.js';
export * from './payments/payment.dto.js';
export * from './shopping-lists/shopping-list.shape.js';
export * from './shopping-lists/shopping-list.dto.js';
export * from './orders/order.types.js';
export * from './orders/order-actions.dto.js';
export * from './orders/order-draft.dto.js';
export * from './states/built-in-states.js';
export * from './search/search.types.js';
export * from './common/money.shape.js';
export * from './zones/zone.shape.js';
export * from './shipping-methods/shipping-method.shape.js';
export * from './inventory/inventory.shape.js';
export * from './reviews/review.shape.js';
export * from './custom-objects/custom-object.shape.js';
export * from './payments/payment.shape.js';
export * from './carts/cart.shape.js';
export * from './orders/order.shape.js';
export * from './recurring-orders/recurrence-policy.shape.js';
export * from './recurring-orders/recurrence-policy.dto.js';
export * from './recurring-orders/recurring-order.shape.js';
export * from './recurring-orders/recurring-order.dto.js';
export * from './payment-methods/payment-method.shape.js';
export * from './payment-methods/payment-method.dto.js';
export * from './product-discounts/product-discount.shape.js';
export * from './product-discounts/product-discount.dto.js';
export * from './standalone-prices/standalone-price.shape.js';
export * from './standalone-prices/standalone-price.dto.js';
export * from './cart-discounts/cart-discount.shape.js';
export * from './cart-discounts/cart-discount.dto.js';
export * from './discount-codes/discount-code.shape.js';
export * from './discount-codes/discount-code.dto.js';
