import { engineProvider } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { CUSTOM_OBJECT_ENGINE, defineCustomObject } from './custom-object.definition.js';
import { CustomObjectsController } from './custom-objects.controller.js';
import { CustomObjectsService } from './custom-objects.service.js';

@Module({
  controllers: [CustomObjectsController],
  providers: [engineProvider(CUSTOM_OBJECT_ENGINE, () => defineCustomObject()), CustomObjectsService],
})
export class CustomObjectsModule {}
