// The Dockerfile lint and the turbo prune check fail on the defects they guard against.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { checkNodeVersion, lintDockerfile } from '../check/docker.mjs';
import { checkPrune, checkPrunedContext } from '../check/prune.mjs';

const root = join(import.meta.dirname, '..', '..');
const dockerfile = readFileSync(join(root, 'deploy', 'docker', 'Dockerfile'), 'utf8');

describe('Dockerfile lint', () => {
  it('passes the committed Dockerfile', () => assert.deepEqual(lintDockerfile(dockerfile), []));

  it('refuses Node 20, an unpinned tag, a root user, a missing health check or target', () => {
    const expect = (text, pattern) => {
      const problems = lintDockerfile(text);
      assert.ok(
        problems.some((p) => pattern.test(p)),
        `${pattern} in ${JSON.stringify(problems)}`,
      );
    };
    // Node's version lives in .nvmrc only: a version written in the Dockerfile is a second place.
    expect(
      dockerfile.replace(/ARG NODE_IMAGE=\S+/, 'ARG NODE_IMAGE=node:24.11.1-bookworm-slim'),
      /Node's version is written in the Dockerfile/,
    );
    expect(
      dockerfile.replace('ARG NODE_VERSION\n', 'ARG NODE_VERSION=24.11.1\n'),
      /ARG NODE_VERSION without/,
    );
    expect(
      dockerfile.replace(/ARG NODE_IMAGE=\S+/, 'ARG NODE_IMAGE=node:${NODE_VERSION}-alpine'),
      /node:\$\{NODE_VERSION\}-bookworm-slim/,
    );
    expect(dockerfile.replace('USER 1000:1000', 'USER root'), /numeric non-root/);
    expect(
      dockerfile.replace(/(FROM runtime AS stores-service\n(?:.*\n)*?)HEALTHCHECK [^\n]*\n[^\n]*\n/, '$1'),
      /stores-service: no HEALTHCHECK/,
    );
    expect(
      dockerfile.replace('FROM runtime AS instore-callback', 'FROM runtime AS instore'),
      /no target instore-callback/,
    );
    expect(dockerfile.replace(/EXPOSE 8080 9464/, 'EXPOSE 8080'), /api-gateway: port 9464 is not exposed/);
    expect(dockerfile.replace('EXPOSE 8081', 'EXPOSE abc'), /Invalid containerPort/);
  });
});

const NODE_VERSION_FILES = [
  '.nvmrc',
  'package.json',
  'apps/api-gateway/package.json',
  'deploy/docker/build-all.sh',
  'deploy/docker/Dockerfile',
  'deploy/k8s/images/registry.yaml',
];

describe("Node's version", () => {
  /** A copy of the files checkNodeVersion reads, with `edit(dir)` applied. */
  const withCopy = async (edit) => {
    const dir = mkdtempSync(join(tmpdir(), 'node-version-'));
    try {
      for (const file of NODE_VERSION_FILES) {
        mkdirSync(dirname(join(dir, file)), { recursive: true });
        cpSync(join(root, file), join(dir, file));
      }
      edit(dir);
      return await checkNodeVersion(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('is .nvmrc, within engines, and what build-all.sh passes to the image build', async () =>
    assert.deepEqual(await checkNodeVersion(root), []));

  it('refuses a range in .nvmrc, a version outside engines, and a build that does not pass it', async () => {
    assert.deepEqual(await withCopy((dir) => writeFileSync(join(dir, '.nvmrc'), '24\n')), [
      ".nvmrc holds '24', not an exact x.y.z",
      "build-all.sh failed: error: .nvmrc must hold Node's exact version (x.y.z), not '24'",
    ]);
    assert.deepEqual(await withCopy((dir) => writeFileSync(join(dir, '.nvmrc'), '20.20.2\n')), [
      ".nvmrc's 20.20.2 is outside package.json's engines.node '>=22.12'",
    ]);
    const script = join('deploy', 'docker', 'build-all.sh');
    const problems = await withCopy((dir) =>
      writeFileSync(
        join(dir, script),
        readFileSync(join(dir, script), 'utf8').replace(/ +--build-arg "NODE_VERSION=\$node_version"\n/, ''),
      ),
    );
    assert.match(problems.join(), /build-all.sh does not pass NODE_VERSION=/);
  });
});

describe('turbo prune', () => {
  it("gives the gateway's workspace slice and lockfile", () =>
    assert.deepEqual(checkPrune(root, 'api-gateway'), []));

  it('notices a workspace dependency missing from the pruned context', () => {
    const dir = mkdtempSync(join(tmpdir(), 'prune-test-'));
    try {
      execFileSync(
        join(root, 'node_modules', '.bin', 'turbo'),
        ['prune', '@commerce/stores-service', '--docker', '--out-dir', join(dir, 'out')],
        {
          cwd: root,
          stdio: 'ignore',
        },
      );
      assert.deepEqual(checkPrunedContext(root, join(dir, 'out'), '@commerce/stores-service'), []);
      rmSync(join(dir, 'out', 'json', 'libs', 'persistence'), { recursive: true });
      const lock = join(dir, 'out', 'json', 'package-lock.json');
      const pruned = JSON.parse(readFileSync(lock, 'utf8'));
      delete pruned.packages['node_modules/typeorm'];
      writeFileSync(lock, JSON.stringify(pruned));
      const problems = checkPrunedContext(root, join(dir, 'out'), '@commerce/stores-service');
      assert.ok(problems.includes('out/json lacks libs/persistence/package.json'), problems.join());
      assert.ok(
        problems.some((p) => /lacks typeorm/.test(p)),
        problems.join(),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
