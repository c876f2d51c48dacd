import type { ClassConstructor } from '../dto-transform.js';
import { CategoryDraftDto } from '../categories/category.dto.js';
import { ChannelDraftDto } from '../channels/channel.dto.js';
import type { ResourcePrefix } from '../contract-map.js';
import { CustomerGroupDraftDto } from '../customer-groups/customer-group.dto.js';
import { ProductSelectionDraftDto } from '../product-selections/product-selection.dto.js';
import { ProductTypeDraftDto } from '../product-types/product-type.dto.js';
import { ProductDraftDto } from '../products/product.dto.js';
import type { ServiceName } from '../services.js';
import { StateDraftDto } from '../states/state.dto.js';
import { STORE_ACTIONS } from '../stores/store-actions.dto.js';
import { StoreDraftDto } from '../stores/store.dto.js';
import { Subjects, type ResourceSubjects } from '../subjects.js';
import { TaxCategoryDraftDto } from '../tax-categories/tax-category.dto.js';
import { TypeDraftDto } from '../types/type.dto.js';
import type { DocumentedResourceType } from '../update-actions.js';

/**
 * Everything the platform knows about one versioned resource, declared once. The gateway's routes
 * (`resourceController`), the operation table and so the scope checks and the OpenAPI document
 * (`@commerce/auth`), and the owning service's handlers (`resourceRpcController`) are derived from it.
 */
export interface ResourceDescriptor<P extends ResourcePrefix = ResourcePrefix, N extends string = string> {
  /** The operations' names in the operation table: `<name>.create`, `<name>.get`, ... */
  name: N;
  /** The path below `/{projectKey}/`; one resource is `/{id}` or `/key={key}` below it. */
  path: string;
  /** The reference type id (`store`); its update actions (`UPDATE_ACTIONS`) describe the update route's body. */
  typeId: DocumentedResourceType;
  /** The service that owns the resource and answers its subjects. */
  owner: ServiceName;
  subjects: ResourceSubjects<P>;
  /** The draft DTO: the owner validates creates with it. */
  draft: ClassConstructor<object>;
  /** The update actions by name with their DTOs, where declared here: the owner's handler table must match. */
  actions?: Readonly<Record<string, ClassConstructor<object>>>;
  /** Scopes that allow reading; any one is enough (`manage_x` implies `view_x`). */
  view: readonly string[];
  /** Scopes that allow writing. */
  manage: readonly string[];
  /** Extra scopes accepted by HEAD by id (the spec lists `view_states` for Stores). */
  existsById?: readonly string[];
}

function describe<const P extends ResourcePrefix, const N extends string>(
  descriptor: ResourceDescriptor<P, N>,
): ResourceDescriptor<P, N> {
  return descriptor;
}

/** Stores (reference facts 3). */
export const StoreResource = {
  ...describe({
    name: 'stores',
    path: 'stores',
    typeId: 'store',
    owner: 'stores-service',
    subjects: Subjects.stores.store,
    draft: StoreDraftDto,
    view: ['view_stores'],
    manage: ['manage_stores'],
    existsById: ['view_states'],
  }),
  actions: STORE_ACTIONS,
};

/** Reference facts 4.1: channels are readable and writable with the channel or the product scopes. */
export const ChannelResource = describe({
  name: 'channels',
  path: 'channels',
  typeId: 'channel',
  owner: 'catalog-service',
  subjects: Subjects.catalog.channel,
  draft: ChannelDraftDto,
  view: ['view_channels', 'view_products'],
  manage: ['manage_channels', 'manage_products'],
});

export const CustomerGroupResource = describe({
  name: 'customerGroups',
  path: 'customer-groups',
  typeId: 'customer-group',
  owner: 'catalog-service',
  subjects: Subjects.catalog.customerGroup,
  draft: CustomerGroupDraftDto,
  view: ['view_customer_groups'],
  manage: ['manage_customer_groups'],
});

export const TypeResource = describe({
  name: 'types',
  path: 'types',
  typeId: 'type',
  owner: 'catalog-service',
  subjects: Subjects.catalog.type,
  draft: TypeDraftDto,
  view: ['view_types'],
  manage: ['manage_types'],
});

export const ProductTypeResource = describe({
  name: 'productTypes',
  path: 'product-types',
  typeId: 'product-type',
  owner: 'catalog-service',
  subjects: Subjects.catalog.productType,
  draft: ProductTypeDraftDto,
  view: ['view_products'],
  manage: ['manage_products'],
});

export const ProductResource = describe({
  name: 'products',
  path: 'products',
  typeId: 'product',
  owner: 'catalog-service',
  subjects: Subjects.catalog.product,
  draft: ProductDraftDto,
  view: ['view_products'],
  manage: ['manage_products'],
});

export const ProductSelectionResource = describe({
  name: 'productSelections',
  path: 'product-selections',
  typeId: 'product-selection',
  owner: 'catalog-service',
  subjects: Subjects.catalog.productSelection,
  draft: ProductSelectionDraftDto,
  view: ['view_product_selections'],
  manage: ['manage_product_selections'],
});

export const CategoryResource = describe({
  name: 'categories',
  path: 'categories',
  typeId: 'category',
  owner: 'catalog-service',
  subjects: Subjects.catalog.category,
  draft: CategoryDraftDto,
  view: ['view_categories', 'view_products'],
  manage: ['manage_categories', 'manage_products'],
});

export const TaxCategoryResource = describe({
  name: 'taxCategories',
  path: 'tax-categories',
  typeId: 'tax-category',
  owner: 'catalog-service',
  subjects: Subjects.catalog.taxCategory,
  draft: TaxCategoryDraftDto,
  view: ['view_tax_categories'],
  manage: ['manage_tax_categories'],
});

export const StateResource = describe({
  name: 'states',
  path: 'states',
  typeId: 'state',
  owner: 'catalog-service',
  subjects: Subjects.catalog.state,
  draft: StateDraftDto,
  view: ['view_states'],
  manage: ['manage_states'],
});

/** Every resource served by the shared engine, in the order the operation table lists them. */
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
  StateResource,
] as const;
