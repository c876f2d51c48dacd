import { Subjects } from '@commerce/contracts';
import { MessageLog, ResourceEngine, engineProvider, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PRODUCT_ENGINE, defineProduct } from './product.definition.js';
import {
  PRODUCT_IMPORT_ENGINE,
  ProductPriceImportController,
  importPriceActions,
} from './product-price-import.js';

@Module({
  controllers: [
    resourceRpcController(Subjects.catalog.product, PRODUCT_ENGINE),
    ProductPriceImportController,
  ],
  providers: [
    engineProvider(PRODUCT_ENGINE, () => defineProduct()),
    {
      // The product's definition with the import's action only: not registered for resolve, not on HTTP.
      provide: PRODUCT_IMPORT_ENGINE,
      useFactory: (db: DataSource, log: MessageLog) =>
        new ResourceEngine(db, log, { ...defineProduct(), actions: importPriceActions }),
      inject: [DataSource, MessageLog],
    },
  ],
})
export class ProductsModule {}
