import { SetCustomFieldAction, SetCustomTypeAction } from '../common/dto.js';
import type { IdOrKey } from '../common/identifiers.js';
import type { Rpc } from '../context.js';
import type { RequestOf, ResourcePrefix, ResponseOf, Subject, WireQuery } from '../contract-map.js';
import type { PagedQueryResponse } from '../common/types.js';
import type { ClassConstructor } from '../dto-transform.js';
import type { ServiceName } from '../services.js';
import type { ResourceShape } from '../shapes/shape.js';
import type { ResourceSubjects } from '../subjects.js';

/** The standard operations of a resource in a collection: `POST /x`, `GET /x`, `HEAD /x`, and by one resource. */
export const COLLECTION_OPERATIONS = [
  'create',
  'query',
  'existsWhere',
  'get',
  'exists',
  'update',
  'delete',
] as const;
export type CollectionOperation = (typeof COLLECTION_OPERATIONS)[number];

/** The operations of a singleton (one per project, at the resource's path itself). */
export const SINGLETON_OPERATIONS = ['get', 'put', 'update', 'delete'] as const;
export type SingletonOperation = (typeof SINGLETON_OPERATIONS)[number];

export type DescribedOperation = CollectionOperation | SingletonOperation;

/** The update actions of a resource by name, each with the DTO it is validated with. */
export type ActionTable = Readonly<Record<string, ClassConstructor<object>>>;

/** `setCustomType` and `setCustomField`, the same on every resource with custom fields (`customFields: true`). */
export const CUSTOM_FIELD_ACTIONS = {
  setCustomType: SetCustomTypeAction,
  setCustomField: SetCustomFieldAction,
} as const;

/**
 * How one resource of a collection is addressed below its path: by `/{id}` or `/key={key}` (the default),
 * by `/{id}` only, by its key as the named route parameter (`/{importContainerKey}`), or by `/{id}` or a
 * prefixed identifier other than a key (Orders: `/order-number={orderNumber}`, carried as the key).
 */
export type Identity = 'idOrKey' | 'id' | { key: string } | { idOrPrefixed: string };

/** The subjects whose contract accepts payload `P` (its request type is met by `P`) and answers an `R`. */
export type SubjectAccepting<P, R = object> = {
  [S in Subject]: P extends RequestOf<S> ? (ResponseOf<S> extends R ? S : never) : never;
}[Subject];

/** Fields a create route sends besides the draft (`ResourceHooks.create`: API clients add the caller's scopes). */
export interface CreateExtras {
  callerScopes?: readonly string[];
}

/**
 * What the described routes send for each wire operation (`ResourceClient` in the gateway), one resource
 * addressed by `ref` in a collection, none for a singleton.
 */
export interface RoutePayloads {
  create: Rpc<{ draft: unknown } & CreateExtras>;
  get: Rpc<{ ref: IdOrKey }>;
  query: Rpc<{ query: WireQuery }>;
  exists: Rpc<{ ref?: IdOrKey; query: WireQuery }>;
  update: Rpc<{ ref: IdOrKey; update: unknown }>;
  put: Rpc<{ draft: unknown }>;
  delete: Rpc<{ ref: IdOrKey; version: number }>;
  /** A singleton's get and delete, a delete without a version. */
  singleton: Rpc<object>;
  unversionedDelete: Rpc<{ ref: IdOrKey }>;
  singletonUpdate: Rpc<{ update: unknown }>;
}

/**
 * The subjects a resource's owner answers, by the wire operation they serve: each one's contract must accept
 * what the routes send for it, so a descriptor naming a subject whose request differs fails to compile at
 * `describe({...})`, and the gateway sends without a cast.
 */
export interface DescriptorSubjects {
  readonly create?: SubjectAccepting<RoutePayloads['create']>;
  readonly get?: SubjectAccepting<RoutePayloads['get']> | SubjectAccepting<RoutePayloads['singleton']>;
  readonly query?: SubjectAccepting<RoutePayloads['query'], PagedQueryResponse<unknown>>;
  readonly exists?: SubjectAccepting<RoutePayloads['exists'], boolean>;
  readonly update?:
    SubjectAccepting<RoutePayloads['update']> | SubjectAccepting<RoutePayloads['singletonUpdate']>;
  readonly put?: SubjectAccepting<RoutePayloads['put']>;
  readonly delete?:
    | SubjectAccepting<RoutePayloads['delete']>
    | SubjectAccepting<RoutePayloads['unversionedDelete']>
    | SubjectAccepting<RoutePayloads['singleton']>;
}

/**
 * Everything the platform knows about one resource, declared once. The gateway's routes
 * (`resourceController`), the operation table and so the scope checks and the OpenAPI document
 * (`@commerce/auth`), the update-action unions (`UPDATE_ACTIONS`) and the owning service's handlers are
 * derived from it.
 */
export interface Descriptor<N extends string = string> {
  /** The operations' names in the operation table: `<name>.create`, `<name>.get`, ... */
  name: N;
  /** The path below `/{projectKey}/`. */
  path: string;
  /** The resource's type id (`store`): the key of its update actions in `UPDATE_ACTIONS`. */
  typeId: string;
  /** The service that owns the resource and answers its subjects. */
  owner: ServiceName;
  subjects: DescriptorSubjects;
  /** What the resource looks like in answers (`<resource>.shape.ts`): its type, query schema, OpenAPI and GraphQL. */
  shape?: ResourceShape;
  /** What a create answers when it is not `shape` (an API client's create, the only answer with its secret). */
  created?: ResourceShape;
  /**
   * `false`: no GraphQL `Query` fields although its shape is readable (the live GraphQL API has no Import API);
   * the fields' names, when not derived, are the shape's (`graphqlQuery`).
   */
  graphql?: false;
  /** The draft DTO: the owner validates creates (and a singleton's PUT) with it. */
  draft: ClassConstructor<object>;
  /** The update actions by name with their DTOs (required wherever there is an update-action route). */
  actions?: ActionTable;
  /** The resource has custom fields: `setCustomType` and `setCustomField` join its actions. */
  customFields?: true;
  /** Scopes that allow reading; any one is enough (`manage_x` implies `view_x`). */
  view: readonly string[];
  /** Scopes that allow writing. */
  manage: readonly string[];
  /** Extra scopes accepted by HEAD by id (the spec lists `view_states` for Stores). */
  existsById?: readonly string[];
  /** How one resource is addressed (default `/{id}` or `/key={key}`). */
  identity?: Identity;
  /** The operations it has, when not all of its form's (API clients have no update). */
  operations?: readonly DescribedOperation[];
  /** One per project at `path` itself (get, put, update, delete) instead of a collection. */
  singleton?: true;
  /**
   * Also served in a Store, at `/{projectKey}/in-store/key={storeKey}/<path>` as `inStore.<name>.*`: all its
   * operations, or only those listed (discount codes are read-only in a Store).
   */
  inStore?: true | { operations: readonly DescribedOperation[] };
  /** An update that is not `POST {version, actions}`: its method and body (import containers PUT a draft). */
  update?: { method: 'POST' | 'PUT'; body: ClassConstructor<object> };
  /** `false` when deleting takes no `?version=` (API clients, import containers). */
  versioned?: false;
  /** The gateway validates request bodies as well before forwarding them (the owner validates them again). */
  validateAtEdge?: true;
}

/** A resource of the shared engine (`@commerce/resources`): the six subjects of its prefix. */
export interface ResourceDescriptor<
  P extends ResourcePrefix = ResourcePrefix,
  N extends string = string,
> extends Descriptor<N> {
  subjects: ResourceSubjects<P>;
}

/** Checks a descriptor against the model and keeps its literal types (names, operations, flags). */
export function describe<const D extends Descriptor>(descriptor: D): D {
  return descriptor;
}

/** The operations a descriptor declares. */
export type OperationsOf<D> = D extends { operations: readonly (infer O)[] }
  ? O
  : D extends { singleton: true }
    ? SingletonOperation
    : CollectionOperation;

export function operationsOf(descriptor: Descriptor): readonly DescribedOperation[] {
  return descriptor.operations ?? (descriptor.singleton ? SINGLETON_OPERATIONS : COLLECTION_OPERATIONS);
}

/** The operations a descriptor declares in a Store (`inStore`). */
export type InStoreOperationsOf<D> = D extends {
  inStore: { operations: readonly (infer O extends DescribedOperation)[] };
}
  ? O
  : D extends { inStore: true }
    ? OperationsOf<D>
    : never;

/** The operations a Store serves of a resource: none, all of them, or those its `inStore` lists. */
export function inStoreOperationsOf(descriptor: Descriptor): readonly DescribedOperation[] {
  if (!descriptor.inStore) return [];
  return descriptor.inStore === true ? operationsOf(descriptor) : descriptor.inStore.operations;
}

/** The route parameter that addresses one resource of a collection (`idOrKey`, `id`, `importContainerKey`). */
export function identityParam(identity: Identity = 'idOrKey'): string {
  if (typeof identity === 'string') return identity;
  return 'key' in identity ? identity.key : 'idOrKey';
}

/** A descriptor's update actions in full: its own table, and the custom-fields pair where it has them. */
export type FullActionsOf<D> = D extends { actions: infer A }
  ? D extends { customFields: true }
    ? A & typeof CUSTOM_FIELD_ACTIONS
    : A
  : never;

export function fullActionsOf(descriptor: Descriptor): ActionTable | undefined {
  if (!descriptor.actions) return undefined;
  return descriptor.customFields ? { ...descriptor.actions, ...CUSTOM_FIELD_ACTIONS } : descriptor.actions;
}
