import { objectStorageOf, type ObjectStorage } from '@commerce/storage';
import { Module } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ImageFilesController } from './image-files.controller.js';
import { ImageFileSweeper } from './image-file-sweeper.js';
import { ImageFilesService } from './image-files.service.js';
import { ProductImagesController } from './product-images.controller.js';
import { OBJECT_STORAGE, ProductImagesService } from './product-images.service.js';

/** Product image uploads and the public image files (docs/DEPLOY.md, "Object storage"). */
@Module({
  controllers: [ProductImagesController, ImageFilesController],
  providers: [
    {
      provide: OBJECT_STORAGE,
      useFactory: (config: GatewayConfig): Promise<ObjectStorage> => objectStorageOf(config),
      inject: [GATEWAY_CONFIG],
    },
    ProductImagesService,
    ImageFilesService,
    ImageFileSweeper,
  ],
})
export class ImagesModule {}
