import { Subjects } from '@commerce/contracts';
import { ReferenceResolver, engineProvider, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { PRODUCT_ENGINE, defineProduct } from './product.definition.js';

@Module({
  controllers: [resourceRpcController(Subjects.catalog.product, PRODUCT_ENGINE)],
  providers: [
    engineProvider(PRODUCT_ENGINE, (resolver: ReferenceResolver) => defineProduct({ resolver }), [
      ReferenceResolver,
    ]),
  ],
})
export class ProductsModule {}
