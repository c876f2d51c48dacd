import { Module } from '@nestjs/common';
import { InStoreIntegrationController } from './in-store-integration.controller.js';
import { ProjectController } from './project.controller.js';

@Module({ controllers: [ProjectController, InStoreIntegrationController] })
export class ProjectModule {}
