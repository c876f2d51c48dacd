import { CustomerGroupResource } from '@commerce/contracts';
import { ReferenceResolver, engineProvider, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { CUSTOMER_GROUP_ENGINE, defineCustomerGroup } from './customer-group.definition.js';

@Module({
  controllers: [resourceRpcController(CustomerGroupResource, CUSTOMER_GROUP_ENGINE)],
  providers: [
    engineProvider(
      CUSTOMER_GROUP_ENGINE,
      (resolver: ReferenceResolver) => defineCustomerGroup({ resolver }),
      [ReferenceResolver],
    ),
  ],
})
export class CustomerGroupsModule {}
