import { ExtensionResource } from '@commerce/contracts';
import { Module } from '@nestjs/common';
import { resourceController } from '../resources/resource-controller.js';

/** `/{projectKey}/extensions`, from the Extension's descriptor (auth-service owns them). */
export const ExtensionsController = resourceController(ExtensionResource);

@Module({ controllers: [ExtensionsController] })
export class ExtensionsModule {}
