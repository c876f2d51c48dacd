/**
 * The V8 flags every service process runs with in the distributed mode: the launcher's supervisor passes them,
 * and the container image sets them as NODE_OPTIONS (deploy/docker/Dockerfile; a test holds the two equal).
 *
 * `--max-semi-space-size=8` caps each of the young generation's semi-spaces at 8 MB (V8's default on a 64-bit
 * host is 16 MB): the most a busy service's young generation grows to; under load the smaller young
 * generation collects more often, which the benchmark did not show in throughput (docs/PERFORMANCE.md).
 * Start-up grows it to its cap; without `releaseStartupMemory` (startup-memory.ts), which shrinks it again
 * before the service listens, the default left every idle service about 13 MB larger.
 */
export const SERVICE_NODE_OPTIONS = ['--max-semi-space-size=8'] as const;
