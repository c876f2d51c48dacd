import type { OperationId } from '@commerce/auth';
import { Subjects, type ResourceSubjects } from '@commerce/contracts';

type Operations<P extends string> = { get: `${P}.get` & OperationId; query: `${P}.query` & OperationId };

/** A top-level pair of GraphQL fields (`store` / `stores`) over one resource's subjects and operations. */
export interface GraphqlResource {
  single: string;
  list: string;
  subjects: Pick<ResourceSubjects, 'get' | 'query'>;
  operations: { get: OperationId; query: OperationId };
  /** API clients are read by id only. */
  idOnly?: true;
}

function resource<P extends string>(
  single: string,
  list: string,
  subjects: ResourceSubjects,
  operations: Operations<P>,
  idOnly?: true,
): GraphqlResource {
  return { single, list, subjects, operations, ...(idOnly ? { idOnly } : {}) };
}

/** The resources the query root reads; scopes come from the REST operation each field mirrors. */
export const QUERY_RESOURCES: readonly GraphqlResource[] = [
  resource('store', 'stores', Subjects.stores.store, { get: 'stores.get', query: 'stores.query' }),
  resource('channel', 'channels', Subjects.catalog.channel, { get: 'channels.get', query: 'channels.query' }),
  resource('customer', 'customers', Subjects.auth.customer, {
    get: 'customers.get',
    query: 'customers.query',
  }),
  resource('customerGroup', 'customerGroups', Subjects.catalog.customerGroup, {
    get: 'customerGroups.get',
    query: 'customerGroups.query',
  }),
  resource('productSelection', 'productSelections', Subjects.catalog.productSelection, {
    get: 'productSelections.get',
    query: 'productSelections.query',
  }),
  resource('productType', 'productTypes', Subjects.catalog.productType, {
    get: 'productTypes.get',
    query: 'productTypes.query',
  }),
  resource('product', 'products', Subjects.catalog.product, { get: 'products.get', query: 'products.query' }),
  resource('typeDefinition', 'typeDefinitions', Subjects.catalog.type, {
    get: 'types.get',
    query: 'types.query',
  }),
  resource(
    'apiClient',
    'apiClients',
    Subjects.auth.apiClient,
    { get: 'apiClients.get', query: 'apiClients.query' },
    true,
  ),
];

/** The operation that allows reading a resource of a reference's type, for nested reference fields. */
export const REFERENCE_READ: Readonly<Record<string, OperationId>> = {
  store: 'stores.get',
  channel: 'channels.get',
  'customer-group': 'customerGroups.get',
  'product-selection': 'productSelections.get',
  'product-type': 'productTypes.get',
  product: 'products.get',
  type: 'types.get',
  customer: 'customers.get',
};
