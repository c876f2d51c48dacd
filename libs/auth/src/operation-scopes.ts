import { RESOURCE_DESCRIPTORS, type ResourceDescriptor } from '@commerce/contracts';

/**
 * The one table of what every data operation of the HTTP API needs; the engine's resources are derived from
 * their descriptors (`RESOURCE_DESCRIPTORS` of `@commerce/contracts`). The gateway's guard reads it for the
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

type ResourceOperationName = 'create' | 'query' | 'existsWhere' | 'get' | 'exists' | 'update' | 'delete';

/** The operations of the engine's resources, each derived from its descriptor (`@commerce/contracts`). */
type DescribedOperations = {
  [D in (typeof RESOURCE_DESCRIPTORS)[number] as `${D['name']}.${ResourceOperationName}`]: OperationScope;
};

function describedOperations(descriptors: readonly ResourceDescriptor[]): DescribedOperations {
  const entries = descriptors.map((d) =>
    resourceOperations(d.name, `/:projectKey/${d.path}`, d.view, d.manage, d.existsById),
  );
  return Object.assign({}, ...entries) as DescribedOperations;
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

/** Passwords, password-reset and e-mail-verification tokens of customers at `base`, and sign-in at `login`. */
function customerAccountOperations<P extends string>(prefix: P, base: string, login: string) {
  const view: readonly string[] = ['view_customers'];
  const manage: readonly string[] = ['manage_customers'];
  return {
    [`${prefix}.changePassword`]: { method: 'POST' as const, path: `${base}/password`, scopes: manage },
    [`${prefix}.resetPassword`]: { method: 'POST' as const, path: `${base}/password/reset`, scopes: manage },
    [`${prefix}.createPasswordToken`]: {
      method: 'POST' as const,
      path: `${base}/password-token`,
      scopes: manage,
    },
    [`${prefix}.getByPasswordToken`]: {
      method: 'GET' as const,
      path: `${base}/password-token=:token`,
      scopes: view,
    },
    [`${prefix}.createEmailToken`]: { method: 'POST' as const, path: `${base}/email-token`, scopes: manage },
    [`${prefix}.getByEmailToken`]: {
      method: 'GET' as const,
      path: `${base}/email-token=:token`,
      scopes: view,
    },
    [`${prefix}.confirmEmail`]: { method: 'POST' as const, path: `${base}/email/confirm`, scopes: manage },
    [`${prefix}.signIn`]: { method: 'POST' as const, path: login, scopes: manage },
  } as Record<
    `${P}.${
      | 'changePassword'
      | 'resetPassword'
      | 'createPasswordToken'
      | 'getByPasswordToken'
      | 'createEmailToken'
      | 'getByEmailToken'
      | 'confirmEmail'
      | 'signIn'}`,
    OperationScope
  >;
}

/** `/me` of a customer token, and sign-up and sign-in of oneself (with an anonymous or a client token). */
function meOperations<P extends string>(prefix: P, base: string) {
  const scopes: readonly string[] = ['manage_my_profile'];
  const customer = true as const;
  return {
    [`${prefix}.get`]: { method: 'GET' as const, path: base, scopes, customer },
    [`${prefix}.update`]: { method: 'POST' as const, path: base, scopes, customer },
    [`${prefix}.delete`]: { method: 'DELETE' as const, path: base, scopes, customer },
    [`${prefix}.changePassword`]: { method: 'POST' as const, path: `${base}/password`, scopes, customer },
    [`${prefix}.signUp`]: { method: 'POST' as const, path: `${base}/signup`, scopes },
    [`${prefix}.signIn`]: { method: 'POST' as const, path: `${base}/login`, scopes },
  } as Record<`${P}.${'get' | 'update' | 'delete' | 'changePassword' | 'signUp' | 'signIn'}`, OperationScope>;
}

/** The Import API (reference facts 5.1), served on the same host. */
function importOperations() {
  const containers = '/:projectKey/import-containers';
  const container = `${containers}/:importContainerKey`;
  const view = ['view_import_containers'];
  const manage = ['manage_import_containers'];
  return {
    'importContainers.create': { method: 'POST', path: containers, scopes: manage },
    'importContainers.query': { method: 'GET', path: containers, scopes: view },
    'importContainers.get': { method: 'GET', path: container, scopes: view },
    'importContainers.update': { method: 'PUT', path: container, scopes: manage },
    'importContainers.delete': { method: 'DELETE', path: container, scopes: manage },
    'importContainers.summaries': {
      method: 'GET',
      path: `${container}/import-summaries`,
      scopes: [...view, 'view_import_summaries'],
    },
    'importContainers.operations': { method: 'GET', path: `${container}/import-operations`, scopes: view },
    'importOperations.get': { method: 'GET', path: '/:projectKey/import-operations/:id', scopes: view },
    'prices.import': {
      method: 'POST',
      path: '/:projectKey/prices/import-containers/:importContainerKey',
      scopes: ['manage_products', ...manage],
    },
  } as const;
}

/** Product projections (published, or staged with `view_products` as well: the gateway checks it per request). */
function productProjectionOperations() {
  const base = '/:projectKey/product-projections';
  const scopes: readonly string[] = ['view_published_products', 'view_products'];
  return {
    'productProjections.search': { method: 'GET', path: `${base}/search`, scopes },
    'productProjections.searchByForm': { method: 'POST', path: `${base}/search`, scopes },
    'productProjections.query': { method: 'GET', path: base, scopes },
    'productProjections.existsWhere': { method: 'HEAD', path: base, scopes },
    'productProjections.get': { method: 'GET', path: `${base}/:idOrKey`, scopes },
    'productProjections.exists': { method: 'HEAD', path: `${base}/:idOrKey`, scopes },
  } as const satisfies Record<string, OperationScope>;
}

export const OPERATION_SCOPES = {
  'project.get': { method: 'GET', path: '/:projectKey', scopes: ['view_project_settings'] },
  'project.exists': { method: 'HEAD', path: '/:projectKey', scopes: ['view_project_settings'] },
  'project.update': { method: 'POST', path: '/:projectKey', scopes: ['manage_project_settings'] },
  // The platform's admin creates projects; auth-service allows it for the bootstrap project only.
  'projects.create': { method: 'POST', path: '/:projectKey/projects', scopes: ['manage_project'] },

  ...describedOperations(RESOURCE_DESCRIPTORS),

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

  'products.uploadImage': {
    method: 'POST',
    path: '/:projectKey/products/:idOrKey/images',
    scopes: ['manage_products'],
  },
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
  ...productProjectionOperations(),
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
  'customers.update': customers['customers.update'],
  'customers.delete': customers['customers.delete'],
  'inStore.customers.create': inStoreCustomers['inStore.customers.create'],
  'inStore.customers.query': inStoreCustomers['inStore.customers.query'],
  'inStore.customers.existsWhere': inStoreCustomers['inStore.customers.existsWhere'],
  'inStore.customers.get': inStoreCustomers['inStore.customers.get'],
  'inStore.customers.exists': inStoreCustomers['inStore.customers.exists'],
  'inStore.customers.update': inStoreCustomers['inStore.customers.update'],
  'inStore.customers.delete': inStoreCustomers['inStore.customers.delete'],
  ...customerAccountOperations('customers', '/:projectKey/customers', '/:projectKey/login'),
  ...customerAccountOperations('inStore.customers', `${IN_STORE}/customers`, `${IN_STORE}/login`),

  'inStoreIntegration.get': {
    method: 'GET',
    path: '/:projectKey/in-store-integration',
    scopes: ['manage_project'],
  },
  'inStoreIntegration.put': {
    method: 'PUT',
    path: '/:projectKey/in-store-integration',
    scopes: ['manage_project'],
  },
  'inStoreIntegration.delete': {
    method: 'DELETE',
    path: '/:projectKey/in-store-integration',
    scopes: ['manage_project'],
  },
  'inStoreIntegration.retrieveToken': {
    method: 'POST',
    path: '/:projectKey/in-store-integration/token-retrievals',
    scopes: ['manage_project'],
  },
  ...meOperations('me', '/:projectKey/me'),
  ...meOperations('inStore.me', `${IN_STORE}/me`),
  ...importOperations(),

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
