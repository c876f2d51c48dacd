import { StandalonePriceResource } from '@commerce/contracts';
import { ReferenceResolver, engineProvider, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { StandalonePriceImportController } from './standalone-price-import.js';
import { STANDALONE_PRICE_ENGINE, defineStandalonePrice } from './standalone-price.definition.js';

@Module({
  controllers: [
    resourceRpcController(StandalonePriceResource, STANDALONE_PRICE_ENGINE),
    StandalonePriceImportController,
  ],
  providers: [
    engineProvider(
      STANDALONE_PRICE_ENGINE,
      (resolver: ReferenceResolver) => defineStandalonePrice(resolver),
      [ReferenceResolver],
    ),
  ],
})
export class StandalonePricesModule {}
