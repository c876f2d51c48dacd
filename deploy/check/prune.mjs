// Proves the image build's first stage without Docker: `turbo prune @commerce/<app> --docker` (the turbo of
// the lockfile) into a temporary folder must give the app, every workspace it depends on (package.json in
// out/json, sources in out/full), a lockfile that holds each of their external dependencies, and nothing of
// the other apps. `npm ci` on it is what the Dockerfile's builder stage runs (too slow for CI here).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** name -> folder of every workspace of the repository. */
function workspaces(root) {
  const map = new Map();
  for (const pattern of readJson(join(root, 'package.json')).workspaces) {
    const folders = pattern.endsWith('/*')
      ? readdirSync(join(root, pattern.slice(0, -2))).map((f) => `${pattern.slice(0, -2)}/${f}`)
      : [pattern];
    for (const folder of folders) {
      const file = join(root, folder, 'package.json');
      if (existsSync(file)) map.set(readJson(file).name, folder);
    }
  }
  return map;
}

/** The app's workspace and every workspace it depends on, transitively. */
function closure(root, all, name, seen = new Map()) {
  if (seen.has(name)) return seen;
  const folder = all.get(name);
  seen.set(name, folder);
  const manifest = readJson(join(root, folder, 'package.json'));
  for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })) {
    if (all.has(dep)) closure(root, all, dep, seen);
  }
  return seen;
}

/** Checks a pruned output folder (out/) for `name`; returns its problems. */
export function checkPrunedContext(root, out, name) {
  const problems = [];
  const all = workspaces(root);
  if (!all.has(name)) return [`no workspace ${name}`];
  const needed = closure(root, all, name);
  const lockFile = join(out, 'json', 'package-lock.json');
  if (!existsSync(lockFile)) return ['out/json/package-lock.json is missing'];
  const lock = readJson(lockFile);
  for (const [workspace, folder] of needed) {
    if (!existsSync(join(out, 'json', folder, 'package.json')))
      problems.push(`out/json lacks ${folder}/package.json`);
    if (!existsSync(join(out, 'full', folder, 'package.json'))) problems.push(`out/full lacks ${folder}`);
    if (!lock.packages?.[folder]) problems.push(`the pruned lockfile lacks the workspace ${workspace}`);
    const manifest = readJson(join(root, folder, 'package.json'));
    for (const dep of Object.keys(manifest.dependencies ?? {})) {
      if (all.has(dep)) continue;
      if (!lock.packages?.[`node_modules/${dep}`] && !lock.packages?.[`${folder}/node_modules/${dep}`])
        problems.push(`the pruned lockfile lacks ${dep} (a dependency of ${workspace})`);
    }
  }
  for (const [workspace, folder] of all) {
    if (folder.startsWith('apps/') && !needed.has(workspace) && existsSync(join(out, 'full', folder)))
      problems.push(`the pruned context holds ${folder}, which ${name} does not need`);
  }
  return problems;
}

/** Runs turbo prune for one app into a temporary folder and checks the result. */
export function checkPrune(root, app) {
  const dir = mkdtempSync(join(tmpdir(), 'commerce-prune-'));
  try {
    execFileSync(
      join(root, 'node_modules', '.bin', 'turbo'),
      ['prune', `@commerce/${app}`, '--docker', '--out-dir', join(dir, 'out')],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
      },
    );
    return checkPrunedContext(root, join(dir, 'out'), `@commerce/${app}`);
  } catch (error) {
    return [`turbo prune @commerce/${app} failed: ${String(error.stderr ?? error.message).trim()}`];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
