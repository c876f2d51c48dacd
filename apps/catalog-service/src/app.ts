import { Events } from '@commerce/contracts';
import { ResourcesModule } from '@commerce/resources';
import type { ServiceApp } from '@commerce/service-kit';
import { CategoriesModule } from './categories/categories.module.js';
import { ChannelsModule } from './channels/channels.module.js';
import { CustomObjectsModule } from './custom-objects/custom-objects.module.js';
import { CustomerGroupsModule } from './customer-groups/customer-groups.module.js';
import { catalogMigrations } from './database/migrations/index.js';
import { CheckoutModule } from './checkout/checkout.module.js';
import { InStoreModule } from './in-store/in-store.module.js';
import { InventoryModule } from './inventory/inventory.module.js';
import { ProductProjectionsModule } from './product-projections/product-projections.module.js';
import { ProductSearchModule } from './product-search/product-search.module.js';
import { ProductSelectionsModule } from './product-selections/product-selections.module.js';
import { ProductTypesModule } from './product-types/product-types.module.js';
import { ProductsModule } from './products/products.module.js';
import { ReviewsModule } from './reviews/reviews.module.js';
import { StatesModule } from './states/states.module.js';
import { TaxCategoriesModule } from './tax-categories/tax-categories.module.js';
import { AttributeGroupsModule } from './attribute-groups/attribute-groups.module.js';
import { TypesModule } from './types/types.module.js';
import { ProductDiscountsModule } from './product-discounts/product-discounts.module.js';
import { StandalonePricesModule } from './standalone-prices/standalone-prices.module.js';

/**
 * catalog-service owns the resources a Store refers to (schema `catalog`): channels, customer groups,
 * types, product types, products and product selections, inventory entries and orders' reservations,
 * their Messages, and products as a Store offers them.
 */
export const catalogServiceApp: ServiceApp = {
  name: 'catalog-service',
  subjectPrefix: 'catalog',
  database: { schema: 'catalog', migrations: catalogMigrations },
  imports: [
    ResourcesModule.forService({
      prefix: 'catalog',
      schema: 'catalog',
      createdEvent: Events.catalogResourceCreated,
    }),
    ChannelsModule,
    CustomerGroupsModule,
    TypesModule,
    ProductTypesModule,
    ProductsModule,
    ProductSelectionsModule,
    InStoreModule,
    CheckoutModule,
    CategoriesModule,
    TaxCategoriesModule,
    AttributeGroupsModule,
    StatesModule,
    InventoryModule,
    ProductProjectionsModule,
    ProductSearchModule,
    CustomObjectsModule,
    ReviewsModule,
    ProductDiscountsModule,
    StandalonePricesModule,
  ],
};
