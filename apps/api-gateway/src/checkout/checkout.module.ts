import { Module } from '@nestjs/common';
import { CartsController, InStoreCartsController, ZonesController } from './checkout.controllers.js';
import { InStoreMyCartsController, MyCartsController } from './my-carts.controller.js';

@Module({
  controllers: [
    ZonesController,
    CartsController,
    InStoreCartsController,
    MyCartsController,
    InStoreMyCartsController,
  ],
})
export class CheckoutModule {}
