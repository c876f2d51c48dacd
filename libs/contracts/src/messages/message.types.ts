import type { ClientLogging, Reference } from '../common/types.js';

export interface UserProvidedIdentifiers {
  key?: string;
  externalId?: string;
  orderNumber?: string;
  customerNumber?: string;
  sku?: string;
  slug?: Record<string, string>;
}

/** A Message (reference facts 3.4): the envelope, with the payload's fields flattened at top level. */
export interface Message {
  id: string;
  version: 1;
  sequenceNumber: number;
  resource: Reference;
  resourceVersion: number;
  resourceUserProvidedIdentifiers?: UserProvidedIdentifiers;
  type: string;
  createdAt: string;
  lastModifiedAt: string;
  createdBy?: ClientLogging;
  lastModifiedBy?: ClientLogging;
  [payload: string]: unknown;
}

/** What an action or a create/delete emits: the message type and its payload. */
export interface MessagePayload {
  type: string;
  [field: string]: unknown;
}
