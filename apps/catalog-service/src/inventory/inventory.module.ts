import { InventoryEntryResource } from '@commerce/contracts';
import { MessageLog, ReferenceResolver, engineProvider, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InventoryImportController } from './inventory-import.js';
import { INVENTORY_ENGINE, defineInventoryEntry } from './inventory-entry.definition.js';
import { InventoryReservationsController } from './inventory-reservations.controller.js';
import { InventoryReservations } from './inventory-reservations.js';
import { ReservationSweeper } from './reservation-sweeper.js';

@Module({
  controllers: [
    resourceRpcController(InventoryEntryResource, INVENTORY_ENGINE),
    InventoryReservationsController,
    InventoryImportController,
  ],
  providers: [
    engineProvider(INVENTORY_ENGINE, (resolver: ReferenceResolver) => defineInventoryEntry({ resolver }), [
      ReferenceResolver,
    ]),
    {
      provide: InventoryReservations,
      useFactory: (db: DataSource, log: MessageLog) => new InventoryReservations(db, log),
      inject: [DataSource, MessageLog],
    },
    ReservationSweeper,
  ],
})
export class InventoryModule {}
