import { Module } from '@nestjs/common';
import { InStoreCatalogModule } from '../in-store/in-store-catalog.module.js';
import { AssignmentsController } from './assignments.controller.js';
import {
  CategoriesController,
  ChannelsController,
  CustomerGroupsController,
  InventoryController,
  ProductSelectionsController,
  ProductTypesController,
  ProductsController,
  ReviewsController,
  StatesController,
  TaxCategoriesController,
  AttributeGroupsController,
  TypesController,
} from './catalog.controllers.js';
import { CustomObjectsController } from './custom-objects.controller.js';
import {
  ProductDiscountMatchingController,
  ProductDiscountsController,
  StandalonePricesController,
} from './discounts.controllers.js';
import { PagedClient } from './paged-client.js';
import { ProductProjectionsController } from './product-projections.controller.js';
import { ProductProjectionsClient } from './product-projections.service.js';
import { ProductSearchController } from './product-search.controller.js';

/** The routes of catalog-service's resources, and products as a Store offers them. */
@Module({
  imports: [InStoreCatalogModule],
  controllers: [
    ChannelsController,
    CustomerGroupsController,
    TypesController,
    ProductTypesController,
    ProductsController,
    ProductSelectionsController,
    AssignmentsController,
    CategoriesController,
    TaxCategoriesController,
    AttributeGroupsController,
    StatesController,
    InventoryController,
    ReviewsController,
    ProductProjectionsController,
    ProductSearchController,
    CustomObjectsController,
    ProductDiscountMatchingController,
    ProductDiscountsController,
    StandalonePricesController,
  ],
  providers: [PagedClient, ProductProjectionsClient],
})
export class CatalogModule {}
