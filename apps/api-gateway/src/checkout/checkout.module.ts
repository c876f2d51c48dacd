import { Module } from '@nestjs/common';
import { CartsController, InStoreCartsController, ZonesController } from './checkout.controllers.js';

@Module({ controllers: [ZonesController, CartsController, InStoreCartsController] })
export class CheckoutModule {}
