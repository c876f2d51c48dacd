// Kustomizations: referenced files exist, the base holds one object per file, and every region has an
// overlay built on ../../base whose patches aim at objects of the base.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { APPS, AUTOSCALED, REGIONS } from './contract.mjs';
import { get, isObject, list } from './report.mjs';
import { readYaml } from './yaml.mjs';

const KUSTOMIZATION_NAMES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];
const isRemote = (ref) => /^(https?:|git@|github\.com\/)/.test(ref) || ref.includes('://');

export function kustomizationIn(dir) {
  return KUSTOMIZATION_NAMES.map((f) => join(dir, f)).find((f) => existsSync(f));
}

function findKustomizations(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...findKustomizations(p));
    else if (KUSTOMIZATION_NAMES.includes(entry.name)) found.push(p);
  }
  return found;
}

/** Files and folders a kustomization refers to, as [field, path] pairs. */
function kustomizationRefs(k) {
  const refs = [];
  for (const field of [
    'resources',
    'components',
    'bases',
    'crds',
    'patchesStrategicMerge',
    'configurations',
  ]) {
    for (const r of list(k[field])) if (typeof r === 'string') refs.push([field, r]);
  }
  for (const field of ['patches', 'patchesJson6902', 'transformers', 'generators', 'validators']) {
    for (const p of list(k[field])) {
      if (typeof p === 'string') refs.push([field, p]);
      else if (isObject(p) && typeof p.path === 'string') refs.push([field, p.path]);
    }
  }
  for (const field of ['configMapGenerator', 'secretGenerator']) {
    for (const g of list(k[field])) {
      for (const f of [...list(g?.files), ...list(g?.envs), ...(g?.env ? [g.env] : [])]) {
        refs.push([field, String(f).replace(/^[^=]*=/, '')]);
      }
    }
  }
  return refs;
}

/** Checks every kustomization under k8sDir; returns Map(file -> parsed kustomization). */
export function checkKustomizations(report, k8sDir) {
  const { expect, problem, rel } = report;
  const docs = new Map();
  const files = existsSync(k8sDir) ? findKustomizations(k8sDir) : [];
  expect(files.length > 0, rel(k8sDir), 'no kustomization.yaml found');
  for (const file of files) {
    const [k] = readYaml(file, report);
    if (!isObject(k)) {
      problem(rel(file), 'empty or not a mapping');
      continue;
    }
    docs.set(file, k);
    for (const [field, ref] of kustomizationRefs(k)) {
      if (isRemote(ref)) {
        report.warn(`${rel(file)}: ${field} entry ${ref} is remote and was not checked`);
        continue;
      }
      const target = resolve(dirname(file), ref);
      if (!expect(existsSync(target), rel(file), `${field} entry '${ref}' does not exist`)) continue;
      if (statSync(target).isDirectory()) {
        expect(
          !!kustomizationIn(target),
          rel(file),
          `${field} entry '${ref}' is a folder without kustomization`,
        );
      }
    }
    for (const g of list(k.secretGenerator)) {
      problem(
        rel(file),
        `secretGenerator '${g?.name}' puts secret values in the repository; reference a Secret`,
      );
    }
  }
  return docs;
}

/**
 * Reads the base: one object per file, every file listed in its kustomization, secret.example.yaml
 * present but not listed, no Secret objects. Returns the objects and lookups over them.
 */
export function loadBase(report, baseDir, kustomizations) {
  const { expect, rel } = report;
  const kfile = kustomizationIn(baseDir);
  expect(!!kfile, rel(baseDir), 'missing kustomization.yaml');
  const resources = list(kustomizations.get(kfile)?.resources).filter((r) => typeof r === 'string');
  const objects = []; // { obj, file }
  const example = join(baseDir, 'secret.example.yaml');
  for (const name of existsSync(baseDir) ? readdirSync(baseDir).filter((f) => /\.ya?ml$/.test(f)) : []) {
    const file = join(baseDir, name);
    if (name === basename(kfile ?? '')) continue;
    if (file === example) {
      expect(!resources.includes(name), rel(kfile), `${name} must not be listed in resources`);
      continue;
    }
    expect(resources.includes(name), rel(file), 'not listed in the base kustomization.yaml resources');
    const docs = readYaml(file, report);
    if (!expect(docs.length === 1, rel(file), `holds ${docs.length} objects; keep one object per file`))
      continue;
    const [obj] = docs;
    if (
      !expect(isObject(obj) && obj.kind && get(obj, 'metadata.name'), rel(file), 'not a Kubernetes object')
    ) {
      continue;
    }
    expect(
      obj.kind !== 'Secret',
      rel(file),
      'Secrets are created outside the repository and only referenced',
    );
    objects.push({ obj, file });
  }

  expect(existsSync(example), rel(baseDir), 'missing secret.example.yaml documenting the Secret keys');
  const [exampleSecret] = existsSync(example) ? readYaml(example, report) : [];
  const ofKind = (kind) => objects.filter(({ obj }) => obj.kind === kind);
  const byName = (kind, name) => ofKind(kind).find(({ obj }) => get(obj, 'metadata.name') === name);
  const containers = ofKind('Deployment').flatMap(({ obj }) =>
    list(get(obj, 'spec.template.spec.containers')),
  );
  return {
    objects,
    ofKind,
    byName,
    secretKeys: new Set(
      isObject(exampleSecret)
        ? [...Object.keys(exampleSecret.stringData ?? {}), ...Object.keys(exampleSecret.data ?? {})]
        : [],
    ),
    configMaps: new Map(ofKind('ConfigMap').map(({ obj }) => [get(obj, 'metadata.name'), obj.data ?? {}])),
    hpaTargets: new Set(
      ofKind('HorizontalPodAutoscaler').map(({ obj }) => get(obj, 'spec.scaleTargetRef.name')),
    ),
    images: new Set(containers.map((c) => String(c.image).replace(/[:@].*$/, ''))),
  };
}

/** One overlay per region, on ../../base, with its label, image tags, hosts and scaling. */
export function checkOverlays(report, overlaysDir, kustomizations, base) {
  const { expect, rel } = report;
  const names = existsSync(overlaysDir)
    ? readdirSync(overlaysDir).filter((f) => statSync(join(overlaysDir, f)).isDirectory())
    : [];
  for (const region of REGIONS)
    expect(names.includes(region), rel(overlaysDir), `no overlay for region ${region}`);

  for (const region of names) {
    const dir = join(overlaysDir, region);
    const kfile = kustomizationIn(dir);
    if (!expect(!!kfile, rel(dir), 'no kustomization.yaml')) continue;
    const k = kustomizations.get(kfile) ?? {};
    const where = rel(kfile);
    expect(list(k.resources).includes('../../base'), where, "resources must include '../../base'");
    expect(!k.namespace || k.namespace === 'commerce', where, 'the apps run in the namespace commerce');
    expect(
      list(k.labels).some((l) => get(l, 'pairs.commerce/region') === region && l.includeSelectors !== true),
      where,
      `labels must set commerce/region: ${region} (without includeSelectors: selectors are immutable)`,
    );
    for (const img of list(k.images)) {
      expect(base.images.has(img.name), where, `images entry ${img.name} matches no image of the base`);
      const tag = img.newTag ?? img.digest;
      expect(
        tag != null && String(tag) !== 'latest',
        where,
        `image ${img.name} needs a pinned newTag (not latest)`,
      );
    }
    for (const app of APPS) {
      expect(
        list(k.images).some((img) => String(img.name).endsWith(`/commerce-${app}`)),
        where,
        `no image tag set for ${app}`,
      );
    }

    let text = readFileSync(kfile, 'utf8');
    const scaled = new Set();
    for (const p of list(k.patches)) {
      const target = isObject(p) ? p.target : null;
      if (target?.name) {
        expect(
          !!base.byName(target.kind, target.name),
          where,
          `patch target ${target.kind}/${target.name} is not an object of the base`,
        );
      }
      const file = isObject(p) && typeof p.path === 'string' ? resolve(dir, p.path) : null;
      if (!file || !existsSync(file)) continue;
      text += readFileSync(file, 'utf8');
      if (target) continue; // JSON 6902 operations, checked by kustomize itself
      for (const doc of readYaml(file, report).filter(isObject)) {
        checkStrategicPatch(
          report,
          base,
          `${rel(file)} (${doc.kind}/${get(doc, 'metadata.name')})`,
          doc,
          scaled,
        );
      }
    }
    for (const app of AUTOSCALED) {
      expect(scaled.has(app), where, `no scaling (HPA minReplicas/maxReplicas) for ${app} in this region`);
    }
    for (const h of ['api', 'auth', 'import']) {
      expect(text.includes(`${h}.${region}.`), where, `host ${h}.${region}.<domain> is not set`);
    }
    expect(!/:latest\b/.test(text), where, 'refers to a :latest image');
  }
  return names;
}

function checkStrategicPatch(report, base, where, doc, scaled) {
  const { expect } = report;
  const name = get(doc, 'metadata.name');
  expect(!!base.byName(doc.kind, name), where, 'patches an object that is not in the base');
  if (doc.kind === 'Deployment' && get(doc, 'spec.replicas') !== undefined) {
    expect(
      !base.hpaTargets.has(name),
      where,
      'sets replicas of a Deployment an HPA scales; patch the HPA instead',
    );
  }
  if (doc.kind === 'HorizontalPodAutoscaler') {
    scaled.add(name);
    const { minReplicas: min, maxReplicas: max } = doc.spec ?? {};
    expect(
      Number.isInteger(min) && Number.isInteger(max) && min >= 1 && min <= max,
      where,
      'needs 1 <= min <= max',
    );
  }
}
