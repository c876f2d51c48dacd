import { ProductDiscountResource } from '@commerce/contracts';
import { MessageLog, engineProvider, resourceRpcController } from '@commerce/resources';
import { Global, Module } from '@nestjs/common';
import { PRODUCT_DISCOUNT_ENGINE, defineProductDiscount } from './product-discount.definition.js';
import { ProductDiscountMatchingController } from './product-discounts.controller.js';
import { ProductDiscounts } from './product-discounts.service.js';
import { StandalonePriceDiscounts } from './standalone-price-discounts.js';
import { StandalonePriceDiscountSweeper } from './standalone-price-discount-sweeper.js';
import { CATALOG_CONFIG, loadCatalogConfig } from '../config.js';
import { DataSource } from 'typeorm';

/**
 * Product discounts, and the prices they discount (`ProductDiscounts`, for projections, search and carts); the
 * Standalone Prices' `StandalonePriceDiscountSet` after a discount write and when a validity begins or ends.
 */
@Global()
@Module({
  controllers: [
    resourceRpcController(ProductDiscountResource, PRODUCT_DISCOUNT_ENGINE),
    ProductDiscountMatchingController,
  ],
  providers: [
    ProductDiscounts,
    { provide: CATALOG_CONFIG, useFactory: loadCatalogConfig },
    StandalonePriceDiscountSweeper,
    {
      provide: StandalonePriceDiscounts,
      useFactory: (db: DataSource, discounts: ProductDiscounts, log: MessageLog) =>
        new StandalonePriceDiscounts(db, discounts, log),
      inject: [DataSource, ProductDiscounts, MessageLog],
    },
    engineProvider(
      PRODUCT_DISCOUNT_ENGINE,
      (discounts: ProductDiscounts, standalone: StandalonePriceDiscounts) =>
        defineProductDiscount(discounts, standalone),
      [ProductDiscounts, StandalonePriceDiscounts],
    ),
  ],
  exports: [ProductDiscounts],
})
export class ProductDiscountsModule {}
