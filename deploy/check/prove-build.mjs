#!/usr/bin/env node
// The image build's stages with plain Node, for one app (a few minutes; CI runs it for stores-service, and
// prune.mjs checks every app's pruned context): turbo prune -> npm ci on the pruned manifests and lockfile -> turbo build ->
// start the app from the pruned tree with MIGRATE_ONLY=true against DATABASE_URL, which must exit 0.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/scratch node deploy/check/prove-build.mjs stores-service
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const app = process.argv[2];
const root = join(import.meta.dirname, '..', '..');
if (!app || !process.env.DATABASE_URL) {
  console.error(
    'usage: DATABASE_URL=postgres://... node deploy/check/prove-build.mjs <service with a database>',
  );
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), 'commerce-build-'));
const run = (command, args, cwd, env = {}) => {
  console.log(`$ ${command} ${args.join(' ')}`);
  execFileSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
};
try {
  const work = join(dir, 'app');
  run(
    join(root, 'node_modules', '.bin', 'turbo'),
    ['prune', `@commerce/${app}`, '--docker', '--out-dir', join(dir, 'out')],
    root,
  );
  cpSync(join(dir, 'out', 'json'), work, { recursive: true });
  run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], work);
  cpSync(join(dir, 'out', 'full'), work, { recursive: true });
  cpSync(join(root, 'tsconfig.base.json'), join(work, 'tsconfig.base.json'));
  run(join(work, 'node_modules', '.bin', 'turbo'), ['run', 'build', `--filter=@commerce/${app}`], work);
  run('node', [join('apps', app, 'dist', 'main.js')], work, { MIGRATE_ONLY: 'true', NODE_ENV: 'production' });
  console.log(`prove-build: ${app} was built from its pruned context and ran its migrations with plain Node`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
