import { Module } from '@nestjs/common';
import { ShippingMethodsController, ZonesController } from './checkout.controllers.js';
import { MatchingShippingMethodsController } from './shipping-methods.controller.js';

/** The routes of checkout-service's resources. */
@Module({ controllers: [ZonesController, MatchingShippingMethodsController, ShippingMethodsController] })
export class CheckoutModule {}
