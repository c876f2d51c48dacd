#!/usr/bin/env node
// Checks the deploy/ tree without a cluster, Docker or npm packages (node:fs and node:path only):
//
//   node deploy/validate.mjs [deploy-dir]
//
// Prints a summary and exits 0, or lists every problem and exits 1. The checks live in validate/:
// kustomize.mjs (kustomizations, base, overlays), deployments.mjs (probes, resources, security, env
// contract), references.mjs (Services, HPAs, PDB, NetworkPolicies, Ingress), docker.mjs (image build);
// contract.mjs lists the regions, apps and environment they hold the manifests to.
import { dirname, join, resolve } from 'node:path';
import { checkDeployments } from './validate/deployments.mjs';
import { checkDocker } from './validate/docker.mjs';
import { checkKustomizations, checkOverlays, loadBase } from './validate/kustomize.mjs';
import { checkReferences } from './validate/references.mjs';
import { Report } from './validate/report.mjs';

const deployDir = resolve(process.argv[2] ?? import.meta.dirname);
const repoRoot = dirname(deployDir);
const k8sDir = join(deployDir, 'k8s');
const baseDir = join(k8sDir, 'base');

const report = new Report(repoRoot);
const kustomizations = checkKustomizations(report, k8sDir);
const base = { dir: baseDir, ...loadBase(report, baseDir, kustomizations) };
checkDeployments(report, base, repoRoot);
checkReferences(report, base);
const overlays = checkOverlays(report, join(k8sDir, 'overlays'), kustomizations, base);
checkDocker(report, deployDir, repoRoot);

process.exitCode = report.print(
  `${kustomizations.size} kustomizations, ${base.objects.length} base objects, ${overlays.length} overlays`,
);
