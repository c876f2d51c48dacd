import { AnonymousSession } from './anonymous-session.js';
import { CustomerResource } from '@commerce/contracts';
import { resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { TokensModule } from '../tokens/tokens.module.js';
import { CustomerAccountsController } from './customer-accounts.controller.js';
import { CustomerHandlers } from './customer-handlers.js';
import { CustomerSignIn } from './customer-sign-in.service.js';
import { CustomerTokens } from './customer-tokens.service.js';
import { CustomerTokensRepository } from './customer-tokens.repository.js';
import { MyCustomerController } from './my-customer.controller.js';
import { CustomersResolveController } from './customers-resolve.controller.js';
import { CustomersRepository } from './customers.repository.js';
import { CustomersService } from './customers.service.js';
import { StoreMembership } from './store-membership.js';

@Module({
  imports: [TokensModule],
  controllers: [
    resourceRpcController(CustomerResource, CustomerHandlers),
    MyCustomerController,
    CustomerAccountsController,
    CustomersResolveController,
  ],
  providers: [
    CustomersRepository,
    CustomerTokensRepository,
    CustomersService,
    CustomerHandlers,
    CustomerSignIn,
    AnonymousSession,
    CustomerTokens,
    StoreMembership,
  ],
  exports: [CustomersService],
})
export class CustomersModule {}
