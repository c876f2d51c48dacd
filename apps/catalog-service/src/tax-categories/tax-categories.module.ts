import { TaxCategoryResource } from '@commerce/contracts';
import { engineProvider, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { TAX_CATEGORY_ENGINE, defineTaxCategory } from './tax-category.definition.js';

@Module({
  controllers: [resourceRpcController(TaxCategoryResource, TAX_CATEGORY_ENGINE)],
  providers: [engineProvider(TAX_CATEGORY_ENGINE, () => defineTaxCategory())],
})
export class TaxCategoriesModule {}
