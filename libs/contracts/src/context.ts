/** Who made a request: written into `createdBy` / `lastModifiedBy` (client-logging fields). */
export interface Actor {
  clientId?: string;
  externalUserId?: string;
  customerId?: string;
  anonymousId?: string;
  /** Set when the change is made on behalf of the import (`lastModifiedBy.attributedTo`). */
  attributedTo?: Attribution;
}

export interface Attribution {
  clientId?: string;
  source: 'Import' | 'Export';
}

/** Travels with every request between services: the tenant first, always. */
export interface RequestContext {
  projectKey: string;
  correlationId: string;
  actor: Actor;
  /** Set on `/in-store/key={storeKey}/...` routes. */
  storeKey?: string;
}

/** The payload of every RPC: the context plus the operation's arguments. */
export type Rpc<T = object> = { ctx: RequestContext } & T;
