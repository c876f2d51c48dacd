// The Dockerfile lint and the turbo prune check fail on the defects they guard against.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { lintDockerfile } from '../check/docker.mjs';
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
    expect(
      dockerfile.replace(/ARG NODE_IMAGE=\S+/, 'ARG NODE_IMAGE=node:20.20.2-bookworm-slim'),
      /Node 24 LTS/,
    );
    expect(
      dockerfile.replace(/ARG NODE_IMAGE=\S+/, 'ARG NODE_IMAGE=node:24-bookworm-slim'),
      /pinned by exact tag/,
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
