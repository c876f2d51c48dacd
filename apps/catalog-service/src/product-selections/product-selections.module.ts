import { ProductSelectionResource } from '@commerce/contracts';
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
      (resolver: ReferenceResolver) => defineProductSelection({ resolver }),
      [ReferenceResolver],
    ),
  ],
})
export class ProductSelectionsModule {}
