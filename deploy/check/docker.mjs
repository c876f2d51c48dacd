// The Dockerfile, linted without Docker: dockerfile-utils (the linter of the VS Code Docker extension; hadolint
// is in neither Debian nor npm) for syntax and instruction errors, plus the project's rules: Node's version
// from .nvmrc only (build-all.sh passes it as NODE_VERSION; the Dockerfile names none), turbo prune, npm ci from
// the lockfile, a numeric non-root user, and per app a target with its entry point and a HEALTHCHECK.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { validate } from 'dockerfile-utils';
import { APPS } from './contract.mjs';

const semver = createRequire(import.meta.url)('semver');

/**
 * .nvmrc holds one exact Node version within package.json's engines, and build-all.sh hands exactly it to the
 * Dockerfile's NODE_VERSION (checked by a dry run of the script).
 */
export async function checkNodeVersion(root) {
  const problems = [];
  const pinned = (await readFile(join(root, '.nvmrc'), 'utf8').catch(() => '')).trim();
  const engines = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')).engines?.node;
  if (!/^\d+\.\d+\.\d+$/.test(pinned)) problems.push(`.nvmrc holds '${pinned}', not an exact x.y.z`);
  else if (!engines || !semver.satisfies(pinned, engines))
    problems.push(`.nvmrc's ${pinned} is outside package.json's engines.node '${engines}'`);
  let commands = '';
  try {
    commands = execFileSync(
      'bash',
      [join(root, 'deploy', 'docker', 'build-all.sh'), '0.0.0', 'api-gateway'],
      {
        env: { ...process.env, DRY_RUN: '1' },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
  } catch (error) {
    problems.push(`build-all.sh failed: ${String(error.stderr || error.message).trim()}`);
  }
  if (commands && !commands.includes(`--build-arg NODE_VERSION=${pinned} `))
    problems.push(`build-all.sh does not pass NODE_VERSION=${pinned} (.nvmrc) to the build`);
  return problems;
}

export async function checkDockerfile(file) {
  return lintDockerfile(await readFile(file, 'utf8'));
}

export function lintDockerfile(text) {
  const problems = validate(text)
    .filter((d) => d.severity === 1)
    .map((d) => `line ${d.range.start.line + 1}: ${d.message}`);
  if (!/^ARG NODE_VERSION$/m.test(text) || /\bnode:\d/.test(text))
    problems.push("Node's version is written in the Dockerfile: declare ARG NODE_VERSION without a default");
  if (!/^ARG NODE_IMAGE=node:\$\{NODE_VERSION\}-bookworm-slim$/m.test(text))
    problems.push('the base image is not node:${NODE_VERSION}-bookworm-slim');
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
