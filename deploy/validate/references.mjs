// Services, HPAs, PDBs, NetworkPolicies and the Ingress point at Deployments, ports and Services that
// exist; only the gateway is reachable from outside the namespace.
import { AUTOSCALED, GATEWAY } from './contract.mjs';
import { get, isObject, list, matches, objName } from './report.mjs';

export function checkReferences(report, base) {
  const { expect, rel } = report;
  const deployments = base.ofKind('Deployment');
  const selected = (selector) =>
    deployments.filter(({ obj }) => matches(selector, get(obj, 'spec.template.metadata.labels')));
  const nameOf = ({ obj }) => get(obj, 'metadata.name');
  const at = (file, obj) => `${rel(file)} (${objName(obj)})`;

  for (const { obj: s, file } of base.ofKind('Service')) {
    const targets = selected(s.spec?.selector);
    if (!expect(targets.length > 0, at(file, s), 'selector matches no Deployment')) continue;
    const ports = new Set(
      targets.flatMap(({ obj }) =>
        list(get(obj, 'spec.template.spec.containers')).flatMap((c) =>
          list(c.ports).flatMap((p) => [p.name, p.containerPort]),
        ),
      ),
    );
    for (const p of list(get(s, 'spec.ports'))) {
      const target = p.targetPort ?? p.port;
      expect(ports.has(target), at(file, s), `targetPort '${target}' is not a container port`);
    }
  }

  for (const { obj: h, file } of base.ofKind('HorizontalPodAutoscaler')) {
    const target = get(h, 'spec.scaleTargetRef.name');
    expect(
      get(h, 'spec.scaleTargetRef.kind') === 'Deployment' && !!base.byName('Deployment', target),
      at(file, h),
      `scaleTargetRef ${target} is not a Deployment of the base`,
    );
    const { minReplicas: min, maxReplicas: max } = h.spec ?? {};
    expect(
      Number.isInteger(min) && Number.isInteger(max) && min >= 1 && min <= max,
      at(file, h),
      'needs 1 <= min <= max',
    );
  }
  for (const app of AUTOSCALED) {
    expect(base.hpaTargets.has(app), rel(base.dir), `no HorizontalPodAutoscaler for ${app}`);
  }

  const pdbs = base.ofKind('PodDisruptionBudget');
  for (const { obj: p, file } of pdbs) {
    expect(
      selected(get(p, 'spec.selector.matchLabels')).length > 0,
      at(file, p),
      'selector matches no Deployment',
    );
  }
  expect(
    pdbs.some(({ obj }) =>
      selected(get(obj, 'spec.selector.matchLabels')).some((d) => nameOf(d) === GATEWAY),
    ),
    rel(base.dir),
    'no PodDisruptionBudget for the gateway',
  );

  const policies = base.ofKind('NetworkPolicy');
  for (const { obj: n, file } of policies) {
    const sel = get(n, 'spec.podSelector.matchLabels');
    if (sel) expect(selected(sel).length > 0, at(file, n), 'podSelector matches no Deployment');
    const fromOutside = list(get(n, 'spec.ingress'))
      .flatMap((rule) => list(rule.from))
      .some((from) => from.namespaceSelector !== undefined || from.ipBlock !== undefined);
    if (fromOutside) {
      expect(
        !!sel && selected(sel).every((d) => nameOf(d) === GATEWAY),
        at(file, n),
        'only the gateway may accept traffic from outside the namespace',
      );
    }
  }
  expect(
    policies.some(
      ({ obj }) =>
        isObject(get(obj, 'spec.podSelector')) &&
        !get(obj, 'spec.podSelector.matchLabels') &&
        list(obj.spec.policyTypes).includes('Ingress') &&
        !obj.spec.ingress,
    ),
    rel(base.dir),
    'no default-deny ingress NetworkPolicy',
  );

  for (const { obj: ing, file } of base.ofKind('Ingress')) {
    const where = at(file, ing);
    const hosts = list(get(ing, 'spec.rules')).map((r) => String(r.host));
    expect(hosts.length === 3, where, 'expected the three hosts api., auth. and import.');
    for (const prefix of ['api.', 'auth.', 'import.']) {
      expect(
        hosts.some((h) => h.startsWith(prefix)),
        where,
        `no ${prefix}<region>.<domain> host`,
      );
    }
    const tls = list(get(ing, 'spec.tls'));
    expect(tls.length > 0 && tls.every((t) => !!t.secretName), where, 'TLS with a secretName is required');
    for (const path of list(get(ing, 'spec.rules')).flatMap((r) => list(get(r, 'http.paths')))) {
      const svcName = get(path, 'backend.service.name');
      const port = get(path, 'backend.service.port.number') ?? get(path, 'backend.service.port.name');
      const svc = base.byName('Service', svcName);
      expect(
        !!svc && list(get(svc.obj, 'spec.ports')).some((p) => p.port === port || p.name === port),
        where,
        `backend ${svcName}:${port} is not a Service port of the base`,
      );
    }
  }
}
