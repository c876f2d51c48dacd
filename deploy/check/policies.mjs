// The project's own rules for a rendered region, on top of the schemas. Each policy takes the rendered
// objects (and the region) and returns its problems; `checkPolicies` runs them all and names the policy.
import {
  APPS,
  BODY_LIMIT_BYTES,
  EGRESS,
  GATEWAY_HOST_PREFIXES,
  INGRESS,
  NATS,
  OTHER_EGRESS,
  SECRET_ENV,
} from './contract.mjs';
import { describe } from './render.mjs';

const NAME = 'app.kubernetes.io/name';
const WORKLOAD_KINDS = new Set(['Deployment', 'StatefulSet', 'Job']);

const find = (objects, kind, name) => objects.find((o) => o.kind === kind && o.metadata?.name === name);
const ofKind = (objects, kind) => objects.filter((o) => o.kind === kind);
const workloads = (objects) => objects.filter((o) => WORKLOAD_KINDS.has(o.kind));
const containersOf = (workload) => [
  ...(workload.spec?.template?.spec?.initContainers ?? []),
  ...(workload.spec?.template?.spec?.containers ?? []),
];
const mainContainer = (deployment, app) =>
  deployment?.spec?.template?.spec?.containers?.find((c) => c.name === app);
const envOf = (container, name) => container?.env?.find((e) => e.name === name);
const matches = (selector, labels) =>
  !selector?.matchExpressions?.length &&
  Object.entries(selector?.matchLabels ?? {}).every(([k, v]) => labels?.[k] === v);

/** Every app has its Deployment, Service, HorizontalPodAutoscaler and PodDisruptionBudget, wired together. */
function workloadsComplete(objects) {
  const problems = [];
  for (const app of Object.keys(APPS)) {
    const deployment = find(objects, 'Deployment', app);
    if (!deployment) {
      problems.push(`${app}: no Deployment`);
      continue;
    }
    const labels = deployment.spec?.template?.metadata?.labels;
    const service = find(objects, 'Service', app);
    if (!service) problems.push(`${app}: no Service`);
    else if (!matches({ matchLabels: service.spec?.selector }, labels))
      problems.push(`${app}: the Service does not select the Deployment's pods`);
    const hpa = ofKind(objects, 'HorizontalPodAutoscaler').find(
      (h) => h.spec?.scaleTargetRef?.kind === 'Deployment' && h.spec.scaleTargetRef.name === app,
    );
    if (!hpa) problems.push(`${app}: no HorizontalPodAutoscaler`);
    else if (deployment.spec?.replicas !== undefined)
      problems.push(`${app}: the Deployment sets replicas, which fights the HorizontalPodAutoscaler`);
    else if (!(hpa.spec.minReplicas >= 2 && hpa.spec.maxReplicas >= hpa.spec.minReplicas))
      problems.push(`${app}: the HorizontalPodAutoscaler needs 2 <= minReplicas <= maxReplicas`);
    const pdb = ofKind(objects, 'PodDisruptionBudget').find((p) => matches(p.spec?.selector, labels));
    if (!pdb) problems.push(`${app}: no PodDisruptionBudget`);
  }
  return problems;
}

/** Startup and liveness on /health, readiness on /ready, on the port the app answers them. */
function probes(objects) {
  const problems = [];
  for (const [app, spec] of Object.entries(APPS)) {
    const container = mainContainer(find(objects, 'Deployment', app), app);
    if (!container) continue;
    for (const [probe, path] of [
      ['startupProbe', '/health'],
      ['livenessProbe', '/health'],
      ['readinessProbe', '/ready'],
    ]) {
      const get = container[probe]?.httpGet;
      if (!get) problems.push(`${app}: no ${probe}`);
      else if (get.path !== path || get.port !== spec.probePort)
        problems.push(`${app}: ${probe} must GET ${path} on port ${spec.probePort}`);
    }
  }
  return problems;
}

/** CPU and memory requests and limits on every container of every workload. */
function resources(objects) {
  const problems = [];
  for (const workload of workloads(objects)) {
    for (const container of containersOf(workload)) {
      for (const part of ['requests', 'limits']) {
        for (const resource of ['cpu', 'memory']) {
          if (container.resources?.[part]?.[resource] === undefined)
            problems.push(`${describe(workload)} ${container.name}: no ${resource} ${part.slice(0, -1)}`);
        }
      }
    }
  }
  return problems;
}

/** Every image is pinned: a tag that is not `latest`, or a digest. */
function pinnedImages(objects) {
  const problems = [];
  for (const workload of workloads(objects)) {
    for (const { name, image } of containersOf(workload)) {
      const tag = /^[^@]+:([^/:@]+)$/.exec(image ?? '')?.[1];
      if (!(image ?? '').includes('@sha256:') && (!tag || tag === 'latest'))
        problems.push(`${describe(workload)} ${name}: image '${image}' is not pinned to a tag or digest`);
    }
  }
  return problems;
}

/** The image of app `app` in a render: `<registry>/commerce-<app>:<tag>` (parts undefined when it is not). */
export const appImage = (image) => /^(?:(.+)\/)?commerce-([a-z-]+):([^/:@]+)$/.exec(image ?? '') ?? [];

/**
 * Every container of every app runs its own image from one registry at one tag per region: the single settings
 * of deploy/k8s/images (registry) and the overlay's release.yaml (tag), not a name or tag of its own.
 */
function releaseImages(objects) {
  const problems = [];
  const seen = new Map();
  for (const app of Object.keys(APPS)) {
    const deployment = find(objects, 'Deployment', app);
    for (const { name, image } of containersOf(deployment ?? {})) {
      const [, registry, imageApp, tag] = appImage(image);
      if (imageApp !== app || !registry) {
        problems.push(`${app} ${name}: image '${image}' is not <registry>/commerce-${app}:<tag>`);
        continue;
      }
      seen.set(`${registry}/…:${tag}`, `${app} ${name}`);
    }
  }
  if (seen.size > 1)
    problems.push(`the apps' images come from more than one registry or tag: ${[...seen.keys()].join(', ')}`);
  return problems;
}

/**
 * No Job runs a release's image: a Job's pod template is immutable, so `kubectl apply -k` of the next release
 * would fail on it until someone deleted it by hand. Per-release work (migrations) runs in an initContainer.
 */
function reapplicableJobs(objects) {
  return ofKind(objects, 'Job').flatMap((job) =>
    containersOf(job)
      .filter(({ image }) => appImage(image)[2] in APPS)
      .map(
        ({ name, image }) =>
          `${describe(job)} ${name}: runs the release image ${image}; a Job's pod template is immutable, so ` +
          'the next release could not be applied: use an initContainer',
      ),
  );
}

/**
 * No credential in the manifests: no Secret object, no credential in a ConfigMap or an env value, and every
 * Secret a workload reads is produced by an ExternalSecret of the same render.
 */
function noInlineSecrets(objects) {
  const problems = [];
  const produced = new Set(
    ofKind(objects, 'ExternalSecret').map((e) => e.spec?.target?.name ?? e.metadata?.name),
  );
  for (const secret of ofKind(objects, 'Secret')) problems.push(`${describe(secret)}: inline Secret`);
  for (const map of ofKind(objects, 'ConfigMap')) {
    for (const [key, value] of Object.entries(map.data ?? {})) {
      if (SECRET_ENV.test(key) || /:\/\/[^/\s:@]+:[^/\s@]+@/.test(String(value)))
        problems.push(`${describe(map)}: '${key}' holds a credential`);
    }
  }
  for (const workload of workloads(objects)) {
    const podSpec = workload.spec.template.spec;
    for (const container of containersOf(workload)) {
      for (const entry of container.env ?? []) {
        if (
          entry.value !== undefined &&
          (SECRET_ENV.test(entry.name) || /:\/\/[^/\s:@]+:[^/\s@]+@/.test(entry.value))
        )
          problems.push(
            `${describe(workload)} ${container.name}: ${entry.name} is set inline; use a secretKeyRef`,
          );
        const ref = entry.valueFrom?.secretKeyRef?.name;
        if (ref && !produced.has(ref))
          problems.push(
            `${describe(workload)} ${container.name}: Secret '${ref}' comes from no ExternalSecret`,
          );
      }
      for (const from of container.envFrom ?? []) {
        if (from.secretRef && !produced.has(from.secretRef.name))
          problems.push(
            `${describe(workload)}: Secret '${from.secretRef.name}' comes from no ExternalSecret`,
          );
      }
    }
    for (const volume of podSpec.volumes ?? []) {
      const ref = volume.secret?.secretName;
      if (ref && !produced.has(ref))
        problems.push(`${describe(workload)}: Secret '${ref}' comes from no ExternalSecret`);
    }
  }
  return problems;
}

/** Each app declares exactly the ports it listens on; its Service targets only those. */
function ports(objects) {
  const problems = [];
  for (const [app, spec] of Object.entries(APPS)) {
    const container = mainContainer(find(objects, 'Deployment', app), app);
    if (!container) continue;
    const declared = Object.fromEntries((container.ports ?? []).map((p) => [p.name, p.containerPort]));
    if (JSON.stringify(sorted(declared)) !== JSON.stringify(sorted(spec.ports)))
      problems.push(
        `${app}: declares ports ${JSON.stringify(declared)}, listens on ${JSON.stringify(spec.ports)}`,
      );
    for (const port of find(objects, 'Service', app)?.spec?.ports ?? []) {
      if (!(port.targetPort in spec.ports))
        problems.push(`${app}: Service port ${port.name} targets ${port.targetPort}`);
    }
  }
  if (!envOf(mainContainer(find(objects, 'Deployment', 'api-gateway'), 'api-gateway'), 'METRICS_PORT'))
    problems.push('api-gateway: METRICS_PORT is not set');
  return problems;
}
const sorted = (record) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

// ---- network policies ----------------------------------------------------------------------------------

const selectorKey = (selector) =>
  Object.entries(selector?.matchLabels ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('&') || '*';

function peerKey(peer) {
  if (!peer) return 'any';
  if (peer.ipBlock) {
    const { cidr, except } = peer.ipBlock;
    return cidr === '0.0.0.0/0' && !except?.length
      ? 'any'
      : `cidr:${cidr}${except?.length ? `!${except.join(',')}` : ''}`;
  }
  const parts = [];
  if (peer.namespaceSelector) parts.push(`ns:${selectorKey(peer.namespaceSelector)}`);
  if (peer.podSelector) parts.push(`pod:${selectorKey(peer.podSelector)}`);
  return parts.join(',');
}

/** `PROTO/port->peer` for every port and peer a set of rules opens ('*' for all ports). */
function ruleKeys(rules, peersField) {
  const keys = new Set();
  for (const rule of rules) {
    const peers = rule[peersField]?.length ? rule[peersField] : [undefined];
    const rulePorts = rule.ports?.length ? rule.ports : [{ protocol: '*', port: '*' }];
    for (const peer of peers) {
      for (const p of rulePorts) keys.add(`${p.protocol ?? 'TCP'}/${p.port ?? '*'}->${peerKey(peer)}`);
    }
  }
  return keys;
}

function opened(objects, labels, type) {
  const field = type === 'Egress' ? 'egress' : 'ingress';
  const rules = ofKind(objects, 'NetworkPolicy')
    .filter(
      (np) => (np.spec?.policyTypes ?? ['Ingress']).includes(type) && matches(np.spec.podSelector, labels),
    )
    .flatMap((np) => np.spec[field] ?? []);
  return ruleKeys(rules, type === 'Egress' ? 'to' : 'from');
}

const expand = (names) => new Set(names.flatMap((n) => EGRESS[n] ?? [n]));

function expectedEgress(labels) {
  const name = labels?.[NAME];
  if (APPS[name]) return expand(APPS[name].egress);
  if (OTHER_EGRESS[name]) return expand(OTHER_EGRESS[name]);
  return undefined;
}

/**
 * Everything is denied by default, and each pod may call exactly what the contract says and be called by
 * exactly whom it says: no more (a wider rule is a hole), no less (a missing one breaks a call).
 */
function networkPolicies(objects) {
  const problems = [];
  const denyAll = ofKind(objects, 'NetworkPolicy').some(
    (np) =>
      selectorKey(np.spec?.podSelector) === '*' &&
      ['Ingress', 'Egress'].every((t) => np.spec.policyTypes?.includes(t)) &&
      !np.spec.ingress?.length &&
      !np.spec.egress?.length,
  );
  if (!denyAll) problems.push('no default-deny NetworkPolicy for ingress and egress');
  for (const workload of workloads(objects)) {
    const labels = workload.spec.template.metadata?.labels ?? {};
    const want = expectedEgress(labels);
    if (!want) {
      problems.push(`${describe(workload)}: the contract says nothing of what its pods may call`);
      continue;
    }
    const checks = [
      ['egress', want, opened(objects, labels, 'Egress')],
      ['ingress', new Set(INGRESS[labels[NAME]] ?? []), opened(objects, labels, 'Ingress')],
    ];
    for (const [direction, expected, actual] of checks) {
      const extra = [...actual].filter((k) => !expected.has(k));
      const missing = [...expected].filter((k) => !actual.has(k));
      if (extra.length)
        problems.push(`${describe(workload)}: ${direction} opens ${extra.join(', ')} beyond the contract`);
      if (missing.length) problems.push(`${describe(workload)}: ${direction} lacks ${missing.join(', ')}`);
    }
    const natsClient = labels['commerce/nats-client'] === 'true';
    if (natsClient !== want.has(EGRESS.nats[0]))
      problems.push(
        `${describe(workload)}: label commerce/nats-client must be 'true' exactly when it calls NATS`,
      );
  }
  return problems;
}

// ---- routing, monitoring, migrations, NATS, region ------------------------------------------------------

/** The region's api., auth. and import. hosts route onto the gateway through the Gateway API, with the body limit. */
function routing(objects, region) {
  const problems = [];
  for (const ingress of ofKind(objects, 'Ingress'))
    problems.push(`${describe(ingress)}: use a Gateway API HTTPRoute`);
  const route = find(objects, 'HTTPRoute', 'api-gateway');
  if (!route) return [...problems, 'no HTTPRoute api-gateway'];
  const hosts = route.spec?.hostnames ?? [];
  const prefixes = hosts.map((h) => h.split('.')[0]).sort();
  if (JSON.stringify(prefixes) !== JSON.stringify([...GATEWAY_HOST_PREFIXES].sort()))
    problems.push(
      `HTTPRoute api-gateway: hostnames ${hosts.join(', ')} are not exactly ${GATEWAY_HOST_PREFIXES.join(', ')}`,
    );
  for (const host of hosts) {
    if (region && host.split('.')[1] !== region)
      problems.push(`HTTPRoute api-gateway: ${host} is not a host of ${region}`);
  }
  for (const parent of route.spec?.parentRefs ?? []) {
    const gateway = ofKind(objects, 'Gateway').find(
      (g) => g.metadata?.name === parent.name && g.metadata?.namespace === parent.namespace,
    );
    const listener = gateway?.spec?.listeners?.find((l) => l.name === parent.sectionName);
    if (listener?.protocol !== 'HTTPS')
      problems.push(
        `HTTPRoute api-gateway: no HTTPS listener ${parent.namespace}/${parent.name}/${parent.sectionName}`,
      );
    else if (
      !matches(listener.allowedRoutes?.namespaces?.selector, {
        'kubernetes.io/metadata.name': route.metadata?.namespace,
      })
    )
      problems.push(
        `HTTPRoute api-gateway: the Gateway's listener does not admit routes of ${route.metadata?.namespace}`,
      );
  }
  const backends = (route.spec?.rules ?? []).flatMap((r) => r.backendRefs ?? []);
  if (
    !backends.length ||
    backends.some((b) => b.name !== 'api-gateway' || b.port !== APPS['api-gateway'].ports.http)
  )
    problems.push('HTTPRoute api-gateway: every rule must send to Service api-gateway port 8080');
  const limit = ofKind(objects, 'ClientSettingsPolicy').find(
    (p) => p.spec?.targetRef?.kind === 'HTTPRoute' && p.spec.targetRef.name === 'api-gateway',
  );
  if (!limit || sizeBytes(limit.spec?.body?.maxSize) !== BODY_LIMIT_BYTES)
    problems.push('HTTPRoute api-gateway: no ClientSettingsPolicy limiting the body to 16 MB');
  return problems;
}
const sizeBytes = (size) => {
  const match = /^(\d+)([kmg]?)$/.exec(String(size ?? ''));
  return match ? Number(match[1]) * 1024 ** ' kmg'.indexOf(match[2] || ' ') : undefined;
};

/** Prometheus scrapes the gateway's metrics port through a ServiceMonitor. */
function monitoring(objects) {
  const service = find(objects, 'Service', 'api-gateway');
  const port = service?.spec?.ports?.find((p) => p.targetPort === 'metrics');
  const monitor = ofKind(objects, 'ServiceMonitor').find((m) =>
    matches(m.spec?.selector, service?.metadata?.labels),
  );
  if (!port) return ['api-gateway: the Service exposes no metrics port'];
  if (!monitor?.spec?.endpoints?.some((e) => e.port === port.name))
    return ['api-gateway: no ServiceMonitor scrapes the metrics port'];
  return [];
}

/**
 * Each app with a database: an initContainer `migrate` running the app's own image with MIGRATE_ONLY=true and
 * its DATABASE_URL, and a configured pool; each app with shared counters: their pool and URL. The sum of the
 * pools at the autoscalers' maxima (plus one connection per service for a starting pod's migrations) stays
 * within the PostgreSQL connection budget.
 */
function migrationsAndPools(objects) {
  const problems = [];
  const config = find(objects, 'ConfigMap', 'commerce-config');
  const budget = Number(config?.metadata?.annotations?.['commerce/postgres-max-connections']);
  let total = 0;
  for (const [app, spec] of Object.entries(APPS)) {
    if (!spec.database) continue;
    const deployment = find(objects, 'Deployment', app);
    const container = mainContainer(deployment, app);
    const migrate = deployment?.spec?.template?.spec?.initContainers?.find((c) => c.name === 'migrate');
    if (!migrate || envOf(migrate, 'MIGRATE_ONLY')?.value !== 'true')
      problems.push(`${app}: no initContainer migrate with MIGRATE_ONLY=true`);
    else if (container && migrate.image !== container.image)
      problems.push(
        `${app}: the initContainer migrate runs ${migrate.image}, the service ${container.image}`,
      );
    else if (
      JSON.stringify(envOf(migrate, 'DATABASE_URL')?.valueFrom) !==
      JSON.stringify(envOf(container, 'DATABASE_URL')?.valueFrom)
    )
      problems.push(`${app}: the initContainer migrate does not read the service's DATABASE_URL`);
    const pool = Number(envOf(container, 'DATABASE_POOL_SIZE')?.value ?? config?.data?.DATABASE_POOL_SIZE);
    if (!Number.isInteger(pool) || pool < 1) problems.push(`${app}: DATABASE_POOL_SIZE is not set`);
    const hpa = ofKind(objects, 'HorizontalPodAutoscaler').find((h) => h.spec?.scaleTargetRef?.name === app);
    total += pool * (hpa?.spec?.maxReplicas ?? 0) + 1;
  }
  for (const [app, spec] of Object.entries(APPS)) {
    if (!spec.counters) continue;
    const container = mainContainer(find(objects, 'Deployment', app), app);
    const pool = Number(envOf(container, 'RATE_LIMIT_DATABASE_POOL_SIZE')?.value);
    if (!Number.isInteger(pool) || pool < 1)
      problems.push(`${app}: RATE_LIMIT_DATABASE_POOL_SIZE is not set`);
    if (!envOf(container, 'RATE_LIMIT_DATABASE_URL')?.valueFrom?.secretKeyRef)
      problems.push(`${app}: RATE_LIMIT_DATABASE_URL does not come from a Secret`);
    const hpa = ofKind(objects, 'HorizontalPodAutoscaler').find((h) => h.spec?.scaleTargetRef?.name === app);
    total += pool * (hpa?.spec?.maxReplicas ?? 0);
  }
  if (!(budget > 0))
    problems.push('ConfigMap commerce-config: no commerce/postgres-max-connections annotation');
  else if (total > budget)
    problems.push(`PostgreSQL: the pools at maxReplicas need ${total} connections, the budget is ${budget}`);
  return problems;
}

/**
 * NATS: a cluster of 3 servers with TLS, one user per app with exactly its subjects, and the stream with 3
 * replicas. nats.conf is written in NATS's JSON form; `$VARIABLES` (passwords from the environment) are read
 * as strings.
 */
function nats(objects) {
  const problems = [];
  const set = find(objects, 'StatefulSet', 'nats');
  if (set?.spec?.replicas !== NATS.replicas)
    problems.push(`nats: the StatefulSet must run ${NATS.replicas} servers`);
  const configName = set?.spec?.template?.spec?.volumes?.find((v) => v.name === 'config')?.configMap?.name;
  const text = find(objects, 'ConfigMap', configName)?.data?.['nats.conf'];
  let conf;
  try {
    conf = JSON.parse(String(text).replace(/:\s*\$([A-Z0-9_]+)/g, ': "$$$1"'));
  } catch (error) {
    return [...problems, `nats: nats.conf is missing or unreadable (${error.message})`];
  }
  if (!conf.tls?.cert_file || !conf.tls?.key_file) problems.push('nats: client connections are not TLS');
  if (!conf.cluster?.tls?.cert_file) problems.push('nats: cluster routes are not TLS');
  if ((conf.cluster?.routes ?? []).length !== NATS.replicas)
    problems.push(`nats: the cluster needs ${NATS.replicas} routes`);
  if (!conf.jetstream) problems.push('nats: JetStream is off');
  const users = new Map((conf.authorization?.users ?? []).map((u) => [u.user, u]));
  if (conf.no_auth_user || conf.authorization?.token)
    problems.push('nats: anonymous or token access is allowed');
  for (const [app, spec] of Object.entries(APPS)) {
    const user = users.get(app);
    users.delete(app);
    if (!spec.nats) {
      if (user) problems.push(`nats: ${app} has a user but does not call NATS`);
      continue;
    }
    if (!user) {
      problems.push(`nats: no user ${app}`);
      continue;
    }
    for (const direction of ['publish', 'subscribe']) {
      const actual = JSON.stringify([...(user.permissions?.[direction]?.allow ?? [])].sort());
      if (actual !== JSON.stringify([...spec.nats[direction]].sort()))
        problems.push(
          `nats: ${app} may ${direction} ${actual}, the contract says ${JSON.stringify(spec.nats[direction])}`,
        );
    }
  }
  for (const name of users.keys()) {
    if (name !== 'nats-stream') problems.push(`nats: user ${name} is not in the contract`);
  }
  const stream = find(objects, 'Job', 'nats-stream')?.spec?.template?.spec?.containers?.[0];
  const args = [...(stream?.command ?? []), ...(stream?.args ?? [])].join(' ');
  if (!args.includes(NATS.stream) || !args.includes(`--replicas=${NATS.streamReplicas}`))
    problems.push(`nats: no Job nats-stream creating ${NATS.stream} with --replicas=${NATS.streamReplicas}`);
  return problems;
}

/** Every object carries the region label of its overlay. */
function regionLabels(objects, region) {
  if (!region) return [];
  return objects
    .filter((o) => o.metadata?.labels?.['commerce/region'] !== region)
    .map((o) => `${describe(o)}: label commerce/region is not ${region}`);
}

export const POLICIES = {
  'workloads-complete': workloadsComplete,
  probes,
  resources,
  'pinned-images': pinnedImages,
  'release-images': releaseImages,
  'reapplicable-jobs': reapplicableJobs,
  'no-inline-secrets': noInlineSecrets,
  ports,
  'network-policies': networkPolicies,
  routing,
  monitoring,
  'migrations-and-pools': migrationsAndPools,
  nats,
  'region-labels': regionLabels,
};

/** Runs every policy; each problem is prefixed with the policy's name. */
export function checkPolicies(objects, region) {
  return Object.entries(POLICIES).flatMap(([name, policy]) =>
    policy(objects, region).map((problem) => `[${name}] ${problem}`),
  );
}
