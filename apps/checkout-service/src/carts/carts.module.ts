import { CartResource } from '@commerce/contracts';
import { engineProvider, ReferenceResolver, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { CartMerge } from './cart-merge.js';
import { CartRetentionSweeper } from './cart-retention.js';
import { CART_ENGINE, defineCart } from './cart.definition.js';
import { CartsService } from './carts.service.js';
import { CartDiscountReader } from './cart-discount-reader.js';
import { MyCartsController } from './my-carts.controller.js';
import { MyCartsService } from './my-carts.service.js';
import { ShoppingListsModule } from '../shopping-lists/shopping-lists.module.js';
import { CHECKOUT_CONFIG, loadCheckoutConfig } from '../config.js';

@Module({
  imports: [ShoppingListsModule],
  controllers: [resourceRpcController(CartResource, CartsService), MyCartsController],
  providers: [
    engineProvider(CART_ENGINE, (resolver: ReferenceResolver) => defineCart({ resolver }), [
      ReferenceResolver,
    ]),
    CartsService,
    MyCartsService,
    CartMerge,
    CartRetentionSweeper,
    { provide: CHECKOUT_CONFIG, useFactory: loadCheckoutConfig },
    CartDiscountReader,
  ],
  exports: [CartsService],
})
export class CartsModule {}
