import {
  CartResource,
  CustomerResource,
  ImportContainerResource,
  ImportOperationShape,
  ImportResponseShape,
  ImportSummaryShape,
  InventoryEntryResource,
  OrderEditResource,
  OrderEditShape,
  ProductProjectionShape,
  RESOURCE_DESCRIPTORS,
  ShippingMethodResource,
  StandalonePriceResource,
  identityParam,
  inStoreOperationsOf,
  operationsOf,
  type DescribedOperation,
  type Descriptor,
  type InStoreOperationsOf,
  type ObjectShape,
  type OperationsOf,
  type ResourceShape,
} from '@commerce/contracts';

/**
 * The one table of what every data operation of the HTTP API needs. Every resource's standard operations are
 * derived from its descriptor (`RESOURCE_DESCRIPTORS` of `@commerce/contracts`); the other routes are written
 * here, once. The gateway's guard reads it for the matched route, the routes are declared by it
 * (`@Operation('customers.signIn')`, `resourceController(descriptor)`), and the end-to-end authorization
 * matrix is generated from it, so a route added here is tested for 401 and 403 automatically.
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
  /** The operation acts for the token's customer or anonymous session: it needs `customer_id` or `anonymous_id`. */
  session?: true;
  /** The body may be form-encoded (`application/x-www-form-urlencoded`) as well as JSON. */
  form?: true;
  /**
   * What it answers (a page of them for a paged kind), when it is not a standard operation of a described
   * resource: the OpenAPI response schema (`ImportSummaryShape`).
   */
  answers?: ResourceShape | ObjectShape;
}

const IN_STORE = '/:projectKey/in-store/key=:storeKey';

/** Where one described operation is: method and path below `base` (the resource's path), and its scopes. */
function describedRoute(descriptor: Descriptor, operation: DescribedOperation, base: string): OperationScope {
  const { view, manage, existsById = [] } = descriptor;
  const one = descriptor.singleton ? base : `${base}/:${identityParam(descriptor.identity)}`;
  const routes: Record<DescribedOperation, OperationScope> = {
    create: { method: 'POST', path: base, scopes: manage },
    query: { method: 'GET', path: base, scopes: view },
    existsWhere: { method: 'HEAD', path: base, scopes: view },
    get: { method: 'GET', path: one, scopes: view },
    exists: { method: 'HEAD', path: one, scopes: [...view, ...existsById] },
    update: { method: descriptor.update?.method ?? 'POST', path: one, scopes: manage },
    put: { method: 'PUT', path: base, scopes: manage },
    delete: { method: 'DELETE', path: one, scopes: manage },
  };
  return routes[operation];
}

type Described = (typeof RESOURCE_DESCRIPTORS)[number];
/** The operation ids of one descriptor: `<name>.<operation>`, and `inStore.<name>.<operation>` where in a Store. */
type DescribedIds<D> = D extends Descriptor
  ? `${D['name']}.${OperationsOf<D>}` | `inStore.${D['name']}.${InStoreOperationsOf<D>}`
  : never;
type DescribedOperations = { [Id in DescribedIds<Described>]: OperationScope };

/**
 * The standard operations of every resource, each derived from its descriptor (`@commerce/contracts`): the
 * operations it has, at its path (and in a Store where it is served there), with its view and manage scopes.
 */
export function describedOperations(descriptors: readonly Descriptor[]): DescribedOperations {
  const entries = descriptors.flatMap((descriptor) => {
    const at = (prefix: string, base: string, operations: readonly DescribedOperation[]) =>
      operations.map((operation) => [
        `${prefix}${descriptor.name}.${operation}`,
        describedRoute(descriptor, operation, `${base}/${descriptor.path}`),
      ]);
    return [
      ...at('', '/:projectKey', operationsOf(descriptor)),
      ...at('inStore.', IN_STORE, inStoreOperationsOf(descriptor)),
    ];
  });
  return Object.fromEntries(entries) as DescribedOperations;
}

/** Passwords, password-reset and e-mail-verification tokens of customers at `base`, and sign-in at `login`. */
function customerAccountOperations<P extends string>(prefix: P, base: string, login: string) {
  const { view, manage }: { view: readonly string[]; manage: readonly string[] } = CustomerResource;
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

/** `/me/payments` (checkout facts 1, 2): the token's customer's or anonymous session's own payments. */
function myPaymentOperations() {
  const base = '/:projectKey/me/payments';
  const scopes: readonly string[] = ['manage_my_payments'];
  const session = true as const;
  return {
    'myPayments.create': { method: 'POST' as const, path: base, scopes, session },
    'myPayments.query': { method: 'GET' as const, path: base, scopes, session },
    'myPayments.existsWhere': { method: 'HEAD' as const, path: base, scopes, session },
    'myPayments.get': { method: 'GET' as const, path: `${base}/:id`, scopes, session },
    'myPayments.exists': { method: 'HEAD' as const, path: `${base}/:id`, scopes, session },
    'myPayments.update': { method: 'POST' as const, path: `${base}/:id`, scopes, session },
    'myPayments.delete': { method: 'DELETE' as const, path: `${base}/:id`, scopes, session },
  };
}

/** `/me/orders`, globally or in a Store (`manage_my_orders`, in a Store also its store scope). */
function myOrderOperations<P extends string>(prefix: P, base: string) {
  const scopes: readonly string[] = ['manage_my_orders'];
  const session = true as const;
  return {
    [`${prefix}.create`]: { method: 'POST' as const, path: base, scopes, session },
    [`${prefix}.query`]: { method: 'GET' as const, path: base, scopes, session },
    [`${prefix}.existsWhere`]: { method: 'HEAD' as const, path: base, scopes, session },
    [`${prefix}.get`]: { method: 'GET' as const, path: `${base}/:id`, scopes, session },
    [`${prefix}.exists`]: { method: 'HEAD' as const, path: `${base}/:id`, scopes, session },
  } as Record<`${P}.${'create' | 'query' | 'existsWhere' | 'get' | 'exists'}`, OperationScope>;
}

/**
 * A customer's or anonymous session's own carts (checkout facts 1, 2): `manage_my_orders` (in a Store also
 * `:{projectKey}:{storeKey}`) with a token that has a `customer_id` or an `anonymous_id`.
 */
function myCartOperations<P extends string>(prefix: P, base: string) {
  const scopes: readonly string[] = ['manage_my_orders'];
  const session = true as const;
  return {
    [`${prefix}.myCarts.create`]: { method: 'POST' as const, path: `${base}/carts`, scopes, session },
    [`${prefix}.myCarts.query`]: { method: 'GET' as const, path: `${base}/carts`, scopes, session },
    [`${prefix}.myCarts.existsWhere`]: { method: 'HEAD' as const, path: `${base}/carts`, scopes, session },
    [`${prefix}.myCarts.get`]: { method: 'GET' as const, path: `${base}/carts/:id`, scopes, session },
    [`${prefix}.myCarts.exists`]: { method: 'HEAD' as const, path: `${base}/carts/:id`, scopes, session },
    [`${prefix}.myCarts.update`]: { method: 'POST' as const, path: `${base}/carts/:id`, scopes, session },
    [`${prefix}.myCarts.delete`]: { method: 'DELETE' as const, path: `${base}/carts/:id`, scopes, session },
    [`${prefix}.activeCart.get`]: { method: 'GET' as const, path: `${base}/active-cart`, scopes, session },
    [`${prefix}.activeCart.exists`]: {
      method: 'HEAD' as const,
      path: `${base}/active-cart`,
      scopes,
      session,
    },
    [`${prefix}.myCarts.replicate`]: {
      method: 'POST' as const,
      path: `${base}/carts/replicate`,
      scopes,
      session,
    },
  } as Record<
    `${P}.${'myCarts.create' | 'myCarts.query' | 'myCarts.existsWhere' | 'myCarts.get' | 'myCarts.exists' | 'myCarts.update' | 'myCarts.delete' | 'activeCart.get' | 'activeCart.exists' | 'myCarts.replicate'}`,
    OperationScope
  >;
}

/**
 * A customer's or anonymous session's own shopping lists (checkout facts 2): `manage_my_shopping_lists` (in a
 * Store also `:{projectKey}:{storeKey}`) with a token that has a `customer_id` or an `anonymous_id`.
 */
function myShoppingListOperations<P extends string>(prefix: P, base: string) {
  const scopes: readonly string[] = ['manage_my_shopping_lists'];
  const session = true as const;
  const one = `${base}/:idOrKey`;
  return {
    [`${prefix}.create`]: { method: 'POST' as const, path: base, scopes, session },
    [`${prefix}.query`]: { method: 'GET' as const, path: base, scopes, session },
    [`${prefix}.existsWhere`]: { method: 'HEAD' as const, path: base, scopes, session },
    [`${prefix}.get`]: { method: 'GET' as const, path: one, scopes, session },
    [`${prefix}.exists`]: { method: 'HEAD' as const, path: one, scopes, session },
    [`${prefix}.update`]: { method: 'POST' as const, path: one, scopes, session },
    [`${prefix}.delete`]: { method: 'DELETE' as const, path: one, scopes, session },
  } as Record<
    `${P}.${'create' | 'query' | 'existsWhere' | 'get' | 'exists' | 'update' | 'delete'}`,
    OperationScope
  >;
}

/** The Import API's routes beside its containers' standard operations (reference facts 5.1). */
function importOperations(): Record<
  | 'importContainers.summaries'
  | 'importContainers.operations'
  | 'importOperations.get'
  | 'prices.import'
  | 'orders.importContainer'
  | 'inventories.importContainer'
  | 'standalonePrices.importContainer',
  OperationScope
> {
  const container = `/:projectKey/${ImportContainerResource.path}/:importContainerKey`;
  const { view, manage } = ImportContainerResource;
  return {
    'importContainers.summaries': {
      method: 'GET',
      path: `${container}/import-summaries`,
      scopes: [...view, 'view_import_summaries'],
      answers: ImportSummaryShape,
    },
    'importContainers.operations': {
      method: 'GET',
      path: `${container}/import-operations`,
      scopes: view,
      answers: ImportOperationShape,
    },
    'importOperations.get': {
      method: 'GET',
      path: '/:projectKey/import-operations/:id',
      scopes: view,
      answers: ImportOperationShape,
    },
    'prices.import': {
      method: 'POST',
      path: '/:projectKey/prices/import-containers/:importContainerKey',
      scopes: ['manage_products', ...manage],
      answers: ImportResponseShape,
    },
    'orders.importContainer': {
      method: 'POST',
      path: '/:projectKey/orders/import-containers/:importContainerKey',
      scopes: ['manage_orders', ...manage],
      answers: ImportResponseShape,
    },
    'inventories.importContainer': {
      method: 'POST',
      path: '/:projectKey/inventories/import-containers/:importContainerKey',
      scopes: [...InventoryEntryResource.manage, ...manage],
      answers: ImportResponseShape,
    },
    'standalonePrices.importContainer': {
      method: 'POST',
      path: '/:projectKey/standalone-prices/import-containers/:importContainerKey',
      scopes: [...StandalonePriceResource.manage, ...manage],
      answers: ImportResponseShape,
    },
  } as const satisfies Record<string, OperationScope>;
}

/** What a projection's read answers (widened: the table's type names no shape's fields). */
const PROJECTION_ANSWERS: ResourceShape = ProductProjectionShape;
const ORDER_EDIT_ANSWERS: ResourceShape = OrderEditShape;

/** Product projections (published, or staged with `view_products` as well: the gateway checks it per request). */
function productProjectionOperations() {
  const base = '/:projectKey/product-projections';
  const scopes: readonly string[] = ['view_published_products', 'view_products'];
  const answers = PROJECTION_ANSWERS;
  return {
    'productProjections.search': { method: 'GET', path: `${base}/search`, scopes, answers },
    'productProjections.searchByForm': {
      method: 'POST',
      path: `${base}/search`,
      scopes,
      form: true,
      answers,
    },
    'productProjections.query': { method: 'GET', path: base, scopes, answers },
    'productProjections.existsWhere': { method: 'HEAD', path: base, scopes },
    'productProjections.get': { method: 'GET', path: `${base}/:idOrKey`, scopes, answers },
    'productProjections.exists': { method: 'HEAD', path: `${base}/:idOrKey`, scopes },
  } as const satisfies Record<string, OperationScope>;
}

/** The shipping methods that can ship to a location (checkout facts 1), read with the shipping methods' scopes. */
function shippingMethodOperations() {
  const { view } = ShippingMethodResource;
  const path = '/:projectKey/shipping-methods/matching-location';
  return {
    'shippingMethods.matchingLocation': { method: 'GET', path, scopes: view },
    'shippingMethods.existsMatchingLocation': { method: 'HEAD', path, scopes: view },
  } as const satisfies Record<string, OperationScope>;
}

/**
 * The query-DSL search APIs (Product Search, Customer Search): their own routes, fixed segments the router
 * prefers over `/:idOrKey`; the Customer Search also in a Store, for that Store's customers.
 */
function searchOperations() {
  const products: readonly string[] = ['view_published_products', 'view_products'];
  const customers: readonly string[] = CustomerResource.view;
  return {
    'products.search': { method: 'POST', path: '/:projectKey/products/search', scopes: products },
    'customers.search': { method: 'POST', path: '/:projectKey/customers/search', scopes: customers },
    'customers.searchExists': { method: 'HEAD', path: '/:projectKey/customers/search', scopes: customers },
    'customers.searchIndexingStatus': {
      method: 'GET',
      path: '/:projectKey/customers/search/indexing-status',
      scopes: customers,
    },
    'inStore.customers.search': { method: 'POST', path: `${IN_STORE}/customers/search`, scopes: customers },
  } as const satisfies Record<string, OperationScope>;
}

/**
 * Custom Objects (RAML custom-objects.raml): by container and key, create-or-update by POST; the product, order
 * and customer scopes allow them as well as the key-value-document ones.
 */
function customObjectOperations() {
  const base = '/:projectKey/custom-objects';
  const view = ['view_key_value_documents', 'view_products', 'view_orders', 'view_customers'];
  const manage = ['manage_key_value_documents', 'manage_products', 'manage_orders', 'manage_customers'];
  return {
    'customObjects.put': { method: 'POST', path: base, scopes: manage },
    'customObjects.query': { method: 'GET', path: base, scopes: view },
    'customObjects.existsWhere': { method: 'HEAD', path: base, scopes: view },
    'customObjects.queryContainer': { method: 'GET', path: `${base}/:container`, scopes: view },
    'customObjects.get': { method: 'GET', path: `${base}/:container/:key`, scopes: view },
    'customObjects.delete': { method: 'DELETE', path: `${base}/:container/:key`, scopes: manage },
  } as const satisfies Record<string, OperationScope>;
}

/** A customer's active cart (checkout facts 1: `carts/customer-id={customerId}`, GET and HEAD), also in a Store. */
function cartByCustomerOperations<P extends string>(prefix: P, base: string) {
  const path = `${base}/customer-id=:customerId`;
  const scopes: readonly string[] = CartResource.view;
  return {
    [`${prefix}.byCustomer`]: { method: 'GET' as const, path, scopes },
    [`${prefix}.existsByCustomer`]: { method: 'HEAD' as const, path, scopes },
  } as Record<`${P}.${'byCustomer' | 'existsByCustomer'}`, OperationScope>;
}

/**
 * The shipping methods that can ship a cart (checkout facts 1: `matching-cart`, `matching-cart-location`,
 * in a Store `matching-cart` only), read with the shipping methods' scopes.
 */
function matchingCartOperations() {
  const { view } = ShippingMethodResource;
  const cart = '/:projectKey/shipping-methods/matching-cart';
  const location = '/:projectKey/shipping-methods/matching-cart-location';
  const inStore = `${IN_STORE}/shipping-methods/matching-cart`;
  const orderEdit = '/:projectKey/shipping-methods/matching-orderedit';
  return {
    'shippingMethods.matchingCart': { method: 'GET', path: cart, scopes: view },
    'shippingMethods.existsMatchingCart': { method: 'HEAD', path: cart, scopes: view },
    'shippingMethods.matchingCartLocation': { method: 'GET', path: location, scopes: view },
    'shippingMethods.existsMatchingCartLocation': { method: 'HEAD', path: location, scopes: view },
    'inStore.shippingMethods.matchingCart': { method: 'GET', path: inStore, scopes: view },
    'inStore.shippingMethods.existsMatchingCart': { method: 'HEAD', path: inStore, scopes: view },
    'shippingMethods.matchingOrderEdit': { method: 'GET', path: orderEdit, scopes: view },
    'shippingMethods.existsMatchingOrderEdit': { method: 'HEAD', path: orderEdit, scopes: view },
  } as const satisfies Record<string, OperationScope>;
}

/** The anonymous cart merged into a customer's (checkout facts 4.8: `carts/customer-id={id}/merge`), also in a Store. */
function cartMergeOperations<P extends string>(prefix: P, base: string) {
  const path = `${base}/customer-id=:customerId/merge`;
  const scopes: readonly string[] = CartResource.manage;
  return {
    [`${prefix}.merge`]: { method: 'POST' as const, path, scopes },
  } as Record<`${P}.merge`, OperationScope>;
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

  ...shippingMethodOperations(),

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
  ...customObjectOperations(),
  'inStore.productProjections.get': {
    method: 'GET',
    path: `${IN_STORE}/product-projections/:idOrKey`,
    scopes: ['view_published_products', 'view_products'],
    answers: PROJECTION_ANSWERS,
  },
  'inStore.productProjections.exists': {
    method: 'HEAD',
    path: `${IN_STORE}/product-projections/:idOrKey`,
    scopes: ['view_published_products', 'view_products'],
  },
  ...productProjectionOperations(),
  ...searchOperations(),
  'inStore.productSelectionAssignments.query': {
    method: 'GET',
    path: `${IN_STORE}/product-selection-assignments`,
    scopes: ['view_product_selections'],
  },

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
  'orders.import': { method: 'POST', path: '/:projectKey/orders/import', scopes: ['manage_orders'] },
  // Applies an Order Edit to its order (a fixed segment after the edit's id).
  'orderEdits.apply': {
    method: 'POST',
    path: `/:projectKey/${OrderEditResource.path}/:id/apply`,
    scopes: OrderEditResource.manage,
    answers: ORDER_EDIT_ANSWERS,
  },
  ...myPaymentOperations(),
  ...myOrderOperations('myOrders', '/:projectKey/me/orders'),
  ...myOrderOperations('inStore.myOrders', `${IN_STORE}/me/orders`),
  ...meOperations('me', '/:projectKey/me'),
  ...meOperations('inStore.me', `${IN_STORE}/me`),
  ...myCartOperations('me', '/:projectKey/me'),
  'carts.replicate': { method: 'POST', path: '/:projectKey/carts/replicate', scopes: CartResource.manage },
  ...cartByCustomerOperations('carts', '/:projectKey/carts'),
  ...cartByCustomerOperations('inStore.carts', `${IN_STORE}/carts`),
  'inStore.carts.replicate': {
    method: 'POST',
    path: `${IN_STORE}/carts/replicate`,
    scopes: CartResource.manage,
  },
  ...myCartOperations('inStore.me', `${IN_STORE}/me`),
  ...importOperations(),
  ...matchingCartOperations(),
  ...cartMergeOperations('carts', '/:projectKey/carts'),
  ...cartMergeOperations('inStore.carts', `${IN_STORE}/carts`),
  ...myShoppingListOperations('myShoppingLists', '/:projectKey/me/shopping-lists'),
  ...myShoppingListOperations('inStore.myShoppingLists', `${IN_STORE}/me/shopping-lists`),
  // The best product discount for one price (a fixed segment the router prefers over `/:idOrKey`).
  'productDiscounts.matching': {
    method: 'POST',
    path: '/:projectKey/product-discounts/matching',
    scopes: ['view_products'],
  },
} as const satisfies Record<string, OperationScope>;

export type OperationId = keyof typeof OPERATION_SCOPES;

/**
 * The routes under a project that need no token, as on the live API (`@PublicOperation(id)` declares each from
 * here; the OpenAPI description lists them without security). Not in `OPERATION_SCOPES`: nothing there is
 * public, and every entry there is tested for 401 and 403.
 */
export const PUBLIC_OPERATIONS = {
  /** A Subscription's health, for a monitoring system to poll (checkout facts 1). */
  'subscriptions.health': { method: 'GET', path: '/:projectKey/subscriptions/:id/health' },
} as const satisfies Record<string, Pick<OperationScope, 'method' | 'path'>>;

export type PublicOperationId = keyof typeof PUBLIC_OPERATIONS;

const BY_ROUTE = new Map<string, OperationScope>(
  Object.values(OPERATION_SCOPES).map((operation: OperationScope) => [
    `${operation.method} ${operation.path}`,
    operation,
  ]),
);

/** The routes whose operations take form-encoded bodies (Fastify syntax). */
export const FORM_ROUTES: ReadonlySet<string> = new Set(
  Object.values(OPERATION_SCOPES)
    .filter((operation: OperationScope) => operation.form)
    .map((operation: OperationScope) => operation.path),
);

/** The table's entry for a matched route, if it has one. */
export function operationForRoute(method: string, path: string): OperationScope | undefined {
  return BY_ROUTE.get(`${method.toUpperCase()} ${path}`);
}

export function isOperationId(value: string): value is OperationId {
  return Object.hasOwn(OPERATION_SCOPES, value);
}
