import {
  CategoryResource,
  ChannelResource,
  CustomerGroupResource,
  InventoryEntryResource,
  ProductResource,
  ProductSelectionResource,
  ProductTypeResource,
  ReviewResource,
  StateResource,
  TaxCategoryResource,
  AttributeGroupResource,
  TypeResource,
} from '@commerce/contracts';
import { resourceController } from '../resources/resource-controller.js';

export const ChannelsController = resourceController(ChannelResource);
export const CustomerGroupsController = resourceController(CustomerGroupResource);
export const TypesController = resourceController(TypeResource);
export const ProductTypesController = resourceController(ProductTypeResource);
export const ProductsController = resourceController(ProductResource);
export const ProductSelectionsController = resourceController(ProductSelectionResource);
export const CategoriesController = resourceController(CategoryResource);
export const TaxCategoriesController = resourceController(TaxCategoryResource);
export const AttributeGroupsController = resourceController(AttributeGroupResource);
export const StatesController = resourceController(StateResource);
export const InventoryController = resourceController(InventoryEntryResource);
export const ReviewsController = resourceController(ReviewResource);
