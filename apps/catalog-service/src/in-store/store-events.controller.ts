import { On } from '@commerce/messaging';
import { Events, type StoreChangedEvent } from '@commerce/contracts';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { StoreSettingsCache } from './store-settings.cache.js';

/** stores-service announces each change of a Store: its cached configuration goes at once. */
@Controller()
export class StoreEventsController {
  constructor(private readonly stores: StoreSettingsCache) {}

  @On(Events.storeChanged)
  changed(@Payload() event: StoreChangedEvent) {
    if (typeof event?.projectKey === 'string' && typeof event.storeKey === 'string') {
      this.stores.invalidate(event.projectKey, event.storeKey);
    }
  }
}
