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
