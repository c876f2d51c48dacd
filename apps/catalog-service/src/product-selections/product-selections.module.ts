import { ProductSelectionResource } from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import { ReferenceResolver, engineProvider, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { AssignmentQueriesController } from './assignment-queries.controller.js';
import { PRODUCT_SELECTION_ENGINE, defineProductSelection } from './product-selection.definition.js';

@Module({
  controllers: [
    resourceRpcController(ProductSelectionResource, PRODUCT_SELECTION_ENGINE),
    AssignmentQueriesController,
  ],
  providers: [
    engineProvider(
      PRODUCT_SELECTION_ENGINE,
      (resolver: ReferenceResolver, rpc: RpcClient) => defineProductSelection({ resolver, rpc }),
      [ReferenceResolver, RpcClient],
    ),
  ],
})
export class ProductSelectionsModule {}
