// Deployments: pinned images, probes, resources, security context and the apps' environment contract.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  APPS,
  AUTOSCALED,
  GATEWAY,
  SECRET_ENV,
  SECRET_LIKE_ENV,
  SECRET_NAME,
  requiredEnv,
} from './contract.mjs';
import { get, isObject, list, matches, objName } from './report.mjs';

export function checkDeployments(report, base, repoRoot) {
  const { expect, rel } = report;
  for (const { obj: d, file } of base.ofKind('Deployment')) {
    const name = get(d, 'metadata.name');
    const where = `${rel(file)} (${objName(d)})`;
    const pod = get(d, 'spec.template.spec') ?? {};
    expect(
      matches(get(d, 'spec.selector.matchLabels'), get(d, 'spec.template.metadata.labels')),
      where,
      'spec.selector.matchLabels does not match the pod template labels',
    );
    expect(
      Number.isInteger(pod.terminationGracePeriodSeconds),
      where,
      'terminationGracePeriodSeconds missing',
    );
    expect(list(pod.containers).length > 0, where, 'no containers');
    for (const c of list(pod.initContainers))
      checkContainer(report, `${where} init container ${c.name}`, pod, c);
    for (const c of list(pod.containers)) {
      const cw = `${where} container ${c.name}`;
      checkContainer(report, cw, pod, c);
      checkProbes(report, cw, c);
      if (APPS.includes(name)) checkEnvContract(report, base, cw, name, c);
    }
    if (AUTOSCALED.includes(name)) {
      expect(
        get(d, 'spec.replicas') === undefined,
        where,
        'spec.replicas is set but an HPA owns the count; every apply would reset it',
      );
    }
  }

  const baseDir = rel(base.dir);
  for (const app of APPS) {
    expect(!!base.byName('Deployment', app), baseDir, `no Deployment for ${app}`);
    expect(!!base.byName('Service', app), baseDir, `no Service for ${app}`);
  }
  const appsDir = join(repoRoot, 'apps');
  for (const app of existsSync(appsDir) ? readdirSync(appsDir) : []) {
    if (!existsSync(join(appsDir, app, 'package.json'))) continue;
    expect(
      APPS.includes(app),
      `apps/${app}`,
      'has no deployment; add it to deploy/ and to APPS in contract.mjs',
    );
  }
}

const declaredPorts = (c) =>
  new Set(
    list(c.ports)
      .flatMap((p) => [p.name, p.containerPort])
      .filter((p) => p != null),
  );

function checkContainer(report, where, pod, c) {
  const { expect } = report;
  const sc = c.securityContext ?? {};
  checkImage(report, where, c.image);
  for (const part of ['requests', 'limits']) {
    for (const res of ['cpu', 'memory']) {
      expect(get(c, `resources.${part}.${res}`) != null, where, `resources.${part}.${res} missing`);
    }
  }
  const podNonRoot = get(pod, 'securityContext.runAsNonRoot') === true;
  expect(
    sc.runAsNonRoot === true || (podNonRoot && sc.runAsNonRoot !== false),
    where,
    'runAsNonRoot must be true',
  );
  const uid = sc.runAsUser ?? get(pod, 'securityContext.runAsUser');
  expect(uid === undefined || uid > 0, where, 'runAsUser must not be 0');
  expect(sc.readOnlyRootFilesystem === true, where, 'securityContext.readOnlyRootFilesystem must be true');
  expect(
    sc.allowPrivilegeEscalation === false,
    where,
    'securityContext.allowPrivilegeEscalation must be false',
  );
  expect(sc.privileged !== true, where, 'privileged containers are not allowed');
  expect(
    list(get(sc, 'capabilities.drop')).includes('ALL'),
    where,
    'securityContext.capabilities.drop must include ALL',
  );
}

function checkImage(report, where, image) {
  const { expect } = report;
  if (!expect(typeof image === 'string' && image !== '', where, 'container has no image')) return;
  if (image.includes('@sha256:')) return;
  const lastPart = image.slice(image.lastIndexOf('/') + 1);
  if (!expect(lastPart.includes(':'), where, `image '${image}' has no tag (that means :latest)`)) return;
  expect(!image.endsWith(':latest'), where, `image '${image}' uses :latest; pin a version`);
}

function checkProbes(report, where, c) {
  const { expect } = report;
  const ports = declaredPorts(c);
  for (const [kind, path] of [
    ['readinessProbe', '/ready'],
    ['livenessProbe', '/health'],
    ['startupProbe', '/health'],
  ]) {
    const probe = c[kind];
    if (!expect(isObject(probe), where, `${kind} missing`)) continue;
    const http = probe.httpGet;
    if (!http) continue;
    expect(http.path === path, where, `${kind} should GET ${path} (found ${http.path})`);
    expect(ports.has(http.port), where, `${kind} port '${http.port}' is not a declared container port`);
  }
}

/** The env a container receives: name -> { value?, secret? }, checking every reference on the way. */
function containerEnv(report, base, where, c) {
  const { expect } = report;
  const env = new Map();
  const secretRef = (name, key) => {
    expect(
      name === SECRET_NAME,
      where,
      `secret reference to '${name}'; the apps read the Secret '${SECRET_NAME}'`,
    );
    if (key !== null) {
      expect(base.secretKeys.has(key), where, `secret key '${key}' is not documented in secret.example.yaml`);
    }
  };
  for (const from of list(c.envFrom)) {
    const cm = get(from, 'configMapRef.name');
    if (cm && expect(base.configMaps.has(cm), where, `envFrom ConfigMap '${cm}' is not in the base`)) {
      for (const [k, v] of Object.entries(base.configMaps.get(cm))) env.set(k, { value: String(v) });
    }
    if (from.secretRef) secretRef(from.secretRef.name, null);
  }
  for (const e of list(c.env)) {
    const ref = get(e, 'valueFrom.secretKeyRef');
    const cmRef = get(e, 'valueFrom.configMapKeyRef');
    if (ref) {
      secretRef(ref.name, ref.key);
      env.set(e.name, { secret: ref.key });
    } else if (cmRef) {
      const value = base.configMaps.get(cmRef.name)?.[cmRef.key];
      expect(
        value !== undefined,
        where,
        `env ${e.name} refers to missing ConfigMap key ${cmRef.name}/${cmRef.key}`,
      );
      env.set(e.name, { value });
    } else {
      expect(
        !SECRET_LIKE_ENV.test(e.name) || e.value === undefined || ['true', 'false'].includes(e.value),
        where,
        `env ${e.name} has an inline value; take it from the Secret by secretKeyRef`,
      );
      env.set(e.name, { value: e.value == null ? undefined : String(e.value) });
    }
  }
  return env;
}

function checkEnvContract(report, base, where, app, c) {
  const { expect } = report;
  const env = containerEnv(report, base, where, c);
  const ports = declaredPorts(c);
  for (const v of requiredEnv(app)) expect(env.has(v), where, `env ${v} is not set (runtime contract)`);
  for (const v of SECRET_ENV) {
    if (env.has(v))
      expect(env.get(v).secret !== undefined, where, `env ${v} must come from the Secret by reference`);
  }
  if (app === GATEWAY) {
    expect(!env.has('DATABASE_URL'), where, 'the gateway has no database; drop DATABASE_URL');
    const port = Number(env.get('PORT')?.value);
    expect(ports.has(port), where, `PORT ${port} is not a declared container port`);
  }
  if (app === 'auth-service') {
    expect(
      env.get('OUTBOUND_ALLOW_PRIVATE')?.value === 'false',
      where,
      'OUTBOUND_ALLOW_PRIVATE must be "false"',
    );
  }
  const healthPort = Number(env.get('HEALTH_PORT')?.value);
  expect(ports.has(healthPort), where, `HEALTH_PORT ${healthPort} is not a declared container port`);
}
