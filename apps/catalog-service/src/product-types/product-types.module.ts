import { ProductTypeResource } from '@commerce/contracts';
import { engineProvider, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { PRODUCT_TYPE_ENGINE, defineProductType } from './product-type.definition.js';

@Module({
  controllers: [resourceRpcController(ProductTypeResource, PRODUCT_TYPE_ENGINE)],
  providers: [engineProvider(PRODUCT_TYPE_ENGINE, () => defineProductType())],
})
export class ProductTypesModule {}
