import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PgProductSearch } from './pg-product-search.js';
import { ProductSearchController } from './product-search.controller.js';
import { PRODUCTS_SEARCH_INDEX } from './product-search-request.js';
import { ProductSearchService } from './product-search.service.js';

/** Product Search (`POST /products/search`) over the current projections in `product_search`. */
@Module({
  controllers: [ProductSearchController],
  providers: [
    ProductSearchService,
    {
      provide: PRODUCTS_SEARCH_INDEX,
      useFactory: (db: DataSource) => new PgProductSearch(db),
      inject: [DataSource],
    },
  ],
})
export class ProductSearchModule {}
