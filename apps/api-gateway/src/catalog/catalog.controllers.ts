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
  typeId: 'channel',
  draft: ChannelDraftDto,
  view: ['view_channels', 'view_products'],
  manage: ['manage_channels', 'manage_products'],
});

export const CustomerGroupsController = resourceController({
  path: 'customer-groups',
  subjects: Subjects.catalog.customerGroup,
  typeId: 'customer-group',
  draft: CustomerGroupDraftDto,
  view: ['view_customer_groups'],
  manage: ['manage_customer_groups'],
});

export const TypesController = resourceController({
  path: 'types',
  subjects: Subjects.catalog.type,
  typeId: 'type',
  draft: TypeDraftDto,
  view: ['view_types'],
  manage: ['manage_types'],
});

export const ProductTypesController = resourceController({
  path: 'product-types',
  subjects: Subjects.catalog.productType,
  typeId: 'product-type',
  draft: ProductTypeDraftDto,
  view: ['view_products'],
  manage: ['manage_products'],
});

export const ProductsController = resourceController({
  path: 'products',
  subjects: Subjects.catalog.product,
  typeId: 'product',
  draft: ProductDraftDto,
  view: ['view_products'],
  manage: ['manage_products'],
});

export const ProductSelectionsController = resourceController({
  path: 'product-selections',
  subjects: Subjects.catalog.productSelection,
  typeId: 'product-selection',
  draft: ProductSelectionDraftDto,
  view: ['view_product_selections'],
  manage: ['manage_product_selections'],
});

export const CategoriesController = resourceController({
  path: 'categories',
  subjects: Subjects.catalog.category,
  typeId: 'category',
  draft: CategoryDraftDto,
  view: ['view_categories', 'view_products'],
  manage: ['manage_categories', 'manage_products'],
});

export const TaxCategoriesController = resourceController({
  path: 'tax-categories',
  subjects: Subjects.catalog.taxCategory,
  typeId: 'tax-category',
  draft: TaxCategoryDraftDto,
  view: ['view_tax_categories'],
  manage: ['manage_tax_categories'],
});

export const StatesController = resourceController({
  path: 'states',
  subjects: Subjects.catalog.state,
  typeId: 'state',
  draft: StateDraftDto,
  view: ['view_states'],
  manage: ['manage_states'],
});
