import { SERVICE_NODE_OPTIONS } from '@commerce/config';
import { readFileSync } from 'node:fs';

/** The supervisor passes SERVICE_NODE_OPTIONS; the container image must run services with the same flags. */
describe('the V8 flags of a service process', () => {
  it('are the same in the container image as in the launcher', () => {
    const dockerfile = readFileSync(new URL('../../../deploy/docker/Dockerfile', import.meta.url), 'utf8');
    const runtime = dockerfile.split(/^(?=FROM )/m).find((stage) => stage.includes(' AS runtime\n'));
    expect(runtime).toBeDefined();
    expect(/NODE_OPTIONS="([^"]*)"/.exec(runtime ?? '')?.[1]).toBe(SERVICE_NODE_OPTIONS.join(' '));
  });
});
