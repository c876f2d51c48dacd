// The image build: pinned base image, numeric non-root user, one target per app, the ignore file, the
// build script, and a lockfile that `npm ci` accepts.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { APPS } from './contract.mjs';

export function checkDocker(report, deployDir, repoRoot) {
  const { expect, rel } = report;
  const dockerfile = join(deployDir, 'docker', 'Dockerfile');
  if (expect(existsSync(dockerfile), rel(deployDir), 'missing docker/Dockerfile')) {
    checkDockerfile(report, dockerfile, repoRoot);
  }

  const ignoreFile = join(deployDir, 'docker', 'Dockerfile.dockerignore');
  if (expect(existsSync(ignoreFile), rel(deployDir), 'missing docker/Dockerfile.dockerignore')) {
    const lines = readFileSync(ignoreFile, 'utf8')
      .split(/\r?\n/)
      .map((l) => l.trim());
    for (const entry of ['**/node_modules', '**/dist', '.data', '**/.turbo', '.git']) {
      expect(lines.includes(entry), rel(ignoreFile), `does not exclude ${entry}`);
    }
  }

  const buildAll = join(deployDir, 'docker', 'build-all.sh');
  if (expect(existsSync(buildAll), rel(deployDir), 'missing docker/build-all.sh')) {
    expect((statSync(buildAll).mode & 0o111) !== 0, rel(buildAll), 'is not executable (chmod +x)');
  }

  checkLockfile(report, join(repoRoot, 'package-lock.json'));
}

function checkDockerfile(report, dockerfile, repoRoot) {
  const { expect } = report;
  const where = report.rel(dockerfile);
  const text = readFileSync(dockerfile, 'utf8');
  const args = new Map([...text.matchAll(/^ARG\s+(\w+)=(\S+)/gm)].map((m) => [m[1], m[2]]));

  for (const from of new Set([...text.matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]))) {
    const image = from.replace(/^\$\{?(\w+)\}?$/, (_, v) => args.get(v) ?? `$${v}`);
    if (/^[a-z][\w-]*$/.test(image) && text.includes(` AS ${image}\n`)) continue; // an earlier stage
    expect(/[:@]/.test(image) && !image.endsWith(':latest'), where, `base image '${image}' is not pinned`);
  }

  const users = [...text.matchAll(/^USER\s+(\S+)/gm)].map((m) => m[1]);
  expect(users.length > 0, where, 'no USER: the runtime must not run as root');
  for (const u of users) {
    expect(
      /^[1-9]\d*(:\d+)?$/.test(u),
      where,
      `USER ${u} must be a numeric non-root uid (runAsNonRoot checks it)`,
    );
  }

  for (const app of APPS) {
    const stage = new RegExp(
      `^FROM runtime AS ${app}$[^]*?^CMD \\["node", "apps/${app}/dist/main\\.js"\\]$`,
      'm',
    );
    expect(stage.test(text), where, `no target '${app}' with CMD ["node", "apps/${app}/dist/main.js"]`);
  }
  expect(/NODE_ENV=production/.test(text), where, 'the runtime does not set NODE_ENV=production');

  const pkgFile = join(repoRoot, 'package.json');
  const npm = existsSync(pkgFile)
    ? /^npm@(.+)$/.exec(JSON.parse(readFileSync(pkgFile, 'utf8')).packageManager ?? '')?.[1]
    : undefined;
  if (npm)
    expect(args.get('NPM_VERSION') === npm, where, `ARG NPM_VERSION should be ${npm} (packageManager)`);
}

/**
 * `npm ci` refuses a lockfile in which a package's optional dependency (a platform binary such as
 * @turbo/darwin-64) has no entry. Resolution walks up the node_modules folders as npm does.
 */
function checkLockfile(report, lockFile) {
  if (!existsSync(lockFile)) return;
  const packages = JSON.parse(readFileSync(lockFile, 'utf8')).packages ?? {};
  const missing = new Set();
  for (const [path, meta] of Object.entries(packages)) {
    for (const dep of Object.keys(meta.optionalDependencies ?? {})) {
      let dir = path;
      for (;;) {
        if (Object.hasOwn(packages, `${dir ? `${dir}/` : ''}node_modules/${dep}`)) break;
        if (!dir) {
          missing.add(dep);
          break;
        }
        const cut = dir.lastIndexOf('/node_modules/');
        dir = cut === -1 ? '' : dir.slice(0, cut);
      }
    }
  }
  if (missing.size > 0) {
    report.warn(
      `package-lock.json lacks ${missing.size} optional platform package(s) ` +
        `(e.g. ${[...missing].slice(0, 3).join(', ')}); \`npm ci\` in the image build refuses it ` +
        'until the lockfile is regenerated against the full npm registry',
    );
  }
}
