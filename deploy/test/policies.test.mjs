// Each policy fails when the defect it guards against is put back into a rendered region.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { join } from 'node:path';
import { POLICIES, checkPolicies } from '../check/policies.mjs';
import { renderKustomization } from '../check/render.mjs';
import { validateSchemas } from '../check/schema.mjs';

const REGION = 'eu-central-1-aws';
let rendered;

before(() => {
  rendered = renderKustomization(join(import.meta.dirname, '..', 'k8s', 'overlays', REGION));
});

const copy = () => structuredClone(rendered);
const find = (objects, kind, name) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  assert.ok(found, `${kind}/${name} is rendered`);
  return found;
};
const without = (objects, kind, name) =>
  objects.filter((o) => !(o.kind === kind && o.metadata.name === name));
const container = (objects, app) => find(objects, 'Deployment', app).spec.template.spec.containers[0];
const initContainer = (objects, app) =>
  find(objects, 'Deployment', app).spec.template.spec.initContainers.find((c) => c.name === 'migrate');
const natsConf = (objects) => {
  const set = find(objects, 'StatefulSet', 'nats');
  const name = set.spec.template.spec.volumes.find((v) => v.name === 'config').configMap.name;
  return find(objects, 'ConfigMap', name);
};

/** Asserts that `policy` (and only as a consequence of the change) reports a problem matching `pattern`. */
function fails(policy, objects, pattern) {
  const problems = POLICIES[policy](objects, REGION);
  assert.ok(
    problems.some((p) => pattern.test(p)),
    `${policy} should report ${pattern}, got ${JSON.stringify(problems)}`,
  );
}

describe('the rendered region', () => {
  it('passes the schemas and every policy', async () => {
    assert.deepEqual(await validateSchemas(rendered), []);
    assert.deepEqual(checkPolicies(rendered, REGION), []);
  });
});

describe('schemas', () => {
  it('reject a field of the wrong type', async () => {
    const objects = copy();
    container(objects, 'stores-service').ports[0].containerPort = 'health';
    const problems = await validateSchemas(objects);
    assert.ok(
      problems.some((p) => /Deployment\/stores-service: .*containerPort must be integer/.test(p)),
      problems.join(),
    );
  });

  it('reject an HTTPRoute that breaks the Gateway API schema', async () => {
    const objects = copy();
    find(objects, 'HTTPRoute', 'api-gateway').spec.rules[0].backendRefs[0].port = 'http';
    assert.notDeepEqual(await validateSchemas(objects), []);
  });

  it('reject a kind with no known schema', async () => {
    const objects = [...copy(), { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } }];
    assert.deepEqual(await validateSchemas(objects), ['Widget/w: no schema known for example.com/v1 Widget']);
  });
});

describe('policies', () => {
  it('workloads-complete: every app needs a PodDisruptionBudget and an autoscaler', () => {
    fails(
      'workloads-complete',
      without(copy(), 'PodDisruptionBudget', 'insights-service'),
      /insights-service: no PodDisruptionBudget/,
    );
    fails(
      'workloads-complete',
      without(copy(), 'HorizontalPodAutoscaler', 'import-service'),
      /import-service: no HorizontalPodAutoscaler/,
    );
    fails(
      'workloads-complete',
      without(copy(), 'Service', 'instore-callback'),
      /instore-callback: no Service/,
    );
    const fixed = copy();
    find(fixed, 'Deployment', 'import-service').spec.replicas = 1;
    fails('workloads-complete', fixed, /import-service: the Deployment sets replicas/);
  });

  it('probes: readiness on /ready and liveness on /health', () => {
    const objects = copy();
    delete container(objects, 'catalog-service').readinessProbe;
    container(objects, 'auth-service').livenessProbe.httpGet.path = '/ready';
    fails('probes', objects, /catalog-service: no readinessProbe/);
    fails('probes', objects, /auth-service: livenessProbe must GET \/health/);
  });

  it('resources: every container of every workload has requests and limits', () => {
    const objects = copy();
    delete find(objects, 'StatefulSet', 'nats').spec.template.spec.containers[0].resources.limits.memory;
    fails('resources', objects, /StatefulSet\/nats nats: no memory limit/);
  });

  it('pinned-images: no latest and no missing tag', () => {
    const objects = copy();
    container(objects, 'api-gateway').image = 'ghcr.io/your-org/commerce-api-gateway:latest';
    find(objects, 'Job', 'nats-stream').spec.template.spec.containers[0].image = 'natsio/nats-box';
    fails('pinned-images', objects, /api-gateway: image .* is not pinned/);
    fails('pinned-images', objects, /Job\/nats-stream stream: image 'natsio\/nats-box' is not pinned/);
  });

  it('release-images: every app runs its own image from one registry at one tag', () => {
    const name = copy();
    container(name, 'stores-service').image = 'ghcr.io/your-org/commerce-catalog-service:0.1.0';
    fails(
      'release-images',
      name,
      /stores-service stores-service: image .* is not <registry>\/commerce-stores-service/,
    );
    const bare = copy();
    initContainer(bare, 'import-service').image = 'commerce-import-service:0.1.0';
    fails('release-images', bare, /import-service migrate: image 'commerce-import-service:0.1.0' is not/);
    const tag = copy();
    container(tag, 'auth-service').image = 'ghcr.io/your-org/commerce-auth-service:0.2.0';
    fails('release-images', tag, /more than one registry or tag/);
    const registry = copy();
    container(registry, 'api-gateway').image = 'registry.example.com/commerce-api-gateway:0.1.0';
    fails('release-images', registry, /more than one registry or tag/);
  });

  it('reapplicable-jobs: no Job runs a release image (its pod template is immutable)', () => {
    // The migrations Job this replaced: the next release's apply failed on it.
    const job = structuredClone(find(copy(), 'Job', 'nats-stream'));
    job.metadata.name = 'catalog-service-migrations';
    job.spec.template.spec.containers = [initContainer(copy(), 'catalog-service')];
    fails(
      'reapplicable-jobs',
      [...copy(), job],
      /Job\/catalog-service-migrations migrate: runs the release image .*commerce-catalog-service.*immutable/,
    );
  });

  it('no-inline-secrets: no Secret, no credential in a value, every Secret from an ExternalSecret', () => {
    const inline = [
      ...copy(),
      { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'commerce-secrets' }, stringData: {} },
    ];
    fails('no-inline-secrets', inline, /Secret\/commerce-secrets: inline Secret/);
    const value = copy();
    container(value, 'stores-service').env.push({
      name: 'DATABASE_URL',
      value: 'postgres://u:p@db/commerce',
    });
    fails('no-inline-secrets', value, /DATABASE_URL is set inline/);
    const config = copy();
    find(config, 'ConfigMap', 'commerce-config').data.NATS_URL = 'tls://api-gateway:pw@nats:4222';
    fails('no-inline-secrets', config, /'NATS_URL' holds a credential/);
    fails(
      'no-inline-secrets',
      without(copy(), 'ExternalSecret', 'auth-service-secrets'),
      /Secret 'auth-service-secrets' comes from no ExternalSecret/,
    );
  });

  it('ports: the gateway declares no port it does not listen on, and its metrics port', () => {
    const objects = copy();
    container(objects, 'api-gateway').ports.push({ name: 'debug', containerPort: 9229, protocol: 'TCP' });
    fails('ports', objects, /api-gateway: declares ports .*9229/);
    const noMetrics = copy();
    const gateway = container(noMetrics, 'api-gateway');
    gateway.env = gateway.env.filter((e) => e.name !== 'METRICS_PORT');
    fails('ports', noMetrics, /METRICS_PORT is not set/);
  });

  it("network-policies: each app's egress is exactly what it calls", () => {
    // The gateway without 443 cannot reach external OAuth introspection.
    fails(
      'network-policies',
      without(copy(), 'NetworkPolicy', 'api-gateway-egress-https'),
      /Deployment\/api-gateway: egress lacks TCP\/443->any/,
    );
    // auth-service with 443 it does not need.
    const auth = copy();
    const https = structuredClone(find(auth, 'NetworkPolicy', 'api-gateway-egress-https'));
    https.metadata.name = 'auth-egress-https';
    https.spec.podSelector.matchLabels['app.kubernetes.io/name'] = 'auth-service';
    auth.push(https);
    fails(
      'network-policies',
      auth,
      /Deployment\/auth-service: egress opens TCP\/443->any beyond the contract/,
    );
    // The old "pods of the namespace may talk to each other" opens every pod to every pod.
    const open = [
      ...copy(),
      {
        apiVersion: 'networking.k8s.io/v1',
        kind: 'NetworkPolicy',
        metadata: { name: 'allow-same-namespace' },
        spec: {
          podSelector: {},
          policyTypes: ['Ingress', 'Egress'],
          ingress: [{ from: [{ podSelector: {} }] }],
          egress: [{ to: [{ podSelector: {} }] }],
        },
      },
    ];
    fails(
      'network-policies',
      open,
      /Deployment\/stores-service: egress opens \*\/\*->pod:\* beyond the contract/,
    );
    fails('network-policies', open, /Deployment\/stores-service: ingress opens/);
    fails('network-policies', without(copy(), 'NetworkPolicy', 'default-deny'), /no default-deny/);
    fails(
      'network-policies',
      without(copy(), 'NetworkPolicy', 'instore-callback-egress-gateway'),
      /instore-callback: egress lacks TCP\/8080->pod:app.kubernetes.io\/name=api-gateway/,
    );
  });

  it('routing: the Gateway API with the region hosts and the 16 MB body limit, no Ingress', () => {
    const ingress = [
      ...copy(),
      { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name: 'api-gateway' }, spec: {} },
    ];
    fails('routing', ingress, /Ingress\/api-gateway: use a Gateway API HTTPRoute/);
    const hosts = copy();
    find(hosts, 'HTTPRoute', 'api-gateway').spec.hostnames[1] = 'auth.us-east-2-aws.example.com';
    fails('routing', hosts, /auth.us-east-2-aws.example.com is not a host of eu-central-1-aws/);
    fails(
      'routing',
      without(copy(), 'ClientSettingsPolicy', 'api-gateway-body-limit'),
      /no ClientSettingsPolicy limiting the body to 16 MB/,
    );
    fails(
      'routing',
      without(copy(), 'Gateway', 'commerce'),
      /no HTTPS listener commerce-edge\/commerce\/https/,
    );
    const plain = copy();
    find(plain, 'Gateway', 'commerce').spec.listeners[0].protocol = 'HTTP';
    fails('routing', plain, /no HTTPS listener/);
    const small = copy();
    find(small, 'ClientSettingsPolicy', 'api-gateway-body-limit').spec.body.maxSize = '1m';
    fails('routing', small, /16 MB/);
  });

  it('monitoring: a ServiceMonitor scrapes the gateway', () => {
    fails('monitoring', without(copy(), 'ServiceMonitor', 'api-gateway'), /no ServiceMonitor/);
  });

  it('migrations-and-pools: an initContainer migrate per database, pools within the connection budget', () => {
    const none = copy();
    delete find(none, 'Deployment', 'catalog-service').spec.template.spec.initContainers;
    fails('migrations-and-pools', none, /catalog-service: no initContainer migrate with MIGRATE_ONLY=true/);
    const stale = copy();
    initContainer(stale, 'auth-service').image = 'ghcr.io/your-org/commerce-auth-service:0.0.9';
    fails('migrations-and-pools', stale, /auth-service: the initContainer migrate runs .*0\.0\.9/);
    const otherDb = copy();
    initContainer(otherDb, 'stores-service').env.find(
      (e) => e.name === 'DATABASE_URL',
    ).valueFrom.secretKeyRef.name = 'catalog-service-secrets';
    fails('migrations-and-pools', otherDb, /stores-service: the initContainer migrate does not read/);
    const busy = copy();
    find(busy, 'HorizontalPodAutoscaler', 'catalog-service').spec.maxReplicas = 40;
    fails('migrations-and-pools', busy, /the pools at maxReplicas need \d+ connections, the budget is \d+/);
    const unpooled = copy();
    const gateway = container(unpooled, 'api-gateway');
    gateway.env = gateway.env.filter((e) => e.name !== 'RATE_LIMIT_DATABASE_POOL_SIZE');
    fails('migrations-and-pools', unpooled, /api-gateway: RATE_LIMIT_DATABASE_POOL_SIZE is not set/);
    const inline = copy();
    const url = container(inline, 'api-gateway').env.find((e) => e.name === 'RATE_LIMIT_DATABASE_URL');
    delete url.valueFrom;
    url.value = 'postgres://gateway:pw@db/commerce';
    fails('migrations-and-pools', inline, /api-gateway: RATE_LIMIT_DATABASE_URL does not come from a Secret/);
    const gatewayBusy = copy();
    find(gatewayBusy, 'HorizontalPodAutoscaler', 'api-gateway').spec.maxReplicas = 200;
    fails('migrations-and-pools', gatewayBusy, /the pools at maxReplicas need \d+ connections/);
  });

  it('nats: 3 servers, TLS, per-app users with their subjects only, a 3-replica stream', () => {
    const single = copy();
    find(single, 'StatefulSet', 'nats').spec.replicas = 1;
    fails('nats', single, /must run 3 servers/);
    const stream = copy();
    find(stream, 'Job', 'nats-stream').spec.template.spec.containers[0].args = ['--replicas=1'];
    fails('nats', stream, /--replicas=3/);
    const edit = (mutate) => {
      const objects = copy();
      const map = natsConf(objects);
      const conf = JSON.parse(map.data['nats.conf'].replace(/:\s*\$([A-Z0-9_]+)/g, ': "$$$1"'));
      mutate(conf);
      map.data['nats.conf'] = JSON.stringify(conf);
      return objects;
    };
    fails(
      'nats',
      edit((c) => delete c.tls),
      /client connections are not TLS/,
    );
    fails(
      'nats',
      edit((c) => (c.authorization.users[0].permissions.publish.allow = ['>'])),
      /api-gateway may publish \["\>"\]/,
    );
    fails(
      'nats',
      edit(
        (c) => (c.authorization.users = c.authorization.users.filter((u) => u.user !== 'catalog-service')),
      ),
      /no user catalog-service/,
    );
    fails(
      'nats',
      edit((c) => (c.no_auth_user = 'api-gateway')),
      /anonymous/,
    );
  });

  it('region-labels: every object carries its region', () => {
    const objects = copy();
    delete find(objects, 'Service', 'nats').metadata.labels['commerce/region'];
    fails('region-labels', objects, /Service\/nats: label commerce\/region is not eu-central-1-aws/);
  });
});
