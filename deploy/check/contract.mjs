// What the manifests are held to: the regions, the apps, the ports each app listens on and exactly whom each
// app calls. One place: the policies (policies.mjs), the NATS permissions (k8s/base/nats/nats.conf) and the
// documents (docs/DEPLOY.md, docs/SCALING.md) all follow this file.

export const NAMESPACE = 'commerce';

/** Folder names under k8s/overlays/ (a region's dots become dashes) and the region label they set. */
export const REGIONS = [
  'us-central1-gcp',
  'us-east-2-aws',
  'europe-west1-gcp',
  'eu-central-1-aws',
  'australia-southeast1-gcp',
];

/** The host names of a region that route onto the gateway (the API, /oauth/... and the import endpoints). */
export const GATEWAY_HOST_PREFIXES = ['api', 'auth', 'import'];

/** The body limit the API promises (bytes); the edge and the gateway both enforce it. */
export const BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * Egress destinations, as the policy check names them (see `egressKeys` in policies.mjs):
 *   dns       UDP and TCP 53 to kube-dns in kube-system
 *   nats      TCP 4222 to the NATS pods of the namespace
 *   postgres  TCP 5432 to anywhere (managed PostgreSQL outside the cluster; narrow it with ipBlock per region)
 *   https     TCP 443 to anywhere (admin-configured external URLs, SSRF-checked in the app at connect time)
 *   gateway   TCP 8080 to the api-gateway pods
 */
export const EGRESS = {
  dns: [
    'UDP/53->ns:kubernetes.io/metadata.name=kube-system,pod:k8s-app=kube-dns',
    'TCP/53->ns:kubernetes.io/metadata.name=kube-system,pod:k8s-app=kube-dns',
  ],
  nats: ['TCP/4222->pod:app.kubernetes.io/name=nats'],
  postgres: ['TCP/5432->any'],
  https: ['TCP/443->any'],
  // OTLP receivers (gRPC 4317, HTTP 4318) that operators point the insights export at.
  otlp: ['TCP/4317->any', 'TCP/4318->any'],
  gateway: ['TCP/8080->pod:app.kubernetes.io/name=api-gateway'],
};

/**
 * The apps. `ports`: every port the container declares, and nothing else (name -> port). `probePort`: where
 * /health and /ready answer. `egress`: exactly what it calls. `database`: it owns a schema, so it has
 * DATABASE_URL and migrates it in an initContainer. `counters`: it keeps shared rate-limit counters in PostgreSQL through a pool
 * of RATE_LIMIT_DATABASE_POOL_SIZE (RATE_LIMIT_DATABASE_URL). `nats`: publish/subscribe permissions of its
 * NATS user.
 */
export const APPS = {
  'api-gateway': {
    ports: { http: 8080, metrics: 9464, health: 8081 },
    probePort: 'health',
    // postgres: the rate-limit counters shared by the replicas (schema `gateway`, no migrations).
    egress: ['dns', 'nats', 'https', 'postgres'],
    database: false,
    counters: true,
    nats: {
      publish: ['auth.>', 'stores.>', 'catalog.>', 'insights.>', 'import.>', 'checkout.>'],
      subscribe: ['_INBOX.>', 'evt.>'],
    },
  },
  'auth-service': {
    ports: { health: 8081 },
    probePort: 'health',
    egress: ['dns', 'nats', 'postgres'],
    database: true,
    nats: {
      publish: ['auth.>', 'stores.>', 'checkout.>', 'evt.>', '_INBOX.>', '$JS.API.>', 'messages.>'],
      subscribe: ['auth.>', 'evt.>', '_INBOX.>'],
    },
  },
  'stores-service': {
    ports: { health: 8081 },
    probePort: 'health',
    egress: ['dns', 'nats', 'postgres'],
    database: true,
    nats: {
      publish: [
        'stores.>',
        'auth.>',
        'catalog.>',
        'checkout.>',
        'evt.>',
        '_INBOX.>',
        '$JS.API.>',
        'messages.>',
      ],
      subscribe: ['stores.>', 'evt.>', '_INBOX.>'],
    },
  },
  'catalog-service': {
    ports: { health: 8081 },
    probePort: 'health',
    egress: ['dns', 'nats', 'postgres'],
    database: true,
    nats: {
      publish: [
        'catalog.>',
        'auth.>',
        'stores.>',
        'checkout.>',
        'evt.>',
        '_INBOX.>',
        '$JS.API.>',
        'messages.>',
      ],
      subscribe: ['catalog.>', 'evt.>', '_INBOX.>'],
    },
  },
  'insights-service': {
    ports: { health: 8081 },
    probePort: 'health',
    egress: ['dns', 'nats', 'postgres', 'https', 'otlp'],
    database: true,
    nats: {
      publish: ['insights.>', 'auth.>', '_INBOX.>'],
      subscribe: ['insights.>', 'evt.>', '_INBOX.>'],
    },
  },
  'import-service': {
    ports: { health: 8081 },
    probePort: 'health',
    egress: ['dns', 'nats', 'postgres'],
    database: true,
    nats: {
      publish: ['import.>', 'auth.>', 'stores.>', 'catalog.>', '_INBOX.>'],
      subscribe: ['import.>', 'evt.>', '_INBOX.>'],
    },
  },
  'checkout-service': {
    ports: { health: 8081 },
    probePort: 'health',
    egress: ['dns', 'nats', 'postgres'],
    database: true,
    nats: {
      publish: [
        'checkout.>',
        'auth.>',
        'stores.>',
        'catalog.>',
        'evt.>',
        '_INBOX.>',
        '$JS.API.>',
        'messages.>',
      ],
      subscribe: ['checkout.>', 'evt.>', '_INBOX.>'],
    },
  },
  'instore-callback': {
    ports: { http: 8090 },
    probePort: 'http',
    egress: ['dns', 'gateway'],
    database: false,
    nats: null,
  },
};

/** Workloads that are not apps, by their `app.kubernetes.io/name`: what their pods may call. */
export const OTHER_EGRESS = {
  nats: ['dns', 'TCP/6222->pod:app.kubernetes.io/name=nats'],
  'nats-stream': ['dns', 'nats'],
};

/** Who may connect to whom (NetworkPolicy ingress), by `app.kubernetes.io/name`; absent = nobody. */
export const INGRESS = {
  'api-gateway': [
    'TCP/8080->ns:kubernetes.io/metadata.name=commerce-edge',
    'TCP/8080->pod:app.kubernetes.io/name=instore-callback',
    'TCP/9464->ns:kubernetes.io/metadata.name=monitoring',
  ],
  'instore-callback': ['TCP/8090->ns:kubernetes.io/metadata.name=commerce-edge'],
  nats: ['TCP/4222->pod:commerce/nats-client=true', 'TCP/6222->pod:app.kubernetes.io/name=nats'],
};

/** The NATS cluster: servers, and the JetStream stream the services' message relay publishes to. */
export const NATS = { replicas: 3, stream: 'COMMERCE_MESSAGES', streamReplicas: 3 };

/** Environment variables whose value is a credential or carries one: only ever from a Secret. */
export const SECRET_ENV = /(SECRET|PASSWORD|TOKEN|API_KEY|DATABASE_URL)$|^NATS_URL$/;
