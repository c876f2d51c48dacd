import { ProductResource } from '@commerce/contracts';
import {
  MessageLog,
  ReferenceResolver,
  ResourceEngine,
  engineProvider,
  resourceRpcController,
} from '@commerce/resources';
import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PRODUCT_ENGINE, defineProduct } from './product.definition.js';
import { ReleasedImageFilesController } from './image-files/released-image-files.js';
import { ProductImageUploadController } from './product-image-upload.js';
import {
  PRODUCT_IMPORT_ENGINE,
  ProductPriceImportController,
  importPriceActions,
} from './product-price-import.js';

@Module({
  controllers: [
    resourceRpcController(ProductResource, PRODUCT_ENGINE),
    ProductPriceImportController,
    ProductImageUploadController,
    ReleasedImageFilesController,
  ],
  providers: [
    engineProvider(PRODUCT_ENGINE, (resolver: ReferenceResolver) => defineProduct({ resolver }), [
      ReferenceResolver,
    ]),
    {
      // The product's definition with the import's action only: not registered for resolve, not on HTTP.
      provide: PRODUCT_IMPORT_ENGINE,
      useFactory: (db: DataSource, log: MessageLog, resolver: ReferenceResolver) =>
        new ResourceEngine(db, log, {
          ...defineProduct({ resolver }),
          actions: importPriceActions,
          internalActions: true,
        }),
      inject: [DataSource, MessageLog, ReferenceResolver],
    },
  ],
})
export class ProductsModule {}
