import http from 'node:http';

/** Latency of one connection sending one request after the other: what a request costs without queueing. */
export interface SequentialLatency {
  label: string;
  requests: number;
  p50Ms: number;
  p99Ms: number;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/**
 * `requests` GETs of `url` on one kept-alive connection, each timed from sending to the last byte read,
 * after `warmup` unrecorded ones. Microsecond resolution, unlike autocannon's whole milliseconds, so the
 * cost of authentication (an authenticated read against `/health`) can be told at p50.
 */
export async function sequentialLatency(
  label: string,
  url: string,
  headers: Record<string, string>,
  requests = 2_000,
  warmup = 200,
): Promise<SequentialLatency> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const samples: number[] = [];
    for (let i = 0; i < warmup + requests; i += 1) {
      const started = process.hrtime.bigint();
      const status = await get(url, headers, agent);
      if (status >= 300) throw new Error(`${label}: ${url} answered ${status}`);
      if (i >= warmup) samples.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    samples.sort((a, b) => a - b);
    return { label, requests, p50Ms: percentile(samples, 50), p99Ms: percentile(samples, 99) };
  } finally {
    agent.destroy();
  }
}

function get(url: string, headers: Record<string, string>, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** The platform's authenticated read less its `/health`, at p50 (the target: at most 0.5 ms). */
export function authenticationCost(health: SequentialLatency, read: SequentialLatency): number {
  return read.p50Ms - health.p50Ms;
}
