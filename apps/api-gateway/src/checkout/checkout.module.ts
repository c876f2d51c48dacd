import { Module } from '@nestjs/common';
import { CartsController, InStoreCartsController, ZonesController } from './checkout.controllers.js';
import {
  InStoreMyCartsController,
  InStoreReplicateCartController,
  MyCartsController,
  ReplicateCartController,
} from './my-carts.controller.js';

@Module({
  controllers: [
    ZonesController,
    CartsController,
    InStoreCartsController,
    ReplicateCartController,
    InStoreReplicateCartController,
    MyCartsController,
    InStoreMyCartsController,
  ],
})
export class CheckoutModule {}
