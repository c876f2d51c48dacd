import { CartResource } from '@commerce/contracts';
import { engineProvider, ReferenceResolver, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { CART_ENGINE, defineCart } from './cart.definition.js';
import { CartsService } from './carts.service.js';
import { CartDiscountReader } from './cart-discount-reader.js';
import { MyCartsController } from './my-carts.controller.js';
import { MyCartsService } from './my-carts.service.js';

@Module({
  controllers: [resourceRpcController(CartResource, CartsService), MyCartsController],
  providers: [
    engineProvider(CART_ENGINE, (resolver: ReferenceResolver) => defineCart({ resolver }), [
      ReferenceResolver,
    ]),
    CartsService,
    MyCartsService,
    CartDiscountReader,
  ],
})
export class CartsModule {}
