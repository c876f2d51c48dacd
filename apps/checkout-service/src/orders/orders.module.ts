import { ReferenceResolver, engineProvider } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { CartsModule } from '../carts/carts.module.js';
import { ORDER_ENGINE, defineOrder } from './order.definition.js';
import { OrderCreation } from './order-creation.js';
import { OrderImportOperations } from './order-import-operations.js';
import { OrdersController } from './orders.controller.js';
import { CartDiscountReader } from '../carts/cart-discount-reader.js';
import {
  RECURRING_ORDER_SETTINGS,
  recurringOrderSettings,
} from '../recurring-orders/recurring-order-clock.js';

@Module({
  imports: [CartsModule],
  controllers: [OrdersController],
  providers: [
    engineProvider(ORDER_ENGINE, (resolver: ReferenceResolver) => defineOrder(resolver), [ReferenceResolver]),
    // The recurring orders' clock: an order of recurring items starts recurring orders (order-creation.ts).
    { provide: RECURRING_ORDER_SETTINGS, useFactory: () => recurringOrderSettings() },
    OrderCreation,
    OrderImportOperations,
    CartDiscountReader,
  ],
  exports: [ORDER_ENGINE, OrderCreation, RECURRING_ORDER_SETTINGS],
})
export class OrdersModule {}
