// The Dockerfile, linted without Docker: dockerfile-utils (the linter of the VS Code Docker extension; hadolint
// is in neither Debian nor npm) for syntax and instruction errors, plus the project's rules: the current Node
// LTS pinned by exact tag, turbo prune, npm ci from the lockfile, a numeric non-root user, and per app a
// target with its entry point and a HEALTHCHECK.
import { readFile } from 'node:fs/promises';
import { validate } from 'dockerfile-utils';
import { APPS } from './contract.mjs';

export const NODE_IMAGE = /^node:24\.\d+\.\d+-bookworm-slim$/;

export async function checkDockerfile(file) {
  return lintDockerfile(await readFile(file, 'utf8'));
}

export function lintDockerfile(text) {
  const problems = validate(text)
    .filter((d) => d.severity === 1)
    .map((d) => `line ${d.range.start.line + 1}: ${d.message}`);
  const image = /^ARG NODE_IMAGE=(\S+)$/m.exec(text)?.[1];
  if (!image || !NODE_IMAGE.test(image))
    problems.push(
      `base image '${image}' is not the Node 24 LTS pinned by exact tag (node:24.x.y-bookworm-slim)`,
    );
  if (/^FROM (?!\$\{NODE_IMAGE\}|base |prod-deps |runtime )/m.test(text))
    problems.push('a stage starts from an unpinned image');
  if (!/turbo@\$\{turbo_version\}" prune|turbo prune/.test(text))
    problems.push('the build is not pruned with turbo prune');
  if (!/\bnpm ci\b/.test(text) || /\bnpm install\b(?! --global "npm@)/.test(text))
    problems.push('dependencies must be installed with npm ci from the lockfile');
  const users = [...text.matchAll(/^USER (\S+)$/gm)].map((m) => m[1]);
  if (!users.length || !/^[1-9]\d*(:\d+)?$/.test(users.at(-1)))
    problems.push('the runtime USER must be a numeric non-root uid');
  const stages = text.split(/^(?=FROM )/m);
  for (const app of Object.keys(APPS)) {
    const stage = stages.find((s) => s.startsWith(`FROM runtime AS ${app}\n`));
    if (!stage) {
      problems.push(`no target ${app}`);
      continue;
    }
    if (!stage.includes(`CMD ["node", "apps/${app}/dist/main.js"]`))
      problems.push(`${app}: CMD is not node apps/${app}/dist/main.js`);
    if (!/^HEALTHCHECK /m.test(stage)) problems.push(`${app}: no HEALTHCHECK`);
    for (const port of Object.values(APPS[app].ports)) {
      if (!new RegExp(`^EXPOSE .*\\b${port}\\b`, 'm').test(stage))
        problems.push(`${app}: port ${port} is not exposed`);
    }
  }
  return problems;
}
