import type { OperationId } from '@commerce/auth';
import {
  ChannelResource,
  CustomerResource,
  ApiClientResource,
  CustomerGroupResource,
  ProductResource,
  ProductSelectionResource,
  ProductTypeResource,
  ReviewResource,
  StoreResource,
  TypeResource,
  type ClassConstructor,
  type DocumentedResourceType,
  type ReadablePrefix,
  type ResourceDescriptor,
  type ResourceSubjects,
} from '@commerce/contracts';

/** A top-level pair of GraphQL fields (`store` / `stores`) over one resource's subjects and operations. */
export interface GraphqlResource {
  single: string;
  list: string;
  typeId: string;
  subjects: Pick<ResourceSubjects<ReadablePrefix>, 'get' | 'query'>;
  operations: { get: OperationId; query: OperationId };
  /** API clients are read by id only. */
  idOnly?: true;
}

/** A pair of fields over a resource, from its descriptor: its subjects, operations and identity. */
function described(
  single: string,
  list: string,
  descriptor: Pick<ResourceDescriptor, 'name' | 'typeId' | 'identity'> & {
    subjects: Pick<ResourceSubjects<ReadablePrefix>, 'get' | 'query'>;
  },
): GraphqlResource {
  const operation = (name: 'get' | 'query') => `${descriptor.name}.${name}` as OperationId;
  return {
    single,
    list,
    typeId: descriptor.typeId,
    subjects: descriptor.subjects,
    operations: { get: operation('get'), query: operation('query') },
    ...(descriptor.identity === 'id' ? { idOnly: true as const } : {}),
  };
}

/** The resources the query root reads; scopes come from the REST operation each field mirrors. */
export const QUERY_RESOURCES: readonly GraphqlResource[] = [
  described('store', 'stores', StoreResource),
  described('channel', 'channels', ChannelResource),
  described('customer', 'customers', CustomerResource),
  described('customerGroup', 'customerGroups', CustomerGroupResource),
  described('productSelection', 'productSelections', ProductSelectionResource),
  described('productType', 'productTypes', ProductTypeResource),
  described('product', 'products', ProductResource),
  described('typeDefinition', 'typeDefinitions', TypeResource),
  described('review', 'reviews', ReviewResource),
  described('apiClient', 'apiClients', ApiClientResource),
];

/** The operation that allows reading a resource of a reference's type, for nested reference fields. */
export const REFERENCE_READ: Readonly<Record<string, OperationId>> = Object.fromEntries(
  QUERY_RESOURCES.map((resource) => [resource.typeId, resource.operations.get]),
);

/**
 * A resource the Mutation root writes: its GraphQL name (`createStore`, `StoreUpdateAction`), its draft DTO and
 * the live schema's name of the draft input, and its update actions (all of `UPDATE_ACTIONS[typeId]`). The input
 * types are generated from these (`schema/inputs.sdl.ts`).
 */
export interface WritableResource {
  name: string;
  typeId: DocumentedResourceType;
  draft: ClassConstructor<object>;
  draftInput: string;
}

/** A writable resource of the engine: `createX`, `updateX` and `deleteX` over its descriptor's subjects. */
export interface EngineWritable extends WritableResource {
  descriptor: ResourceDescriptor;
}

function writable(
  name: string,
  descriptor: ResourceDescriptor & { typeId: DocumentedResourceType },
  draftInput: string,
): EngineWritable {
  return { name, typeId: descriptor.typeId, draft: descriptor.draft, draftInput, descriptor };
}

export const ENGINE_WRITES: readonly EngineWritable[] = [
  writable('Store', StoreResource, 'CreateStore'),
  writable('Channel', ChannelResource, 'ChannelDraft'),
  writable('CustomerGroup', CustomerGroupResource, 'CustomerGroupDraft'),
  writable('Review', ReviewResource, 'ReviewDraft'),
];

/** Customers: `customerSignUp`, `updateCustomer`, `deleteCustomer` (with an optional `storeKey`). */
export const CUSTOMER_WRITES: WritableResource = {
  name: 'Customer',
  typeId: CustomerResource.typeId,
  draft: CustomerResource.draft,
  draftInput: 'CustomerSignUpDraft',
};
