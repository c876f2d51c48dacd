import type { ServiceName } from './services.js';
import { Events, type EventName } from './subjects.js';

/**
 * Who listens to which event. In NATS mode a subscription is enough; in the embedded mode the event bus
 * delivers each event to these services' TCP servers, so the table is the one place the wiring is declared.
 */
export const EVENT_LISTENERS: Record<EventName, readonly ServiceName[]> = {
  [Events.tokenRevoked]: ['api-gateway'],
  [Events.projectChanged]: ['api-gateway', 'stores-service', 'catalog-service'],
  [Events.storeChanged]: ['catalog-service'],
  [Events.catalogResourceCreated]: ['import-service'],
};

export interface TokenRevokedEvent {
  tokenHash: string;
}

export interface ProjectChangedEvent {
  projectKey: string;
}

export interface StoreChangedEvent {
  projectKey: string;
  storeKey: string;
}

/** A catalog resource was created: import operations waiting for its key may now resolve. */
export interface CatalogResourceCreatedEvent {
  projectKey: string;
  typeId: string;
  key: string;
}
