import {
  CategoryDraftDto,
  ChannelDraftDto,
  CustomerGroupDraftDto,
  ProductDraftDto,
  ProductSelectionDraftDto,
  ProductTypeDraftDto,
  StateDraftDto,
  Subjects,
  TaxCategoryDraftDto,
  TypeDraftDto,
} from '@commerce/contracts';
import { resourceController } from '../resources/resource-controller.js';

/** Reference facts 4.1: channels are readable and writable with the channel or the product scopes. */
export const ChannelsController = resourceController({
  path: 'channels',
  subjects: Subjects.catalog.channel,
  draft: ChannelDraftDto,
  view: ['view_channels', 'view_products'],
  manage: ['manage_channels', 'manage_products'],
});

export const CustomerGroupsController = resourceController({
  path: 'customer-groups',
  subjects: Subjects.catalog.customerGroup,
  draft: CustomerGroupDraftDto,
  view: ['view_customer_groups'],
  manage: ['manage_customer_groups'],
});

export const TypesController = resourceController({
  path: 'types',
  subjects: Subjects.catalog.type,
  draft: TypeDraftDto,
  view: ['view_types'],
  manage: ['manage_types'],
});

export const ProductTypesController = resourceController({
  path: 'product-types',
  subjects: Subjects.catalog.productType,
  draft: ProductTypeDraftDto,
  view: ['view_products'],
  manage: ['manage_products'],
});

export const ProductsController = resourceController({
  path: 'products',
  subjects: Subjects.catalog.product,
  draft: ProductDraftDto,
  view: ['view_products'],
  manage: ['manage_products'],
});

export const ProductSelectionsController = resourceController({
  path: 'product-selections',
  subjects: Subjects.catalog.productSelection,
  draft: ProductSelectionDraftDto,
  view: ['view_product_selections'],
  manage: ['manage_product_selections'],
});

export const CategoriesController = resourceController({
  path: 'categories',
  subjects: Subjects.catalog.category,
  draft: CategoryDraftDto,
  view: ['view_categories', 'view_products'],
  manage: ['manage_categories', 'manage_products'],
});

export const TaxCategoriesController = resourceController({
  path: 'tax-categories',
  subjects: Subjects.catalog.taxCategory,
  draft: TaxCategoryDraftDto,
  view: ['view_tax_categories'],
  manage: ['manage_tax_categories'],
});

export const StatesController = resourceController({
  path: 'states',
  subjects: Subjects.catalog.state,
  draft: StateDraftDto,
  view: ['view_states'],
  manage: ['manage_states'],
});
