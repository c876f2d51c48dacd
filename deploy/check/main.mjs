#!/usr/bin/env node
// npm run deploy:check: renders every region's overlay with `kubectl kustomize`, validates each object against
// the Kubernetes and CRD schemas (schema.mjs), applies the project's policies (policies.mjs), proves the image
// registry and each region's tag are one setting each (images.mjs), lints the
// Dockerfile (docker.mjs) and proves that `turbo prune` gives an app's build context (prune.mjs).
// Prints every problem and exits 1, or a summary and exits 0.
import { join } from 'node:path';
import { REGIONS } from './contract.mjs';
import { checkDockerfile, checkNodeVersion } from './docker.mjs';
import { checkImageSettings } from './images.mjs';
import { checkPolicies } from './policies.mjs';
import { checkPrune } from './prune.mjs';
import { renderKustomization } from './render.mjs';
import { validateSchemas } from './schema.mjs';

const deployDir = join(import.meta.dirname, '..');
const problems = [];
const report = (where, list) => problems.push(...list.map((p) => `${where}: ${p}`));

let objects = 0;
for (const region of REGIONS) {
  let rendered;
  try {
    rendered = renderKustomization(join(deployDir, 'k8s', 'overlays', region));
  } catch (error) {
    report(region, [error.message]);
    continue;
  }
  objects += rendered.length;
  report(region, [...(await validateSchemas(rendered)), ...checkPolicies(rendered, region)]);
}
report('images', checkImageSettings(join(deployDir, 'k8s'), REGIONS));
report('Dockerfile', await checkDockerfile(join(deployDir, 'docker', 'Dockerfile')));
report('Node version', await checkNodeVersion(join(deployDir, '..')));
if (!process.argv.includes('--no-prune'))
  report('turbo prune', checkPrune(join(deployDir, '..'), 'api-gateway'));

if (problems.length > 0) {
  console.error(`deploy:check found ${problems.length} problem(s):`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exitCode = 1;
} else {
  console.log(
    `deploy:check: ${REGIONS.length} regions rendered with kubectl kustomize, ${objects} objects valid against their ` +
      'schemas and the policies; one image registry and one tag per region; Dockerfile linted; Node from .nvmrc; turbo prune context complete',
  );
}
