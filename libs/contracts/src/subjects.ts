/** The operations every versioned resource answers over the wire. */
export interface ResourceSubjects {
  create: string;
  get: string;
  query: string;
  exists: string;
  update: string;
  delete: string;
}

function resourceSubjects(prefix: string): ResourceSubjects {
  return {
    create: `${prefix}.create`,
    get: `${prefix}.get`,
    query: `${prefix}.query`,
    exists: `${prefix}.exists`,
    update: `${prefix}.update`,
    delete: `${prefix}.delete`,
  };
}

/** Request/reply subjects (message patterns), the same in NATS and embedded TCP mode. */
export const Subjects = {
  auth: {
    token: 'auth.oauth.token',
    introspect: 'auth.oauth.introspect',
    revoke: 'auth.oauth.revoke',
    verifyToken: 'auth.tokens.verify',
    project: {
      get: 'auth.projects.get',
      create: 'auth.projects.create',
      update: 'auth.projects.update',
      externalOAuth: 'auth.projects.external-oauth',
    },
    apiClient: resourceSubjects('auth.api-clients'),
    customer: resourceSubjects('auth.customers'),
    me: 'auth.customers.me',
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
    },
    productSelection: {
      ...resourceSubjects('catalog.product-selections'),
      products: 'catalog.product-selections.products',
    },
    inStore: {
      productProjection: 'catalog.in-store.product-projection',
      assignments: 'catalog.in-store.product-selection-assignments',
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
    operation: { get: 'import.operations.get', query: 'import.operations.query' },
    summary: 'import.summaries.get',
  },
} as const;

/** Events: facts published once and received by every service that listens (see EVENT_LISTENERS). */
export const Events = {
  tokenRevoked: 'evt.auth.token-revoked',
  projectChanged: 'evt.auth.project-changed',
  storeChanged: 'evt.stores.store-changed',
  catalogResourceCreated: 'evt.catalog.resource-created',
} as const;

export type EventName = (typeof Events)[keyof typeof Events];
