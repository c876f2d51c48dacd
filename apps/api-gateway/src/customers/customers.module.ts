import { Module } from '@nestjs/common';
import { CustomersController, InStoreCustomersController } from './customers.controller.js';

@Module({ controllers: [CustomersController, InStoreCustomersController] })
export class CustomersModule {}
