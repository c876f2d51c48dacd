import { Module } from '@nestjs/common';
import { InStoreController } from './in-store.controller.js';
import { InStoreService } from './in-store.service.js';
import { StoreEventsController } from './store-events.controller.js';
import { StoreSettingsCache } from './store-settings.cache.js';

@Module({
  controllers: [InStoreController, StoreEventsController],
  providers: [InStoreService, StoreSettingsCache],
})
export class InStoreModule {}
