import type { Actor, Attribution } from '../context.js';

export type LocalizedString = Record<string, string>;

export interface Reference<T extends string = string> {
  typeId: T;
  id: string;
  obj?: unknown;
}

export interface ResourceIdentifier<T extends string = string> {
  typeId?: T;
  id?: string;
  key?: string;
}

export interface KeyReference<T extends string = string> {
  typeId: T;
  key: string;
}

/** `createdBy` / `lastModifiedBy` (beta client-logging fields). */
export interface ClientLogging {
  clientId?: string;
  externalUserId?: string;
  customer?: Reference<'customer'>;
  anonymousId?: string;
  attributedTo?: Attribution;
  isPlatformClient: boolean;
}

export interface BaseResource {
  id: string;
  version: number;
  createdAt: string;
  lastModifiedAt: string;
  createdBy?: ClientLogging;
  lastModifiedBy?: ClientLogging;
}

export interface CustomFields {
  type: Reference<'type'>;
  fields: Record<string, unknown>;
}

export interface PagedQueryResponse<T> {
  limit: number;
  offset: number;
  count: number;
  total?: number;
  results: T[];
}

/** The update request of every versioned resource. */
export interface UpdateRequest<A> {
  version: number;
  actions: A[];
}

export function clientLogging(actor: Actor): ClientLogging {
  const logging: ClientLogging = { isPlatformClient: false };
  if (actor.clientId) logging.clientId = actor.clientId;
  if (actor.externalUserId) logging.externalUserId = actor.externalUserId;
  if (actor.customerId) logging.customer = { typeId: 'customer', id: actor.customerId };
  if (actor.anonymousId) logging.anonymousId = actor.anonymousId;
  if (actor.attributedTo) logging.attributedTo = actor.attributedTo;
  return logging;
}
