import { Module } from '@nestjs/common';
import {
  CartsController,
  InStoreCartsController,
  InStoreOrdersController,
  OrdersController,
  PaymentsController,
  ShippingMethodsController,
  ZonesController,
} from './checkout.controllers.js';
import {
  CartByCustomerController,
  InStoreCartByCustomerController,
  InStoreMyCartsController,
  InStoreReplicateCartController,
  MyCartsController,
  ReplicateCartController,
} from './my-carts.controller.js';
import {
  InStoreMyOrdersController,
  MyOrdersController,
  MyPaymentsController,
  OrderImportController,
} from './my-checkout.controller.js';
import { MatchingShippingMethodsController } from './shipping-methods.controller.js';
import { CartDiscountsController, DiscountCodesController } from './discounts.controllers.js';

/** The routes of checkout-service's resources, their `/me` and in-store variants. */
@Module({
  controllers: [
    ZonesController,
    CartDiscountsController,
    DiscountCodesController,
    MatchingShippingMethodsController,
    ShippingMethodsController,
    CartByCustomerController,
    InStoreCartByCustomerController,
    CartsController,
    InStoreCartsController,
    ReplicateCartController,
    InStoreReplicateCartController,
    MyCartsController,
    InStoreMyCartsController,
    PaymentsController,
    OrderImportController,
    OrdersController,
    InStoreOrdersController,
    MyPaymentsController,
    MyOrdersController,
    InStoreMyOrdersController,
  ],
})
export class CheckoutModule {}
