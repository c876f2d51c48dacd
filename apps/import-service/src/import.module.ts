import { Module } from '@nestjs/common';
import { IMPORT_CONFIG, loadImportConfig } from './config.js';
import { ContainersController } from './containers/containers.controller.js';
import { ContainersRepository } from './containers/containers.repository.js';
import { ContainersService } from './containers/containers.service.js';
import { OperationsController } from './operations/operations.controller.js';
import { OperationsRepository } from './operations/operations.repository.js';
import { OperationsService } from './operations/operations.service.js';
import { CatalogEventsController } from './processing/catalog-events.controller.js';
import { ImportCleanup } from './processing/import-cleanup.js';
import { ImportWorker } from './processing/import-worker.js';

@Module({
  controllers: [ContainersController, OperationsController, CatalogEventsController],
  providers: [
    { provide: IMPORT_CONFIG, useFactory: loadImportConfig },
    ContainersRepository,
    OperationsRepository,
    ContainersService,
    OperationsService,
    ImportWorker,
    ImportCleanup,
  ],
})
export class ImportModule {}
