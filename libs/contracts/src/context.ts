/** Who made a request: written into `createdBy` / `lastModifiedBy` (client-logging fields). */
export interface Actor {
  clientId?: string;
  externalUserId?: string;
  customerId?: string;
  anonymousId?: string;
  /** Set when the change is made on behalf of the import (`lastModifiedBy.attributedTo`). */
  attributedTo?: Attribution;
}

/** What a change was made on behalf of (`Attribution.source`). */
export const ATTRIBUTION_SOURCES = ['Import', 'Export'] as const;

export interface Attribution {
  clientId?: string;
  source: (typeof ATTRIBUTION_SOURCES)[number];
}

/** Travels with every request between services: the tenant first, always. */
export interface RequestContext {
  projectKey: string;
  correlationId: string;
  actor: Actor;
  /** Set on `/in-store/key={storeKey}/...` routes. */
  storeKey?: string;
  /**
   * The permissions the owning service checks itself that the token holds (`SERVICE_CHECKED_PERMISSIONS` in
   * libs/auth: `manage_locked_carts`); absent when it holds none.
   */
  privileges?: readonly string[];
  /**
   * When nobody waits for the answer any more (epoch milliseconds, set by the gateway from its request
   * timeout and passed on unchanged by every hop). Work found past it is dropped before anything is written.
   */
  deadline?: number;
}

/** The deadline a request payload carries (`ctx.deadline`, or `deadline` on payloads without a context). */
export function deadlineOf(payload: unknown): number | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { ctx, deadline } = payload as { ctx?: { deadline?: unknown }; deadline?: unknown };
  const value = ctx?.deadline ?? deadline;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The payload of every RPC: the context plus the operation's arguments. */
export type Rpc<T = object> = { ctx: RequestContext } & T;
