import { Module } from '@nestjs/common';
import { TokensModule } from '../tokens/tokens.module.js';
import { CustomersController } from './customers.controller.js';
import { CustomersResolveController } from './customers-resolve.controller.js';
import { CustomersRepository } from './customers.repository.js';
import { CustomersService } from './customers.service.js';
import { StoreMembership } from './store-membership.js';

@Module({
  imports: [TokensModule],
  controllers: [CustomersController, CustomersResolveController],
  providers: [CustomersRepository, CustomersService, StoreMembership],
  exports: [CustomersService],
})
export class CustomersModule {}
