import { CategoryResource } from '@commerce/contracts';
import { ReferenceResolver, engineProvider, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { CATEGORY_ENGINE, defineCategory } from './category.definition.js';

@Module({
  controllers: [resourceRpcController(CategoryResource, CATEGORY_ENGINE)],
  providers: [
    engineProvider(CATEGORY_ENGINE, (resolver: ReferenceResolver) => defineCategory({ resolver }), [
      ReferenceResolver,
    ]),
  ],
})
export class CategoriesModule {}
