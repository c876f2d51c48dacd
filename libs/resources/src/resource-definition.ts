import type {
  BaseResource,
  MessagePayload,
  RequestContext,
  UserProvidedIdentifiers,
} from '@commerce/contracts';
import type { DocumentTable } from '@commerce/persistence';
import type { ClassConstructor } from '@commerce/contracts';
import type { ActionContext, ActionTable, TransactionWork } from './update-actions.js';

export type VersionedResource = BaseResource & { key?: string };

/** The resource's own fields: everything but id, version, timestamps and client-logging fields. */
export type ResourceFields<T extends VersionedResource> = Omit<T, keyof BaseResource>;

/** What a committed write was: `previous` is the resource before an update. */
export interface CommitContext<T> {
  ctx: RequestContext;
  change: 'created' | 'updated' | 'deleted';
  previous?: T;
}

/** Everything that makes one resource type: the rest (versioning, messages, queries) is shared. */
export interface ResourceDefinition<T extends VersionedResource, D extends object> {
  typeId: string;
  table: DocumentTable<T>;
  draft: ClassConstructor<D>;
  actions: ActionTable<T>;
  /**
   * The actions are the service's own (an engine no client reaches, e.g. the price import's); otherwise they
   * must be the documented union of the type (contracts `UPDATE_ACTIONS`), checked at construction.
   */
  internalActions?: true;
  /** Builds the resource's fields from a validated draft (before the write transaction): checks references, applies defaults. */
  build(draft: D, context: ActionContext): Promise<ResourceFields<T>> | ResourceFields<T>;
  /**
   * Writes a create needs besides the document (a side table, e.g. sealed secrets kept out of it), run in the
   * create's transaction after the row is inserted.
   */
  createWrite?(resource: T, draft: D, context: ActionContext): TransactionWork | undefined;
  createdMessage?(resource: T): MessagePayload;
  deletedMessage?(resource: T): MessagePayload;
  /**
   * Runs before the delete's transaction, e.g. to refuse with `ReferenceExists`. May return work to do in
   * that transaction after the row is gone (a cascade to other tables).
   */
  beforeDelete?(resource: T, context: ActionContext): Promise<void | TransactionWork>;
  /**
   * Runs after a create, update or delete committed (cache invalidation events), with the resource as it was
   * before an update. Failures are logged.
   */
  afterCommit?(resource: T, context: CommitContext<T>): Promise<void>;
  /** `resourceUserProvidedIdentifiers` of its Messages; the key by default. */
  identifiers?(resource: T): UserProvidedIdentifiers;
}
