import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ProductProjectionsController } from './product-projections.controller.js';
import { ProductProjectionsService } from './product-projections.service.js';
import { PgProductSearchIndex } from './search/pg-product-search-index.js';
import { PRODUCT_SEARCH_INDEX } from './search/product-search-index.js';
import { ProductSearchService } from './search/product-search.service.js';

/** Product projections: get, query and search, over the projections products keep in `product_search`. */
@Module({
  controllers: [ProductProjectionsController],
  providers: [
    ProductProjectionsService,
    ProductSearchService,
    {
      provide: PRODUCT_SEARCH_INDEX,
      useFactory: (db: DataSource) => new PgProductSearchIndex(db),
      inject: [DataSource],
    },
  ],
})
export class ProductProjectionsModule {}
