import type { VersionedPrefix } from './contract-map.js';

/** The operations every versioned resource answers over the wire. */
export const RESOURCE_OPERATIONS = ['create', 'get', 'query', 'exists', 'update', 'delete'] as const;
export type ResourceOperation = (typeof RESOURCE_OPERATIONS)[number];

/** The subjects of a versioned resource under `prefix` (e.g. `stores.stores`). */
export type ResourceSubjects<P extends string = VersionedPrefix> = { [O in ResourceOperation]: `${P}.${O}` };

function resourceSubjects<P extends string>(prefix: P): ResourceSubjects<P> {
  return {
    create: `${prefix}.create`,
    get: `${prefix}.get`,
    query: `${prefix}.query`,
    exists: `${prefix}.exists`,
    update: `${prefix}.update`,
    delete: `${prefix}.delete`,
  };
}

/** Request/reply subjects (message patterns), the same over NATS and in the all-in-one mode. */
export const Subjects = {
  auth: {
    token: 'auth.oauth.token',
    introspect: 'auth.oauth.introspect',
    revoke: 'auth.oauth.revoke',
    verifyToken: 'auth.tokens.verify',
    tokenRevocations: 'auth.tokens.revocations',
    project: {
      get: 'auth.projects.get',
      create: 'auth.projects.create',
      update: 'auth.projects.update',
      externalOAuth: 'auth.projects.external-oauth',
    },
    apiClient: {
      create: 'auth.api-clients.create',
      get: 'auth.api-clients.get',
      query: 'auth.api-clients.query',
      exists: 'auth.api-clients.exists',
      delete: 'auth.api-clients.delete',
    },
    customer: resourceSubjects('auth.customers'),
    extension: resourceSubjects('auth.extensions'),
    extensionTriggers: 'auth.extensions.triggers',
    subscription: resourceSubjects('auth.subscriptions'),
    /** Every project's Subscriptions with their secrets opened, for the services that deliver (never the gateway). */
    subscriptionsDeliverable: 'auth.subscriptions.deliverable',
    /** A delivering service reports a Subscription's health. */
    subscriptionsReport: 'auth.subscriptions.report',
    /** Customer Search (`POST /customers/search`, in a Store too) and its indexing status. */
    customerSearch: {
      search: 'auth.customers.search',
      status: 'auth.customers.search.status',
    },
    me: 'auth.customers.me',
    inStoreIntegration: {
      get: 'auth.in-store-integration.get',
      put: 'auth.in-store-integration.put',
      delete: 'auth.in-store-integration.delete',
      retrieveToken: 'auth.in-store-integration.retrieve-token',
    },
    customerAccount: {
      signIn: 'auth.customers.sign-in',
      signUpMe: 'auth.customers.me.sign-up',
      updateMe: 'auth.customers.me.update',
      deleteMe: 'auth.customers.me.delete',
      changePassword: 'auth.customers.password.change',
      changeMyPassword: 'auth.customers.me.password.change',
      createPasswordToken: 'auth.customers.password-token.create',
      getByPasswordToken: 'auth.customers.password-token.get',
      resetPassword: 'auth.customers.password.reset',
      createEmailToken: 'auth.customers.email-token.create',
      getByEmailToken: 'auth.customers.email-token.get',
      confirmEmail: 'auth.customers.email.confirm',
    },
  },
  stores: {
    store: resourceSubjects('stores.stores'),
  },
  catalog: {
    channel: resourceSubjects('catalog.channels'),
    customerGroup: resourceSubjects('catalog.customer-groups'),
    type: resourceSubjects('catalog.types'),
    productType: resourceSubjects('catalog.product-types'),
    product: {
      ...resourceSubjects('catalog.products'),
      productSelections: 'catalog.products.product-selections',
      importPrices: 'catalog.products.import-prices',
      /** Product Search (`POST /products/search`). */
      search: 'catalog.products.search',
      /** An uploaded image added to a variant at the product's current version (`ProductImageUpload`). */
      addUploadedImage: 'catalog.products.add-uploaded-image',
      /** Uploaded image files no product shows any more, claimed for deletion by the gateway's sweep. */
      claimReleasedImageFiles: 'catalog.products.released-image-files.claim',
      /** Files the gateway deleted: their release records go. */
      forgetReleasedImageFiles: 'catalog.products.released-image-files.forget',
    },
    productSelection: {
      ...resourceSubjects('catalog.product-selections'),
      products: 'catalog.product-selections.products',
    },
    /** What a cart change needs from the catalog in one call (`CheckoutLineItemsRequest`). */
    checkout: {
      lineItems: 'catalog.checkout.line-items',
    },
    inStore: {
      productProjection: 'catalog.in-store.product-projection',
      assignments: 'catalog.in-store.product-selection-assignments',
    },
    category: resourceSubjects('catalog.categories'),
    taxCategory: resourceSubjects('catalog.tax-categories'),
    attributeGroup: resourceSubjects('catalog.attribute-groups'),
    state: resourceSubjects('catalog.states'),
    inventory: {
      ...resourceSubjects('catalog.inventory'),
      /** An order's units held, all or nothing; idempotent per order id. */
      reserve: 'catalog.inventory.reserve',
      /** The order was written: its reservation is committed. */
      confirm: 'catalog.inventory.confirm',
      /** The order was not written: its units are given back. */
      release: 'catalog.inventory.release',
      /** The Import API's inventory entries, upserted by key: one outcome per import operation. */
      importEntries: 'catalog.inventory.import-entries',
    },
    review: resourceSubjects('catalog.reviews'),
    productDiscount: {
      ...resourceSubjects('catalog.product-discounts'),
      /** `POST /product-discounts/matching`: the best discount for one price of a variant. */
      matching: 'catalog.product-discounts.matching',
    },
    standalonePrice: {
      ...resourceSubjects('catalog.standalone-prices'),
      /** The Import API's standalone prices, upserted by key: one outcome per import operation. */
      import: 'catalog.standalone-prices.import',
    },
    customObject: {
      /** Create or replace by container and key (`POST /custom-objects`). */
      put: 'catalog.custom-objects.put',
      get: 'catalog.custom-objects.get',
      query: 'catalog.custom-objects.query',
      exists: 'catalog.custom-objects.exists',
      delete: 'catalog.custom-objects.delete',
    },
    productProjection: {
      get: 'catalog.product-projections.get',
      query: 'catalog.product-projections.query',
      exists: 'catalog.product-projections.exists',
      search: 'catalog.product-projections.search',
    },
  },
  import: {
    container: {
      create: 'import.containers.create',
      get: 'import.containers.get',
      query: 'import.containers.query',
      update: 'import.containers.update',
      delete: 'import.containers.delete',
    },
    prices: 'import.prices.import',
    orders: 'import.orders.import',
    inventories: 'import.inventories.import',
    standalonePrices: 'import.standalone-prices.import',
    operation: { get: 'import.operations.get', query: 'import.operations.query' },
    summary: 'import.summaries.get',
  },
  checkout: {
    zone: resourceSubjects('checkout.zones'),
    cartDiscount: resourceSubjects('checkout.cart-discounts'),
    discountCode: resourceSubjects('checkout.discount-codes'),
    discountGroup: resourceSubjects('checkout.discount-groups'),
    /** Whether an order exists: catalog's reservation sweep asks before it releases a pending reservation. */
    orderExists: 'checkout.orders.exists',
    payment: resourceSubjects('checkout.payments'),
    recurrencePolicy: resourceSubjects('checkout.recurrence-policies'),
    recurringOrder: resourceSubjects('checkout.recurring-orders'),
    paymentMethod: resourceSubjects('checkout.payment-methods'),
    /** `/me/payments`: the token's customer's or anonymous session's own payments. */
    myPayment: {
      create: 'checkout.my-payments.create',
      get: 'checkout.my-payments.get',
      query: 'checkout.my-payments.query',
      update: 'checkout.my-payments.update',
      delete: 'checkout.my-payments.delete',
    },
    /** Orders: `create` makes an order from a cart; `import` takes an OrderImportDraft as given. */
    order: {
      create: 'checkout.orders.create',
      get: 'checkout.orders.get',
      query: 'checkout.orders.query',
      exists: 'checkout.orders.exists',
      update: 'checkout.orders.update',
      delete: 'checkout.orders.delete',
      import: 'checkout.orders.import',
      /** The Import API's orders, references by key: one outcome per import operation. */
      importOperations: 'checkout.orders.import-operations',
    },
    /** `/me/orders` (and in a Store): the token's own orders, and an order from the token's own cart. */
    myOrder: {
      create: 'checkout.my-orders.create',
      get: 'checkout.my-orders.get',
      query: 'checkout.my-orders.query',
      exists: 'checkout.my-orders.exists',
    },
    cart: resourceSubjects('checkout.carts'),
    shippingMethod: {
      ...resourceSubjects('checkout.shipping-methods'),
      matchingLocation: 'checkout.shipping-methods.matching-location',
    },
    /** The token's customer's or anonymous session's own carts (`/me/carts`, `/me/active-cart`). */
    myCart: {
      create: 'checkout.carts.me.create',
      query: 'checkout.carts.me.query',
      get: 'checkout.carts.me.get',
      update: 'checkout.carts.me.update',
      delete: 'checkout.carts.me.delete',
      active: 'checkout.carts.me.active',
      replicate: 'checkout.carts.me.replicate',
    },
    /** A new Active cart from an existing cart (`/carts/replicate`, checkout facts 4.9). */
    replicateCart: 'checkout.carts.replicate',
    /** A customer's active cart (`carts/customer-id={customerId}`, in a Store too; checkout facts 1). */
    cartByCustomer: 'checkout.carts.by-customer',
    /** The anonymous cart merged into a customer's (sign-in, `carts/customer-id={id}/merge`; checkout facts 4.8). */
    mergeCart: 'checkout.carts.merge',
    /** Before a sign-up writes the customer: can its anonymous cart be handed over (checkout facts 4.8)? */
    checkMergeCart: 'checkout.carts.merge-check',
    /** The shipping methods that can ship a cart (`matching-cart`, also in a Store; checkout facts 4.12). */
    matchingCart: 'checkout.shipping-methods.matching-cart',
    /** The same for a cart and another location (`matching-cart-location?cartId&country&state`). */
    matchingCartLocation: 'checkout.shipping-methods.matching-cart-location',
    /** The same for an Order Edit's preview (`matching-orderedit?orderEditId&country&state`). */
    matchingOrderEdit: 'checkout.shipping-methods.matching-orderedit',
    /** Order Edits (`/orders/edits`): staged actions on an order, previewed, applied by `applyOrderEdit`. */
    orderEdit: resourceSubjects('checkout.order-edits'),
    applyOrderEdit: 'checkout.order-edits.apply',
    shoppingList: resourceSubjects('checkout.shopping-lists'),
    /** `/me/shopping-lists` (and in a Store): the token's customer's or anonymous session's own lists. */
    myShoppingList: {
      create: 'checkout.shopping-lists.me.create',
      query: 'checkout.shopping-lists.me.query',
      get: 'checkout.shopping-lists.me.get',
      update: 'checkout.shopping-lists.me.update',
      delete: 'checkout.shopping-lists.me.delete',
    },
    /** At sign-in and sign-up: an anonymous session's orders, payments and lists become the customer's. */
    assignAnonymousSession: 'checkout.anonymous-sessions.assign',
  },
  insights: {
    configuration: {
      get: 'insights.configuration.get',
      put: 'insights.configuration.put',
      update: 'insights.configuration.update',
      delete: 'insights.configuration.delete',
    },
    /** A gateway's batch of aggregated metrics and access logs (`TelemetryBatch`), many projects at once. */
    ingest: 'insights.telemetry.ingest',
  },
} as const;

/** Events: facts published once and received by every app with an `@On(event)` handler for them. */
export const Events = {
  tokenRevoked: 'evt.auth.token-revoked',
  projectChanged: 'evt.auth.project-changed',
  storeChanged: 'evt.stores.store-changed',
  catalogResourceCreated: 'evt.catalog.resource-created',
  /** An extension of the project was created, changed or deleted: caches of its extensions drop it. */
  extensionsChanged: 'evt.auth.extensions-changed',
  /** A Subscription was created, changed or deleted: the delivering services read them again. */
  subscriptionsChanged: 'evt.auth.subscriptions-changed',
} as const;

export type EventName = (typeof Events)[keyof typeof Events];
