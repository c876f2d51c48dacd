import { ProductDiscountResource } from '@commerce/contracts';
import { engineProvider, resourceRpcController } from '@commerce/resources';
import { Global, Module } from '@nestjs/common';
import { PRODUCT_DISCOUNT_ENGINE, defineProductDiscount } from './product-discount.definition.js';
import { ProductDiscountMatchingController } from './product-discounts.controller.js';
import { ProductDiscounts } from './product-discounts.service.js';

/** Product discounts, and the prices they discount (`ProductDiscounts`, for projections, search and carts). */
@Global()
@Module({
  controllers: [
    resourceRpcController(ProductDiscountResource, PRODUCT_DISCOUNT_ENGINE),
    ProductDiscountMatchingController,
  ],
  providers: [
    ProductDiscounts,
    engineProvider(
      PRODUCT_DISCOUNT_ENGINE,
      (discounts: ProductDiscounts) => defineProductDiscount(discounts),
      [ProductDiscounts],
    ),
  ],
  exports: [ProductDiscounts],
})
export class ProductDiscountsModule {}
