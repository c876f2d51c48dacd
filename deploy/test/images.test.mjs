// The image registry and each region's tag are one setting each (deploy/check/images.mjs).
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REGIONS } from '../check/contract.mjs';
import { checkImageSettings } from '../check/images.mjs';

const k8s = join(import.meta.dirname, '..', 'k8s');
let dir;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'images-test-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of deploy/k8s with `edit(copyDir)` applied. */
function edited(edit) {
  const copy = join(dir, String(Math.random()).slice(2));
  cpSync(k8s, copy, { recursive: true });
  edit(copy);
  return copy;
}
const replaceIn = (file, from, to) => {
  const text = readFileSync(file, 'utf8');
  assert.ok(text.includes(from), `${from} in ${file}`);
  writeFileSync(file, text.replace(from, to));
};

describe('image settings', () => {
  it('every region follows deploy/k8s/images/registry.yaml and its release.yaml', () =>
    assert.deepEqual(checkImageSettings(k8s, REGIONS), []));

  it('notices a manifest that names its own registry and tag', () => {
    const copy = edited((d) =>
      replaceIn(
        join(d, 'base', 'stores-service-deployment.yaml'),
        'image: commerce-stores-service\n          imagePullPolicy',
        'image: ghcr.io/your-org/commerce-stores-service:0.1.0\n          imagePullPolicy',
      ),
    );
    const problems = checkImageSettings(copy, ['us-east-2-aws']);
    assert.ok(
      problems.some((p) => /us-east-2-aws: stores-service migrate runs '.*your-org/.test(p)),
      problems.join('\n'),
    );
  });

  it('notices an overlay that sets a tag of its own', () => {
    const copy = edited((d) =>
      replaceIn(
        join(d, 'overlays', 'eu-central-1-aws', 'kustomization.yaml'),
        'patches:\n',
        'images:\n  - name: registry.invalid:5000/deploy-check/commerce-auth-service\n    newTag: 9.9.9\n\npatches:\n',
      ),
    );
    const problems = checkImageSettings(copy, ['eu-central-1-aws']);
    assert.ok(
      problems.some((p) => /eu-central-1-aws: auth-service .*9\.9\.9/.test(p)),
      problems.join('\n'),
    );
  });

  it('notices a region without its release.yaml', () => {
    const copy = edited((d) => rmSync(join(d, 'overlays', 'us-central1-gcp', 'release.yaml')));
    assert.deepEqual(checkImageSettings(copy, ['us-central1-gcp']), [
      `no deploy/k8s/overlays/us-central1-gcp/release.yaml`,
    ]);
  });
});
