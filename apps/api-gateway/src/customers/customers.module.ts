import { Module } from '@nestjs/common';
import {
  CustomerAccountsController,
  InStoreCustomerAccountsController,
} from './customer-accounts.controller.js';
import { CustomerSearchController } from './customer-search.controller.js';
import { CustomersController, InStoreCustomersController } from './customers.controller.js';

@Module({
  controllers: [
    CustomerAccountsController,
    InStoreCustomerAccountsController,
    CustomersController,
    InStoreCustomersController,
    CustomerSearchController,
  ],
})
export class CustomersModule {}
