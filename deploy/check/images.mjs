// The apps' image registry and each region's release tag are one setting each: deploy/k8s/images/registry.yaml
// and overlays/<region>/release.yaml. Proved by rendering a copy of deploy/k8s with both changed: every app
// container of every region must then run <new registry>/commerce-<app>:<new tag>, so no manifest or overlay
// names a registry or tag of its own.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { APPS } from './contract.mjs';
import { renderKustomization } from './render.mjs';

export const REGISTRY_FILE = join('images', 'registry.yaml');
export const releaseFile = (region) => join('overlays', region, 'release.yaml');

const SENTINEL_REGISTRY = 'registry.invalid:5000/deploy-check';
const sentinelTag = (region) => `0.0.0-check-${region}`;

/** Sets `data.<key>` of the ConfigMap in `file`; a problem when the file or key is missing. */
function setValue(file, key, value) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return `no ${file}`;
  }
  const doc = parseDocument(text);
  if (doc.getIn(['data', key]) === undefined) return `${file} has no data.${key}`;
  doc.setIn(['data', key], value);
  writeFileSync(file, doc.toString());
  return undefined;
}

/** Problems of the single image settings of the manifests in `k8sDir` (a copy is changed, never the tree). */
export function checkImageSettings(k8sDir, regions) {
  const copy = mkdtempSync(join(tmpdir(), 'deploy-images-'));
  try {
    cpSync(k8sDir, copy, { recursive: true });
    const problems = [];
    const missing = setValue(join(copy, REGISTRY_FILE), 'registry', SENTINEL_REGISTRY);
    if (missing) return [missing.replace(copy, 'deploy/k8s')];
    for (const region of regions) {
      const noTag = setValue(join(copy, releaseFile(region)), 'tag', sentinelTag(region));
      if (noTag) {
        problems.push(noTag.replace(copy, 'deploy/k8s'));
        continue;
      }
      let objects;
      try {
        objects = renderKustomization(join(copy, 'overlays', region));
      } catch (error) {
        problems.push(error.message.replaceAll(copy, 'deploy/k8s'));
        continue;
      }
      for (const app of Object.keys(APPS)) {
        const deployment = objects.find((o) => o.kind === 'Deployment' && o.metadata?.name === app);
        const pod = deployment?.spec?.template?.spec ?? {};
        const want = `${SENTINEL_REGISTRY}/commerce-${app}:${sentinelTag(region)}`;
        for (const { name, image } of [...(pod.initContainers ?? []), ...(pod.containers ?? [])]) {
          if (image !== want)
            problems.push(
              `${region}: ${app} ${name} runs '${image}' whatever ${REGISTRY_FILE} and ` +
                `${releaseFile(region)} say`,
            );
        }
      }
    }
    return problems;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
