import { ReferenceResolver, engineProvider } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { CartsModule } from '../carts/carts.module.js';
import { ORDER_ENGINE, defineOrder } from './order.definition.js';
import { OrderCreation } from './order-creation.js';
import { OrdersController } from './orders.controller.js';
import { CartDiscountReader } from '../carts/cart-discount-reader.js';

@Module({
  imports: [CartsModule],
  controllers: [OrdersController],
  providers: [
    engineProvider(ORDER_ENGINE, (resolver: ReferenceResolver) => defineOrder(resolver), [ReferenceResolver]),
    OrderCreation,
    CartDiscountReader,
  ],
  exports: [ORDER_ENGINE, OrderCreation],
})
export class OrdersModule {}
