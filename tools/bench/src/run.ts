import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { writeRunResult } from '@commerce/platform';
import { benchImport } from './import-bench.js';
import { authenticationCost, sequentialLatency } from './latency.js';
import { copySearchCatalog, searchScenarios, seedSearchCatalog } from './search-bench.js';
import {
  addLineItemLoad,
  checkoutPath,
  prepareCarts,
  seedCheckoutCatalog,
  type CheckoutBenchFacts,
  type CheckoutCatalog,
  type CheckoutUpdateFigures,
} from './checkout-bench.js';
import { seedDiscounts, switchDiscounts, type DiscountBenchFacts } from './discount-bench.js';
import { switchExtension, type ExtensionBenchFacts, type ExtensionSwitch } from './extension-bench.js';
import { parseOptions, type BenchOptions, type ModeName } from './options.js';
import {
  REPO_ROOT,
  createDatabase,
  startBaseline,
  startExtensionServer,
  startNats,
  startPlatform,
  type RunningPlatform,
} from './platform.js';
import { cpuPerRequest, cpuSnapshot, describeCpu } from './cpu-time.js';
import { processName, treeMemory, treePids } from './process-tree.js';
import {
  combineRounds,
  modeSummary,
  perRoundRatio,
  runReport,
  type Machine,
  type MemoryReport,
  type ModeFacts,
  type Measurement,
  type LeanTarget,
  type Target,
} from './report.js';
import { scenarios, seedStores, storeKey, type Endpoint, type Scenario } from './scenarios.js';
import { LEAN_SCHEMA, leanSchemaSql, seedLean, sha256 } from './lean-server.js';

/**
 * `npm run bench [-- --modes all-in-one,distributed --quick --seconds 10 --connections 16,64 --sizes 100,10000
 * --scenarios <names> --no-record]`: for each mode, the platform as `npm start` runs it and a single-process
 * baseline (Fastify + pg) on the platform's own database, under the same autocannon load, side by side;
 * the platform's idle memory (its whole process tree, the database included) and its time to ready.
 * Results are printed and written to `.results/bench/` (git-ignored); no run rewrites a tracked file.
 */

const say = (line = '') => process.stdout.write(`${line}\n`);

/** The PostgreSQL processes among `pids`. */
async function postgresOf(pids: number[]): Promise<number[]> {
  const names = await Promise.all(
    pids.map((pid) => readFile(`/proc/${pid}/cmdline`, 'utf8').then(processName, () => '')),
  );
  return pids.filter((_, i) => names[i] === 'postgres');
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function clientCredentialsToken(
  apiUrl: string,
  clientId: string,
  clientSecret: string,
): Promise<string> {
  const response = await fetch(`${apiUrl}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  if (!response.ok) throw new Error(`token request answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * A project of its own for a data-set size, created through the API by the bootstrap project's admin, with
 * a token of its own admin client.
 */
async function benchProject(bootstrap: Endpoint, stores: number): Promise<Endpoint> {
  const projectKey = `${bootstrap.projectKey}-${stores}`;
  const response = await fetch(`${bootstrap.url}/${bootstrap.projectKey}/projects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bootstrap.bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify({ key: projectKey }),
  });
  if (response.status !== 201 && response.status !== 200) {
    throw new Error(`creating project ${projectKey} answered ${response.status}: ${await response.text()}`);
  }
  const { adminClient } = (await response.json()) as { adminClient: { id: string; secret: string } };
  return {
    url: bootstrap.url,
    projectKey,
    clientId: adminClient.id,
    clientSecret: adminClient.secret,
    bearer: await clientCredentialsToken(bootstrap.url, adminClient.id, adminClient.secret),
  };
}

/** The first Store, through the API: the template every seeded copy is made from. */
async function createTemplateStore(endpoint: Endpoint): Promise<void> {
  const response = await fetch(`${endpoint.url}/${endpoint.projectKey}/stores`, {
    method: 'POST',
    headers: { authorization: `Bearer ${endpoint.bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify({ key: storeKey(0), name: { en: 'Store 0' }, countries: [{ code: 'DE' }] }),
  });
  if (response.status !== 201) throw new Error(`creating the first Store answered ${response.status}`);
}

/** In the distributed mode the relay publishes the seeded Messages: wait until it is done, so it costs nothing during the load. */
async function waitForRelay(db: pg.Pool, schema = 'stores', deadlineMs = 120_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    const pending = await db
      .query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${schema}"."messages"
         WHERE NOT pg_visible_in_snapshot(tx, (SELECT snapshot FROM "${schema}"."message_relay"))`,
      )
      .then((result) => result.rows[0].n);
    if (pending === 0) return;
    await sleep(500);
  }
}

/**
 * One autocannon run. With `pids` (the processes that serve it), also the CPU time each of them spent per
 * request served.
 */
async function load(
  options: Partial<autocannon.Options>,
  connections: number,
  seconds: number,
  pids?: () => Promise<number[]>,
) {
  const before = pids ? await cpuSnapshot(await pids()) : undefined;
  const result = await autocannon({
    connections,
    duration: seconds,
    timeout: 10,
    ...options,
  } as autocannon.Options);
  const cpu =
    before && pids
      ? cpuPerRequest(before, await cpuSnapshot(await pids()), result.requests.total)
      : undefined;
  // Requests cut off at the end may still be served: let them finish before the next run reads versions.
  await sleep(500);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpu,
    cpuMs: cpu?.find(([name]) => name === 'total')?.[1],
  };
}

async function measureMode(
  mode: ModeName,
  options: BenchOptions,
  selected: Scenario[],
  measurements: Measurement[],
): Promise<ModeFacts> {
  const cleanups: Array<() => Promise<void>> = [];
  const env: NodeJS.ProcessEnv = { ...process.env };
  let extraPids: (db: pg.Pool) => Promise<number[]> = async () => [];
  const outsidePids: number[] = [];
  try {
    if (mode === 'distributed') {
      if (!env.NATS_URL) {
        const nats = await startNats();
        outsidePids.push(nats.pid);
        cleanups.unshift(nats.stop);
        env.NATS_URL = nats.url;
      }
      const database = await createDatabase(
        env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      );
      cleanups.unshift(database.drop);
      env.DATABASE_URL = database.url;
      const name = new URL(database.url).pathname.slice(1);
      // The outside PostgreSQL's backends serving this database belong to the platform's footprint.
      extraPids = async (db) =>
        (
          await db.query<{ pid: number }>(
            'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
            [name],
          )
        ).rows.map((row) => row.pid);
    } else {
      delete env.NATS_URL;
      delete env.DATABASE_URL;
    }
    // The extension bench's server listens on loopback over http: allowed as in the e2e tests (docs/SECURITY.md).
    if (options.scenarios?.some((name) => 'extensions'.includes(name))) env.OUTBOUND_ALLOW_PRIVATE = 'true';
    say(`\n== ${mode}: starting the platform`);
    const platform: RunningPlatform = await startPlatform(env);
    cleanups.unshift(platform.stop);
    say(`${platform.description} (${Math.round(platform.readyMs)} ms)`);
    const db = new pg.Pool({ connectionString: platform.databaseUrl, max: 2 });
    // An idle connection ended by the server (the platform stopping first) is not the bench's failure.
    db.on('error', (error) => say(`bench database connection: ${error.message}`));
    cleanups.unshift(() => db.end());
    const memory = async (): Promise<MemoryReport> => {
      const report = await treeMemory(platform.pid, await extraPids(db).catch(() => []));
      // The bench's own pool is not the platform's.
      const own = await db
        .query<{ pid: number }>('SELECT pg_backend_pid() AS pid')
        .then((r) => r.rows[0].pid)
        .catch(() => -1);
      return { processes: report.processes.filter((p) => p.pid !== own) };
    };
    await sleep(3_000); // let start-up work settle before calling it idle
    const idle = await memory();
    const facts: ModeFacts = { mode, description: platform.description, readyMs: platform.readyMs, idle };
    say(modeSummary(facts));

    const bearer = await clientCredentialsToken(platform.apiUrl, platform.clientId, platform.clientSecret);
    const common = {
      projectKey: platform.projectKey,
      bearer,
      clientId: platform.clientId,
      clientSecret: platform.clientSecret,
    };
    const platformEndpoint: Endpoint = { url: platform.apiUrl, ...common };
    const started = await startBaseline(platform.databaseUrl, Math.max(...options.connections));
    let baselineStopped: Promise<void> | undefined;
    const baseline = { ...started, stop: () => (baselineStopped ??= started.stop()) };
    cleanups.unshift(baseline.stop);
    // The processes a target's request costs CPU in. The platform: its tree (the embedded database
    // included), the outside database's backends of its database, the bench's nats-server. A baseline: its
    // own process and the processes of the database it runs on (the embedded server's processes, or the
    // outside server's backends of that database), so that another target's idle work is not charged to it.
    const serverPids = new Map<Target, number>([['baseline', baseline.pid]]);
    // The machine PostgreSQL's backends of the lean baseline's database (none before it is set up).
    let leanBackends: () => Promise<number[]> = async () => [];
    const platformDatabasePids = async () => [
      ...(await postgresOf(await treePids(platform.pid))),
      ...(await extraPids(db).catch(() => [])),
    ];
    const servingPids = (target: Target) => async (): Promise<number[]> => {
      if (target === 'platform') {
        return [...(await treePids(platform.pid)), ...(await extraPids(db).catch(() => [])), ...outsidePids];
      }
      const own = serverPids.get(target);
      const database = target === 'lean' ? await leanBackends() : await platformDatabasePids();
      return [...(own ? [own] : []), ...database];
    };

    // Each size is a project of its own in the same database (the first is the platform's bootstrap
    // project), so that the sizes can take turns within a round instead of being measured minutes apart.
    const sizes: Array<{
      stores: number;
      endpoints: Record<'baseline' | 'platform', Endpoint> & Partial<Record<LeanTarget, Endpoint>>;
    }> = [];
    for (const [index, stores] of options.sizes.entries()) {
      const project = index === 0 ? platformEndpoint : await benchProject(platformEndpoint, stores);
      await createTemplateStore(project);
      await seedStores(db, project.projectKey, 1, stores);
      sizes.push({ stores, endpoints: { baseline: { ...project, url: baseline.url }, platform: project } });
      say(`seeded ${stores} Stores in project ${project.projectKey}`);
    }
    if (mode === 'distributed') await waitForRelay(db);

    // The lean baseline (issue 34) on the machine's PostgreSQL and, in the all-in-one mode, on the platform's
    // own (embedded) one; in the distributed mode the platform's own is the machine's.
    const leanTargets: LeanTarget[] = [];
    if (selected.some((scenario) => scenario.lean)) {
      const places: Array<{ target: LeanTarget; url: string }> = [];
      const machineDb = await createDatabase(options.leanDatabaseUrl);
      cleanups.unshift(machineDb.drop);
      places.push({ target: 'lean', url: machineDb.url });
      const machinePool = new pg.Pool({ connectionString: machineDb.url, max: 1 });
      machinePool.on('error', () => undefined);
      cleanups.unshift(() => machinePool.end());
      const leanName = new URL(machineDb.url).pathname.slice(1);
      leanBackends = () =>
        machinePool
          .query<{ pid: number }>(
            'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
            [leanName],
          )
          .then((result) => result.rows.map((row) => row.pid))
          .catch(() => []);
      if (mode === 'embedded') places.push({ target: 'lean-own', url: platform.databaseUrl });
      for (const { target, url } of places) {
        const leanDb = new pg.Pool({ connectionString: url, max: 2 });
        leanDb.on('error', (error) => say(`lean database connection: ${error.message}`));
        cleanups.unshift(() => leanDb.end());
        for (const statement of leanSchemaSql) await leanDb.query(statement);
        for (const size of sizes) {
          const project = size.endpoints.platform;
          const template = await db.query<{ doc: object }>(
            `SELECT doc FROM "stores"."stores" WHERE project_key = $1 AND key = $2`,
            [project.projectKey, storeKey(0)],
          );
          const token = await db.query<{ scope: string }>(
            `SELECT scope FROM "auth"."tokens" WHERE token_hash = $1`,
            [sha256(project.bearer)],
          );
          await seedLean(
            leanDb,
            { ...project, scopes: token.rows[0].scope.split(' ') },
            template.rows[0].doc,
            size.stores,
          );
        }
        const server = await startBaseline(url, 10, 'lean');
        cleanups.unshift(server.stop);
        serverPids.set(target, server.pid);
        for (const size of sizes) {
          size.endpoints[target] = {
            ...size.endpoints.platform,
            url: server.url,
            db: leanDb,
            storesTable: `"${LEAN_SCHEMA}"."stores"`,
          };
        }
        leanTargets.push(target);
        say(`lean baseline (${target}) on ${new URL(url).host || 'the platform socket'}, seeded`);
      }
    }

    for (const scenario of selected) {
      for (const [index, connections] of options.connections.entries()) {
        const cells = new Map<string, Array<Awaited<ReturnType<typeof load>>>>();
        const targets: Target[] = [...(scenario.lean ? leanTargets : []), 'baseline', 'platform'];
        for (let round = 0; round < options.rounds; round++) {
          const load1 = os.loadavg()[0];
          (facts.loads ??= []).push(load1);
          say(
            `round ${round + 1}: load average ${os
              .loadavg()
              .map((n) => n.toFixed(2))
              .join(', ')}`,
          );
          // The order turns round every other round (A B, B A, ...), so a machine that speeds up or slows
          // down steadily favours neither size.
          for (const { stores, endpoints } of round % 2 ? [...sizes].reverse() : sizes) {
            for (const target of targets) {
              const run = { stores, connections, tag: `${target[0]}${stores}c${connections}r${round}` };
              const endpoint = endpoints[target]!;
              const targetDb = endpoint.db ?? db;
              if (index === 0 && round === 0) {
                // Warm-up (JIT, pools, plans), not recorded.
                await load(
                  await scenario.load(endpoint, { ...run, tag: `${run.tag}w` }, targetDb),
                  connections,
                  options.warmupSeconds,
                );
                await scenario.cleanup?.(targetDb, endpoint.projectKey);
              }
              const result = await load(
                await scenario.load(endpoint, run, targetDb),
                connections,
                options.seconds,
                servingPids(target),
              );
              await scenario.cleanup?.(targetDb, endpoint.projectKey);
              const key = `${target}/${stores}`;
              cells.set(key, [...(cells.get(key) ?? []), result]);
              say(
                `${scenario.name.padEnd(46)} c=${String(connections).padEnd(3)} ${String(stores).padStart(6)} ` +
                  `${target.padEnd(8)} ${String(result.requestsPerSecond).padStart(6)} req/s  p50 ${result.p50Ms} ms` +
                  `  p99 ${result.p99Ms} ms  errors ${result.errors}` +
                  (result.cpu ? `  CPU ms/request: ${describeCpu(result.cpu)}` : ''),
              );
            }
          }
        }
        for (const { stores } of sizes) {
          for (const target of targets) {
            measurements.push(
              combineRounds(
                { mode, target, scenario: scenario.name, stores, connections },
                cells.get(`${target}/${stores}`)!,
              ),
            );
          }
        }
      }
    }

    // One connection, one request after the other: the cost of an authenticated read over /health at p50.
    if (selected.some((scenario) => scenario.name === 'GET /stores/key={key}')) {
      // The steady state, as after seeding: no autovacuum of the loads' dead rows running meanwhile, and
      // statistics that are current (a stale count of the tokens made the baseline's generic plan scan them).
      await db.query('VACUUM (ANALYZE) "stores"."stores", "stores"."messages", "auth"."tokens"');
      // Nor the relay still publishing the Messages of the loads' writes (the distributed mode's NATS).
      if (mode === 'distributed') await waitForRelay(db);
      for (const { stores, endpoints } of sizes) {
        for (const target of ['baseline', 'platform'] as const) {
          const endpoint = endpoints[target];
          const health = await sequentialLatency('GET /health', `${endpoint.url}/health`, {});
          const read = await sequentialLatency(
            'GET /stores/key={key}',
            `${endpoint.url}/${endpoint.projectKey}/stores/key=${storeKey(Math.floor(stores / 2))}`,
            { authorization: `Bearer ${endpoint.bearer}` },
          );
          (facts.latency ??= []).push({ target, stores, health, read });
          say(
            `c=1 ${String(stores).padStart(5)} ${target.padEnd(8)} p50 /health ${health.p50Ms.toFixed(3)} ms, get by key ` +
              `${read.p50Ms.toFixed(3)} ms: authentication and read cost ${authenticationCost(health, read).toFixed(3)} ms`,
          );
        }
      }
    }

    // The checkout path (issue 30), and addLineItem with recalculation beside a Store setName, taking turns.
    if (options.scenarios?.some((name) => 'checkout'.includes(name))) {
      facts.checkout = await measureCheckout(
        platformEndpoint,
        options,
        sizes[0].endpoints.platform,
        db,
        servingPids('platform'),
      );
    }

    // addLineItem with five cart discounts and two product discounts active beside none, taking turns (issue 31).
    if (options.scenarios?.some((name) => 'discounts'.includes(name))) {
      facts.discounts = await measureDiscounts(platformEndpoint, options, servingPids('platform'));
    }

    // addLineItem with one API Extension on cart Update (answering at once) beside none, taking turns (issue 33).
    if (options.scenarios?.some((name) => 'extensions'.includes(name))) {
      facts.extensions = await measureExtensions(platformEndpoint, options, servingPids('platform'));
    }

    // Product search against the plain query endpoint, on a catalog of options.products products.
    if (!options.scenarios || options.scenarios.some((name) => 'product-projections'.includes(name))) {
      say(`\n-- product search: seeding ${options.products} products through the API`);
      const seedStarted = performance.now();
      const run = await seedSearchCatalog(platformEndpoint, options.products);
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      await db.query('ANALYZE "catalog"."product_search"');
      await db.query('ANALYZE "catalog"."products"');
      if (mode === 'distributed') await waitForRelay(db, 'catalog');
      say(`seeded in ${seedSeconds.toFixed(1)} s (${Math.round(options.products / seedSeconds)} products/s)`);
      facts.search = { products: options.products, seedSeconds, measurements: [] };
      for (const size of options.productSizes) {
        if (size > options.products) {
          say(`copying the catalog in SQL to ${size} products`);
          await copySearchCatalog(db, platform.projectKey, run, options.products, size);
          await db.query('ANALYZE "catalog"."product_search"');
        }
        for (const [index, connections] of options.connections.entries()) {
          for (const scenario of searchScenarios(platform.projectKey, run)) {
            const target = {
              url: `${platform.apiUrl}${scenario.path}`,
              headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
              ...(scenario.method ? { method: scenario.method, body: scenario.body } : {}),
            };
            if (index === 0) await load(target, connections, options.warmupSeconds);
            const result = await load(target, connections, options.seconds);
            facts.search.measurements.push({
              scenario: scenario.name,
              products: size,
              connections,
              ...result,
            });
            say(
              `${scenario.name.padEnd(50)} n=${size} c=${String(connections).padEnd(3)} ` +
                `${String(result.requestsPerSecond).padStart(6)} req/s  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms` +
                `  errors ${result.errors}`,
            );
          }
        }
      }
    }

    // The embedded price import, end to end: 10,000 prices in 500 requests of 20, across 100 products.
    if (!options.scenarios || options.scenarios.some((name) => 'import'.includes(name))) {
      const imported = await benchImport(platform);
      facts.importPricesPerSecond = Math.round(imported.pricesPerSecond);
      say(`embedded price import: ${imported.prices} prices at ${facts.importPricesPerSecond} prices/s`);
    }

    // The baseline's pool (one connection per load connection) is not the platform's idle footprint.
    await baseline.stop();
    await sleep(3_000);
    facts.afterLoad = await memory();
    return facts;
  } finally {
    for (const cleanup of cleanups)
      await cleanup().catch((error: unknown) => say(`cleanup failed: ${String(error)}`));
  }
}

type Cell = Awaited<ReturnType<typeof load>>;

/** One side of a turn-taking comparison as a row of the report: the medians over its rounds. */
function updateFigures(scenario: string, connections: number, cells: Cell[]): CheckoutUpdateFigures {
  const combined = combineRounds({ mode: '', target: 'platform', scenario, stores: 0, connections }, cells);
  return {
    scenario,
    connections,
    requestsPerSecond: combined.requestsPerSecond,
    p50Ms: combined.p50Ms,
    p99Ms: combined.p99Ms,
    errors: combined.errors,
    ...(combined.cpuMs === undefined ? {} : { cpuMs: combined.cpuMs }),
    samples: combined.samples ?? [],
  };
}

/**
 * `rounds` rounds in which two cells take turns (the order turning round every other round), the 1-minute load
 * average before each; `measure` runs one turn. Each cell's rounds, by name.
 */
async function takeTurns<N extends string>(
  names: readonly [N, N],
  rounds: number,
  loads: number[],
  connections: number,
  measure: (name: N, round: number) => Promise<Cell>,
): Promise<Record<N, Cell[]>> {
  const cells = Object.fromEntries(names.map((name) => [name, [] as Cell[]])) as Record<N, Cell[]>;
  for (let round = 0; round < rounds; round++) {
    loads.push(os.loadavg()[0]);
    say(
      `round ${round + 1}: load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(', ')}`,
    );
    for (const name of round % 2 ? [names[1], names[0]] : names) {
      const result = await measure(name, round);
      cells[name].push(result);
      say(
        `${name.padEnd(12)} c=${connections} ${String(result.requestsPerSecond).padStart(6)} req/s  ` +
          `p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  errors ${result.errors}` +
          (result.cpuMs === undefined ? '' : `  CPU ${result.cpuMs.toFixed(3)} ms/request`),
      );
    }
  }
  return cells;
}

/** req/s of `a` over `b` in each round: the median and the spread. */
function roundRatio(a: Cell[], b: Cell[]): { median: number; low: number; high: number } {
  return perRoundRatio(
    a.map((cell) => cell.requestsPerSecond),
    b.map((cell) => cell.requestsPerSecond),
  );
}

/**
 * The checkout bench (`checkout-bench.ts`): the path at each concurrency, then `addLineItem` and the Store
 * `setName` scenario taking turns in each round (the order turning round every other round), with the CPU
 * time each spent per request.
 */
async function measureCheckout(
  endpoint: Endpoint,
  options: BenchOptions,
  stores: Endpoint,
  db: pg.Pool,
  pids: () => Promise<number[]>,
): Promise<CheckoutBenchFacts> {
  say('\n-- checkout: seeding tax category, products, zone, shipping method');
  const catalog = await checkoutCatalogOf(endpoint);
  const facts: CheckoutBenchFacts = { path: [], updates: [], loads: [] };
  const setName = scenarios.find((scenario) => scenario.name === 'POST /stores/key={key} setName')!;
  for (const connections of options.connections) {
    await checkoutPath(endpoint, catalog, connections, options.warmupSeconds);
    say(`checkout path c=${connections}: load average ${os.loadavg()[0].toFixed(2)}`);
    const path = await checkoutPath(endpoint, catalog, connections, options.seconds);
    facts.path.push(path);
    say(
      `checkout path c=${connections}: ${path.cartsPerSecond} carts/s, ${path.requestsPerSecond} req/s, ` +
        `errors ${path.errors} ${path.errorSamples.join('; ')}\n` +
        path.steps
          .map((s) => `  ${s.step.padEnd(20)} p50 ${s.p50Ms} ms  p99 ${s.p99Ms} ms  (${s.count})`)
          .join('\n'),
    );
    const carts = await prepareCarts(endpoint, catalog, connections);
    const runs = {
      setName: async (tag: string) => setName.load(stores, { stores: 0, connections, tag }, db),
      addLineItem: async () => addLineItemLoad(endpoint, catalog, carts),
    };
    for (const name of ['setName', 'addLineItem'] as const)
      await load(await runs[name](`cw${connections}`), connections, options.warmupSeconds);
    const cells = await takeTurns(
      ['setName', 'addLineItem'],
      options.rounds,
      facts.loads,
      connections,
      async (name, round) =>
        load(await runs[name](`c${connections}r${round}`), connections, options.seconds, pids),
    );
    facts.updates.push(
      updateFigures('Store setName', connections, cells.setName),
      updateFigures('cart addLineItem (recalculated)', connections, cells.addLineItem),
    );
    if (connections === options.connections[0]) {
      facts.ratio = roundRatio(cells.addLineItem, cells.setName);
      say(`addLineItem / setName: ${facts.ratio.median}x (${facts.ratio.low}-${facts.ratio.high})`);
    }
  }
  return facts;
}

/**
 * The discount bench (`discount-bench.ts`): per concurrency, `addLineItem` on carts of their own with the seven
 * discounts active and with them inactive, taking turns in each round (the order turning round every other
 * round), with the CPU time each spent per request and the per-round ratio.
 */
const checkoutCatalogs = new Map<string, Promise<CheckoutCatalog>>();

/**
 * The checkout catalog of a platform's project, seeded once: the checkout and the discount scenarios share it (a
 * second zone for the same country would be a DuplicateField).
 */
function checkoutCatalogOf(endpoint: Endpoint): Promise<CheckoutCatalog> {
  const at = `${endpoint.url}/${endpoint.projectKey}`;
  let catalog = checkoutCatalogs.get(at);
  if (!catalog) checkoutCatalogs.set(at, (catalog = seedCheckoutCatalog(endpoint, Date.now().toString(36))));
  return catalog;
}

async function measureDiscounts(
  endpoint: Endpoint,
  options: BenchOptions,
  pids: () => Promise<number[]>,
): Promise<DiscountBenchFacts> {
  say('\n-- discounts: the checkout catalog, five cart discounts and two product discounts');
  const catalog = await checkoutCatalogOf(endpoint);
  const discounts = await seedDiscounts(endpoint, catalog);
  const facts: DiscountBenchFacts = { updates: [], loads: [] };
  const sides = { plain: false, discounted: true } as const;
  type Side = keyof typeof sides;
  for (const connections of options.connections) {
    const carts = {
      plain: await prepareCarts(endpoint, catalog, connections),
      discounted: await prepareCarts(endpoint, catalog, connections),
    };
    const turn = async (side: Side, seconds: number, measured?: () => Promise<number[]>) => {
      await switchDiscounts(endpoint, catalog, discounts, sides[side]);
      return load(await addLineItemLoad(endpoint, catalog, carts[side]), connections, seconds, measured);
    };
    for (const side of ['plain', 'discounted'] as const) await turn(side, options.warmupSeconds);
    const cells = await takeTurns(['plain', 'discounted'], options.rounds, facts.loads, connections, (side) =>
      turn(side, options.seconds, pids),
    );
    facts.updates.push(
      updateFigures('cart addLineItem, no discounts', connections, cells.plain),
      updateFigures('cart addLineItem, 5 cart + 2 product discounts', connections, cells.discounted),
    );
    if (connections === options.connections[0]) {
      facts.ratio = roundRatio(cells.discounted, cells.plain);
      say(
        `addLineItem with / without discounts: ${facts.ratio.median}x (${facts.ratio.low}-${facts.ratio.high})`,
      );
    }
  }
  await switchDiscounts(endpoint, catalog, discounts, false);
  return facts;
}

/**
 * The extension bench (`extension-bench.ts`): per concurrency, `addLineItem` on carts of their own with one
 * API Extension on cart Update (a local server answering at once) and without it, taking turns in each round
 * (the order turning round every other round), with the CPU time each spent per request and the per-round ratio.
 */
async function measureExtensions(
  endpoint: Endpoint,
  options: BenchOptions,
  pids: () => Promise<number[]>,
): Promise<ExtensionBenchFacts> {
  say('\n-- extensions: the checkout catalog, an HTTP extension on cart Update that answers at once');
  const catalog = await checkoutCatalogOf(endpoint);
  const server = await startExtensionServer();
  try {
    const state: ExtensionSwitch = { probe: (await prepareCarts(endpoint, catalog, 1))[0] };
    const facts: ExtensionBenchFacts = { updates: [], calls: 0, loads: [] };
    const sides = { plain: false, extension: true } as const;
    type Side = keyof typeof sides;
    for (const connections of options.connections) {
      const carts = {
        plain: await prepareCarts(endpoint, catalog, connections),
        extension: await prepareCarts(endpoint, catalog, connections),
      };
      const turn = async (side: Side, seconds: number, measured?: () => Promise<number[]>) => {
        await switchExtension(endpoint, server, state, sides[side]);
        const before = await server.calls();
        const result = await load(
          await addLineItemLoad(endpoint, catalog, carts[side]),
          connections,
          seconds,
          measured,
        );
        const calls = (await server.calls()) - before;
        if (!sides[side] && calls > 0) throw new Error(`the extension was called ${calls} times without it`);
        if (sides[side] && calls === 0) throw new Error('the extension was not called in a turn with it');
        if (sides[side] && measured) facts.calls += calls;
        return result;
      };
      for (const side of ['plain', 'extension'] as const) await turn(side, options.warmupSeconds);
      const cells = await takeTurns(
        ['plain', 'extension'],
        options.rounds,
        facts.loads,
        connections,
        (side) => turn(side, options.seconds, pids),
      );
      facts.updates.push(
        updateFigures('cart addLineItem, no extension', connections, cells.plain),
        updateFigures('cart addLineItem, 1 extension on cart Update', connections, cells.extension),
      );
      if (connections === options.connections[0]) {
        facts.ratio = roundRatio(cells.extension, cells.plain);
        say(
          `addLineItem with / without the extension: ${facts.ratio.median}x (${facts.ratio.low}-${facts.ratio.high})`,
        );
      }
    }
    await switchExtension(endpoint, server, state, false);
    return facts;
  } finally {
    await server.stop();
  }
}

function machine(): Machine {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  let commit = 'unknown';
  try {
    commit =
      git('rev-parse', '--short', 'HEAD') +
      (git('status', '--porcelain') ? ' (with uncommitted changes)' : '');
  } catch {
    // not a git checkout
  }
  return {
    cpus: os.availableParallelism(),
    memoryMb: Math.round(os.totalmem() / 1024 / 1024),
    node: process.version,
    commit,
  };
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2), process.env);
  const selected = options.scenarios
    ? scenarios.filter((s) => options.scenarios!.some((name) => s.name.includes(name)))
    : scenarios;
  // `import` and `product-projections` name the benches that run after the Store scenarios.
  const extra = (name: string) =>
    'import'.includes(name) ||
    'product-projections'.includes(name) ||
    'checkout'.includes(name) ||
    'discounts'.includes(name) ||
    'extensions'.includes(name);
  if (selected.length === 0 && !options.scenarios!.some(extra))
    throw new Error(`no scenario matches ${options.scenarios!.join(', ')}`);
  const measurements: Measurement[] = [];
  const modes: ModeFacts[] = [];
  const started = new Date();
  for (const mode of options.modes) modes.push(await measureMode(mode, options, selected, measurements));
  const report = runReport(started, machine(), options, modes, measurements);
  say(`\n${report}`);
  if (options.record) {
    const file = await writeRunResult('bench', report, started);
    say(`written to ${path.relative(process.cwd(), file)}`);
  }
}

await main();
