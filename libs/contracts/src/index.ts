export * from './context.js';
export * from './services.js';
export * from './subjects.js';
export * from './events.js';
export * from './validate.js';
export {
  Opaque,
  Type as NestedType,
  nestedClassesOf,
  toInstance,
  type ClassConstructor,
} from './dto-transform.js';
export * from './common/types.js';
export * from './common/validators.js';
export * from './common/dto.js';
export * from './stores/store.types.js';
export * from './stores/store.dto.js';
export * from './projects/project.types.js';
export * from './projects/project-draft.dto.js';
export * from './auth/token.types.js';
export * from './auth/oauth.types.js';
export * from './auth/api-client.types.js';
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
export * from './channels/channel.types.js';
export * from './channels/channel.dto.js';
export * from './customer-groups/customer-group.types.js';
export * from './customer-groups/customer-group.dto.js';
export * from './types/field-type.js';
export * from './types/type.dto.js';
export * from './product-types/product-type.types.js';
export * from './product-types/attribute-type.js';
export * from './product-types/product-type.dto.js';
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
export * from './tax-categories/tax-category.dto.js';
export * from './states/state.types.js';
export * from './states/state.dto.js';
export * from './products/product-catalog.types.js';
export * from './products/product-catalog.dto.js';
export * from './products/price.types.js';
export * from './products/price.dto.js';
export * from './products/image-files.js';
export * from './import/import.types.js';
export * from './import/import.dto.js';
export * from './insights/insights.types.js';
export * from './insights/insights.dto.js';
export * from './common/identifiers.js';
export * from './contract-map.js';
export * from './resources/descriptors.js';
export * from './update-actions.js';
