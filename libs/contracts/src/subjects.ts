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

/** Events: facts published once and received by every service that listens (see EVENT_LISTENERS). */
export const Events = {
  tokenRevoked: 'evt.auth.token-revoked',
  projectChanged: 'evt.auth.project-changed',
  storeChanged: 'evt.stores.store-changed',
} as const;

export type EventName = (typeof Events)[keyof typeof Events];
