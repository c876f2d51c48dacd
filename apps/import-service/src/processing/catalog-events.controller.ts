import { On } from '@commerce/messaging';
import { Events, type CatalogResourceCreatedEvent } from '@commerce/contracts';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { OperationsRepository } from '../operations/operations.repository.js';
import { ImportWorker } from './import-worker.js';

/** A created catalog resource makes the operations waiting for its key due at once. */
@Controller()
export class CatalogEventsController {
  constructor(
    private readonly db: DataSource,
    private readonly operations: OperationsRepository,
    private readonly worker: ImportWorker,
  ) {}

  @On(Events.catalogResourceCreated)
  async created(@Payload() event: CatalogResourceCreatedEvent) {
    if (
      typeof event?.projectKey !== 'string' ||
      typeof event.typeId !== 'string' ||
      typeof event.key !== 'string'
    )
      return;
    if ((await this.operations.wakeWaitingFor(this.db, event.projectKey, event.typeId, event.key)) > 0) {
      this.worker.wake();
    }
  }
}
