import { CartDiscountResource, DiscountCodeResource, DiscountGroupResource } from '@commerce/contracts';
import { engineProvider, ReferenceResolver, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { CART_DISCOUNT_ENGINE, defineCartDiscount } from './cart-discount.definition.js';
import { DISCOUNT_CODE_ENGINE, defineDiscountCode } from './discount-code.definition.js';
import { DISCOUNT_GROUP_ENGINE, defineDiscountGroup } from './discount-group.definition.js';
import { CartDiscountHandlers, DiscountCodeHandlers } from './discount-handlers.js';

@Module({
  controllers: [
    resourceRpcController(CartDiscountResource, CartDiscountHandlers),
    resourceRpcController(DiscountCodeResource, DiscountCodeHandlers),
    resourceRpcController(DiscountGroupResource, DISCOUNT_GROUP_ENGINE),
  ],
  providers: [
    CartDiscountHandlers,
    DiscountCodeHandlers,
    engineProvider(CART_DISCOUNT_ENGINE, (resolver: ReferenceResolver) => defineCartDiscount(resolver), [
      ReferenceResolver,
    ]),
    engineProvider(DISCOUNT_GROUP_ENGINE, () => defineDiscountGroup(), []),
    engineProvider(DISCOUNT_CODE_ENGINE, (resolver: ReferenceResolver) => defineDiscountCode(resolver), [
      ReferenceResolver,
    ]),
  ],
})
export class CartDiscountsModule {}
