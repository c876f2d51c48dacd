/**
 * The one table of what every data operation of the HTTP API needs. The gateway's guard reads it for the
 * matched route, the route decorators name it (`@RequireScopes('customers.create')`), and the end-to-end
 * authorization matrix is generated from it, so a route added here is tested for 401 and 403 automatically.
 *
 * Rules applied to every entry: any one of `scopes` is enough; `manage_project:{projectKey}` always is;
 * `manage_x` implies `view_x`; a store scope (`x:{projectKey}:{storeKey}`) counts only on routes whose path
 * has `:storeKey`, and only for that Store.
 */
export interface OperationScope {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';
  /** The route as the gateway registers it (Fastify syntax). */
  path: string;
  scopes: readonly string[];
  /** The operation acts for the token's customer: it needs a `customer_id` (a customer token). */
  customer?: true;
}

const IN_STORE = '/:projectKey/in-store/key=:storeKey';

/** The routes of a resource at `base`: create, query, exists, get, update and delete by id or `key=`. */
function resourceOperations<P extends string>(
  prefix: P,
  base: string,
  view: readonly string[],
  manage: readonly string[],
  existsById: readonly string[] = [],
) {
  return {
    [`${prefix}.create`]: { method: 'POST', path: base, scopes: manage },
    [`${prefix}.query`]: { method: 'GET', path: base, scopes: view },
    [`${prefix}.existsWhere`]: { method: 'HEAD', path: base, scopes: view },
    [`${prefix}.get`]: { method: 'GET', path: `${base}/:idOrKey`, scopes: view },
    [`${prefix}.exists`]: { method: 'HEAD', path: `${base}/:idOrKey`, scopes: [...view, ...existsById] },
    [`${prefix}.update`]: { method: 'POST', path: `${base}/:idOrKey`, scopes: manage },
    [`${prefix}.delete`]: { method: 'DELETE', path: `${base}/:idOrKey`, scopes: manage },
  } as Record<
    `${P}.${'create' | 'query' | 'existsWhere' | 'get' | 'exists' | 'update' | 'delete'}`,
    OperationScope
  >;
}

const customers = resourceOperations(
  'customers',
  '/:projectKey/customers',
  ['view_customers'],
  ['manage_customers'],
);
const inStoreCustomers = resourceOperations(
  'inStore.customers',
  `${IN_STORE}/customers`,
  ['view_customers'],
  ['manage_customers'],
);

export const OPERATION_SCOPES = {
  'project.get': { method: 'GET', path: '/:projectKey', scopes: ['view_project_settings'] },
  'project.exists': { method: 'HEAD', path: '/:projectKey', scopes: ['view_project_settings'] },
  'project.update': { method: 'POST', path: '/:projectKey', scopes: ['manage_project_settings'] },

  ...resourceOperations('stores', '/:projectKey/stores', ['view_stores'], ['manage_stores'], ['view_states']),

  'messages.query': {
    method: 'GET',
    path: '/:projectKey/messages',
    scopes: ['view_messages', 'view_orders'],
  },
  'messages.existsWhere': {
    method: 'HEAD',
    path: '/:projectKey/messages',
    scopes: ['view_messages', 'view_orders'],
  },
  'messages.get': {
    method: 'GET',
    path: '/:projectKey/messages/:id',
    scopes: ['view_messages', 'view_orders'],
  },
  'messages.exists': {
    method: 'HEAD',
    path: '/:projectKey/messages/:id',
    scopes: ['view_messages', 'view_orders'],
  },

  ...resourceOperations(
    'channels',
    '/:projectKey/channels',
    ['view_channels', 'view_products'],
    ['manage_channels', 'manage_products'],
  ),
  ...resourceOperations(
    'customerGroups',
    '/:projectKey/customer-groups',
    ['view_customer_groups'],
    ['manage_customer_groups'],
  ),
  ...resourceOperations('types', '/:projectKey/types', ['view_types'], ['manage_types']),
  ...resourceOperations('productTypes', '/:projectKey/product-types', ['view_products'], ['manage_products']),
  ...resourceOperations('products', '/:projectKey/products', ['view_products'], ['manage_products']),
  ...resourceOperations(
    'productSelections',
    '/:projectKey/product-selections',
    ['view_product_selections'],
    ['manage_product_selections'],
  ),
  'productSelections.products': {
    method: 'GET',
    path: '/:projectKey/product-selections/:idOrKey/products',
    scopes: ['view_product_selections'],
  },
  'products.productSelections': {
    method: 'GET',
    path: '/:projectKey/products/:idOrKey/product-selections',
    scopes: ['view_product_selections', 'view_products'],
  },
  'inStore.productProjections.get': {
    method: 'GET',
    path: `${IN_STORE}/product-projections/:idOrKey`,
    scopes: ['view_published_products', 'view_products'],
  },
  'inStore.productProjections.exists': {
    method: 'HEAD',
    path: `${IN_STORE}/product-projections/:idOrKey`,
    scopes: ['view_published_products', 'view_products'],
  },
  'inStore.productSelectionAssignments.query': {
    method: 'GET',
    path: `${IN_STORE}/product-selection-assignments`,
    scopes: ['view_product_selections'],
  },

  'apiClients.create': { method: 'POST', path: '/:projectKey/api-clients', scopes: ['manage_api_clients'] },
  'apiClients.query': { method: 'GET', path: '/:projectKey/api-clients', scopes: ['view_api_clients'] },
  'apiClients.existsWhere': {
    method: 'HEAD',
    path: '/:projectKey/api-clients',
    scopes: ['view_api_clients'],
  },
  'apiClients.get': { method: 'GET', path: '/:projectKey/api-clients/:id', scopes: ['view_api_clients'] },
  'apiClients.exists': { method: 'HEAD', path: '/:projectKey/api-clients/:id', scopes: ['view_api_clients'] },
  'apiClients.delete': {
    method: 'DELETE',
    path: '/:projectKey/api-clients/:id',
    scopes: ['manage_api_clients'],
  },

  'customers.create': customers['customers.create'],
  'customers.query': customers['customers.query'],
  'customers.existsWhere': customers['customers.existsWhere'],
  'customers.get': customers['customers.get'],
  'customers.exists': customers['customers.exists'],
  'customers.delete': customers['customers.delete'],
  'inStore.customers.create': inStoreCustomers['inStore.customers.create'],
  'inStore.customers.query': inStoreCustomers['inStore.customers.query'],
  'inStore.customers.existsWhere': inStoreCustomers['inStore.customers.existsWhere'],
  'inStore.customers.get': inStoreCustomers['inStore.customers.get'],
  'inStore.customers.exists': inStoreCustomers['inStore.customers.exists'],
  'inStore.customers.delete': inStoreCustomers['inStore.customers.delete'],

  'me.get': { method: 'GET', path: '/:projectKey/me', scopes: ['manage_my_profile'], customer: true },
  'inStore.me.get': { method: 'GET', path: `${IN_STORE}/me`, scopes: ['manage_my_profile'], customer: true },

  'insightsConfiguration.get': {
    method: 'GET',
    path: '/:projectKey/insights-configuration',
    scopes: ['manage_project'],
  },
  'insightsConfiguration.put': {
    method: 'PUT',
    path: '/:projectKey/insights-configuration',
    scopes: ['manage_project'],
  },
  'insightsConfiguration.update': {
    method: 'POST',
    path: '/:projectKey/insights-configuration',
    scopes: ['manage_project'],
  },
  'insightsConfiguration.delete': {
    method: 'DELETE',
    path: '/:projectKey/insights-configuration',
    scopes: ['manage_project'],
  },
} as const satisfies Record<string, OperationScope>;

export type OperationId = keyof typeof OPERATION_SCOPES;

const BY_ROUTE = new Map<string, OperationScope>(
  Object.values(OPERATION_SCOPES).map((operation: OperationScope) => [
    `${operation.method} ${operation.path}`,
    operation,
  ]),
);

/** The table's entry for a matched route, if it has one. */
export function operationForRoute(method: string, path: string): OperationScope | undefined {
  return BY_ROUTE.get(`${method.toUpperCase()} ${path}`);
}

export function isOperationId(value: string): value is OperationId {
  return Object.hasOwn(OPERATION_SCOPES, value);
}
