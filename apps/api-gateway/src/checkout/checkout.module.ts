import { Module } from '@nestjs/common';
import { ZonesController } from './checkout.controllers.js';

@Module({ controllers: [ZonesController] })
export class CheckoutModule {}
