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
