import { launchPlatform, type LaunchedPlatform } from '@commerce/platform';
import autocannon from 'autocannon';
import { markdownTable, type Measurement } from './report.js';

/**
 * `npm run bench`: Store reads at 100 and 10,000 Stores (GET by key, `where` on the key column and on a
 * localized name in the JSON document) plus the token endpoint, on the embedded platform or, with
 * NATS_URL and DATABASE_URL set, on NATS and PostgreSQL. Bounded: each run lasts BENCH_SECONDS.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SIZES = [100, 10_000];
/** Embedded mode refreshes planner statistics this often; the bench waits one interval after seeding. */
const ANALYZE_INTERVAL_MS = 3_000;

async function token(platform: LaunchedPlatform): Promise<string> {
  const basic = Buffer.from(`${platform.clientId}:${platform.clientSecret}`).toString('base64');
  const response = await fetch(`${platform.apiUrl}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

async function seed(platform: LaunchedPlatform, bearer: string, from: number, to: number): Promise<void> {
  let next = from;
  const worker = async () => {
    while (next < to) {
      const i = next++;
      const response = await fetch(`${platform.apiUrl}/${platform.projectKey}/stores`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          key: `bench-${i}`,
          name: { en: `Store ${i}` },
          countries: [{ code: i % 2 ? 'DE' : 'US' }],
        }),
      });
      if (response.status !== 201) throw new Error(`seeding store ${i} answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

async function measure(
  url: string,
  headers: Record<string, string>,
  scenario: string,
  stores: number,
  options: Partial<autocannon.Options> = {},
): Promise<Measurement> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS, ...options });
  return {
    scenario,
    stores,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function main(): Promise<void> {
  const platform = await launchPlatform({
    ...process.env,
    EMBEDDED_ANALYZE_INTERVAL_MS: String(ANALYZE_INTERVAL_MS),
  });
  const results: Measurement[] = [];
  try {
    const bearer = await token(platform);
    const headers = { authorization: `Bearer ${bearer}` };
    const base = `${platform.apiUrl}/${platform.projectKey}/stores`;
    let seeded = 0;
    for (const size of SIZES) {
      const started = Date.now();
      await seed(platform, bearer, seeded, size);
      process.stdout.write(`seeded ${size - seeded} stores in ${Date.now() - started} ms\n`);
      seeded = size;
      await new Promise((resolve) => setTimeout(resolve, ANALYZE_INTERVAL_MS + 1_000)); // steady state: statistics refreshed
      const probe = Math.floor(size / 2);
      results.push(await measure(`${base}/key=bench-${probe}`, headers, 'GET /stores/key={key}', size));
      results.push(
        await measure(
          `${base}?where=${encodeURIComponent(`key = "bench-${probe}"`)}`,
          headers,
          'GET /stores?where=key = …',
          size,
        ),
      );
      results.push(
        await measure(
          `${base}?where=${encodeURIComponent(`name(en = "Store ${probe}")`)}&withTotal=false`,
          headers,
          'GET /stores?where=name(en = …)',
          size,
        ),
      );
    }
    const basic = Buffer.from(`${platform.clientId}:${platform.clientSecret}`).toString('base64');
    results.push(
      await measure(
        `${platform.apiUrl}/oauth/token`,
        { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        'POST /oauth/token',
        seeded,
        {
          method: 'POST',
          body: 'grant_type=client_credentials',
        },
      ),
    );
  } finally {
    await platform.stop();
  }
  process.stdout.write(
    `\nmode: ${platform.mode}, ${CONNECTIONS} connections, ${SECONDS} s per scenario\n\n${markdownTable(results)}\n`,
  );
}

await main();
