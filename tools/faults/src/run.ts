import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { writeRunResult } from '@commerce/platform';
import {
  AppProcess,
  PrivateNats,
  PrivatePostgres,
  RPC_TIMEOUT_MS,
  SERVICES,
  clusterEnv,
  freePorts,
  type AppName,
} from './cluster.js';
import { brokenInvariants, checkoutInvariants, seedCheckout, type CheckoutSetup } from './checkout-load.js';
import { addVerdicts, judgeKeyedWrite, judgeUpdateChain, outcomeOf, type Verdict } from './ledger.js';
import { CLIENT_TIMEOUT_MS, MixedLoad, call, grantToken, type Api, type WindowStats } from './load.js';
import { parseOptions, type FaultOptions } from './options.js';
import { describeKinds, renderTable, type ScenarioResult } from './report.js';
import { notificationFailure, renderNotificationTable } from './notification-ledger.js';
import { SUBSCRIBED_TYPES, SubscriptionConsumer } from './subscription-consumer.js';

const say = (line: string) => process.stdout.write(`${line}\n`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * How long a restarted component may take to answer again (`FAULTS_RECOVERY_TIMEOUT_MS`, 60 s): the start of a
 * Node process is CPU-bound, so a machine shared with other work needs longer.
 */
const RECOVERY_TIMEOUT_MS = Number(process.env.FAULTS_RECOVERY_TIMEOUT_MS ?? 60_000);
const credentials = {
  projectKey: 'faults',
  clientId: 'faults-admin-client',
  clientSecret: 'faults-admin-secret-0123456789abcdefghijkl',
};

interface Cluster {
  nats: PrivateNats;
  postgres: PrivatePostgres;
  apps: AppProcess[];
  api: Api;
  nextPort: () => number;
  env: NodeJS.ProcessEnv;
  /** The catalog the checkout part of the load orders from (set once the cluster is up). */
  checkout?: CheckoutSetup;
  /** The webhook every store and order Message is delivered to (subscribed once the cluster is up). */
  consumer?: SubscriptionConsumer;
}

async function startCluster(dir: string): Promise<Cluster> {
  const base = await freePorts(40);
  let port = base + 2;
  const nextPort = () => port++;
  const nats = new PrivateNats(base, path.join(dir, 'nats'));
  const postgres = new PrivatePostgres(base + 1, path.join(dir, 'pg'));
  const apps: AppProcess[] = [];
  let env: NodeJS.ProcessEnv = {};
  try {
    await nats.start();
    await postgres.start();
    env = clusterEnv(nats.url, postgres.url, credentials);
    apps.push(...[...SERVICES, 'api-gateway' as const].map((app) => new AppProcess(app, 1, nextPort(), env)));
    for (const app of apps) app.start();
    await Promise.all(apps.map((app) => app.ready()));
  } catch (error) {
    await Promise.all(apps.map((app) => app.kill9()));
    await nats.stop();
    await postgres.stop().catch(() => undefined);
    throw error;
  }
  const api: Api = { ...credentials, gateways: gatewaysOf(apps) };
  return { nats, postgres, apps, api, nextPort, env };
}

function gatewaysOf(apps: AppProcess[]): string[] {
  return apps.filter((app) => app.app === 'api-gateway').map((app) => app.baseUrl);
}

async function token(api: Api): Promise<string> {
  const answer = await grantToken(api);
  if (answer.status !== 200) throw new Error(`no token: ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body as { access_token: string }).access_token;
}

/**
 * Polls `probe` every 100 ms until it succeeds: the milliseconds from `since`, or undefined when `timeoutMs`
 * passed first (reported as not recovered).
 */
async function recoveredAfter(
  since: number,
  probe: () => Promise<boolean>,
  timeoutMs = RECOVERY_TIMEOUT_MS,
): Promise<number | undefined> {
  while (Date.now() - since < timeoutMs) {
    if (await probe()) return Date.now() - since;
    await pause(100);
  }
  return undefined;
}

/** The probe that proves a component answers again, through the gateway. */
function probeFor(
  api: Api,
  tokenValue: string,
  component: AppName | 'nats' | 'postgres',
  gateway = api.gateways[0],
) {
  const url = (p: string) => `${gateway}/${api.projectKey}/${p}`;
  // Any answer of the service itself (a 404 of a project without configuration too), not the gateway's 5xx.
  const ok = async (answer: Promise<{ status?: number }>) => {
    const { status } = await answer;
    return status !== undefined && status < 500;
  };
  switch (component) {
    case 'auth-service':
      return () => ok(grantToken(api, gateway));
    case 'catalog-service':
      return () => ok(call(url('channels?limit=1'), { token: tokenValue }));
    case 'insights-service':
      return () => ok(call(url('insights-configuration'), { token: tokenValue }));
    case 'import-service':
      return () => ok(call(url('import-containers?limit=1'), { token: tokenValue }));
    case 'checkout-service':
      return () => ok(call(url('zones?limit=1'), { token: tokenValue }));
    case 'stores-service':
    case 'api-gateway':
    case 'nats':
    case 'postgres':
      return () => ok(call(url('stores?limit=1'), { token: tokenValue }));
  }
}

async function createTargets(api: Api, tokenValue: string, count: number): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    const key = `target-${Date.now()}-${i}`;
    const create = () =>
      call(`${api.gateways[0]}/${api.projectKey}/stores`, {
        method: 'POST',
        token: tokenValue,
        body: { key, name: { en: key } },
      });
    // A service the last scenario restarted may still be starting: `not-applied` answers are retried until then.
    let answer = await create();
    const since = Date.now();
    while (
      answer.status === 502 &&
      outcomeOf(answer.status, answer.body) === 'not-applied' &&
      Date.now() - since < RECOVERY_TIMEOUT_MS
    ) {
      await pause(500);
      answer = await create();
    }
    if (answer.status !== 201)
      throw new Error(`target store: ${answer.status} ${JSON.stringify(answer.body)}`);
    keys.push(key);
  }
  return keys;
}

/** Every write the load made, checked in the database: present once if acknowledged, never twice. */
async function verify(
  databaseUrl: string,
  load: MixedLoad,
  checkout: CheckoutSetup,
): Promise<Verdict & { checkout: Awaited<ReturnType<typeof checkoutInvariants>> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = {
      store: ['"stores"."stores"', 'key'],
      channel: ['"catalog"."channels"', 'key'],
      import: ['"import"."import_operations"', 'resource_key'],
      // The order number is the orders' key column.
      order: ['"checkout"."orders"', 'key'],
    } as const;
    const verdicts: Verdict[] = [];
    for (const [kind, [table, column]] of Object.entries(tables)) {
      const writes = load.writes.filter((write) => write.kind === kind);
      const { rows } = await client.query<{ key: string; n: number }>(
        `SELECT ${column} AS key, count(*)::int AS n FROM ${table}
          WHERE project_key = $1 AND ${column} = ANY($2) GROUP BY ${column}`,
        [credentials.projectKey, writes.map((write) => write.key)],
      );
      const found = new Map(rows.map((row) => [row.key, row.n]));
      for (const write of writes) verdicts.push(judgeKeyedWrite(write.outcome, found.get(write.key) ?? 0));
    }
    for (const target of load.targets) {
      const { rows } = await client.query<{ version: number }>(
        'SELECT version FROM "stores"."stores" WHERE project_key = $1 AND key = $2',
        [credentials.projectKey, target.key],
      );
      verdicts.push(judgeUpdateChain(target.acked, target.unknown, (rows[0]?.version ?? 1) - 1));
    }
    return {
      ...addVerdicts(...verdicts),
      checkout: await checkoutInvariants(client, credentials.projectKey, checkout),
    };
  } finally {
    await client.end();
  }
}

interface Phase {
  name: string;
  /** The fault and the recovery; returns the recovery time if something restarted. */
  act(load: MixedLoad, tokenValue: string): Promise<number | undefined>;
  /** Seconds of steady load before and after the fault. */
  calmSeconds?: number;
  note?: (stats: WindowStats) => string;
  /** Something is stopped: 5xx are expected until it is back, and it must come back (`act` returns when). */
  fault: boolean;
  /** Whatever else the scenario must meet, as a reason it failed. */
  failed?: () => string | undefined;
}

async function runScenario(cluster: Cluster, options: FaultOptions, phase: Phase): Promise<ScenarioResult> {
  say(`\n▶ ${phase.name}`);
  const tokenValue = await token(cluster.api);
  const targets = await createTargets(cluster.api, tokenValue, 4);
  const load = new MixedLoad(cluster.api, options.rate, 'faults', targets, cluster.checkout);
  load.setToken(tokenValue);
  load.start();
  const calm = (phase.calmSeconds ?? 3) * 1_000;
  await pause(calm);
  let recoveryMs: number | undefined;
  try {
    recoveryMs = await phase.act(load, tokenValue);
    await pause(calm);
  } finally {
    await load.stop();
  }
  const stats = load.takeStats();
  const crashes = cluster.apps.flatMap((app) => app.crashes.splice(0));
  const notifications = cluster.consumer?.takeCounts();
  const { checkout, ...verdict } = await verify(cluster.postgres.url, load, cluster.checkout!);
  const broken = brokenInvariants(checkout);
  const orders = load.writes.filter((write) => write.kind === 'order');
  const ordersAcked = orders.filter((write) => write.outcome === 'acked').length;
  const result: ScenarioResult = {
    scenario: phase.name,
    requests: stats.requests,
    errors: stats.errors,
    serverErrors: stats.serverErrors,
    hung: stats.hung,
    refused: stats.refused,
    reset: stats.reset,
    badAnswers: stats.badAnswers,
    kinds: stats.kinds,
    ...verdict,
    recoveryMs,
    failure: broken.length
      ? `checkout: ${broken.join(', ')}`
      : phase.fault
        ? recoveryMs === undefined
          ? `not recovered within ${RECOVERY_TIMEOUT_MS / 1000} s`
          : undefined
        : stats.serverErrors > 0
          ? '5xx without a fault'
          : phase.failed?.(),
    note: [
      crashes.length > 0 ? `restarted after an unexpected exit: ${crashes.join(', ')}` : undefined,
      phase.note?.(stats),
      `orders ${ordersAcked} acknowledged of ${orders.length} (${checkout.orders} in the database in all; ` +
        `pending reservations left for the sweep: ${checkout.pendingWithOrder} with their order, ` +
        `${checkout.pendingWithoutOrder} without)`,
      notifications
        ? `notifications received ${notifications.received} (${notifications.repeats} repeats)`
        : undefined,
      `slowest answer ${(stats.slowest / 1000).toFixed(1)} s`,
      describeKinds(stats.kinds),
    ]
      .filter(Boolean)
      .join('; '),
  };
  say(renderTable([result]).split('\n')[2]);
  return result;
}

function killAndRestart(cluster: Cluster, name: AppName): Phase {
  return {
    name: `kill -9 ${name}, restart`,
    fault: true,
    async act(_load, tokenValue) {
      const app = cluster.apps.find((candidate) => candidate.app === name)!;
      await app.kill9();
      await pause(1_000);
      const restarted = Date.now();
      app.start();
      return recoveredAfter(
        restarted,
        probeFor(cluster.api, tokenValue, name, app.app === 'api-gateway' ? app.baseUrl : undefined),
      );
    },
  };
}

/** Revokes a token cached by every gateway; the milliseconds until each refuses it (the slowest). */
async function revocationSeen(api: Api): Promise<number | undefined> {
  const tokenValue = await token(api);
  for (const gateway of api.gateways) {
    const warm = await call(`${gateway}/${api.projectKey}/stores?limit=1`, { token: tokenValue });
    if (warm.status !== 200) throw new Error(`token not usable on ${gateway}: ${warm.status}`);
  }
  const revoked = await call(`${api.gateways[0]}/oauth/token/revoke`, {
    method: 'POST',
    basic: Buffer.from(`${api.clientId}:${api.clientSecret}`).toString('base64'),
    form: `token=${tokenValue}`,
  });
  if (revoked.status !== 200) throw new Error(`revoke: ${revoked.status} ${JSON.stringify(revoked.body)}`);
  const since = Date.now();
  const times = await Promise.all(
    api.gateways.map((gateway) =>
      recoveredAfter(
        since,
        async () =>
          (await call(`${gateway}/${api.projectKey}/stores?limit=1`, { token: tokenValue })).status === 401,
        10_000,
      ),
    ),
  );
  return times.some((time) => time === undefined) ? undefined : Math.max(...(times as number[]));
}

async function rssOf(apps: AppProcess[]): Promise<number> {
  let total = 0;
  for (const app of apps) {
    const status = await readFile(`/proc/${app.pid}/status`, 'utf8').catch(() => '');
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    if (match) total += Number(match[1]) * 1024;
  }
  return total;
}

async function main(options: FaultOptions): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'commerce-faults-'));
  // As root, PostgreSQL runs as its own user, which must be able to pass through this folder.
  await chmod(dir, 0o711);
  say(`Fault tests: ${options.rate} requests/s, soak ${options.soakSeconds} s, data in ${dir}`);
  const loadAtStart = os.loadavg()[0];
  const cluster = await startCluster(dir);
  const results: ScenarioResult[] = [];
  const consumer = new SubscriptionConsumer();
  let consumerTable = '';
  let consumerFailure: string | undefined;
  try {
    await consumer.listen();
    {
      const tokenValue = await token(cluster.api);
      const container = await call(`${cluster.api.gateways[0]}/${credentials.projectKey}/import-containers`, {
        method: 'POST',
        token: tokenValue,
        body: { key: 'faults', resourceType: 'price' },
      });
      if (container.status !== 201) throw new Error(`import container: ${container.status}`);
      cluster.checkout = await seedCheckout(cluster.api, tokenValue);
      await consumer.subscribe(cluster.api, tokenValue);
      cluster.consumer = consumer;
    }
    results.push(
      await runScenario(cluster, options, {
        name: 'steady load, no fault',
        fault: false,
        act: async () => undefined,
      }),
    );
    for (const name of [...SERVICES, 'api-gateway' as const]) {
      results.push(await runScenario(cluster, options, killAndRestart(cluster, name)));
    }
    results.push(
      await runScenario(cluster, options, {
        name: 'NATS restarted',
        fault: true,
        async act(_load, tokenValue) {
          await cluster.nats.stop();
          await pause(1_000);
          const restarted = Date.now();
          await cluster.nats.start();
          return recoveredAfter(restarted, probeFor(cluster.api, tokenValue, 'nats'));
        },
      }),
    );
    results.push(
      await runScenario(cluster, options, {
        name: 'PostgreSQL restarted',
        fault: true,
        async act(_load, tokenValue) {
          await cluster.postgres.stop();
          await pause(1_000);
          const restarted = Date.now();
          await cluster.postgres.start();
          return recoveredAfter(restarted, probeFor(cluster.api, tokenValue, 'postgres'));
        },
      }),
    );

    // Two gateways and two replicas of each service.
    const replicas = [...SERVICES, 'api-gateway' as const].map(
      (app) => new AppProcess(app, 2, cluster.nextPort(), cluster.env),
    );
    for (const app of replicas) app.start();
    await Promise.all(replicas.map((app) => app.ready()));
    cluster.apps.push(...replicas);
    cluster.api.gateways = gatewaysOf(cluster.apps);
    let revocationMs: number | undefined;
    results.push(
      await runScenario(cluster, options, {
        name: 'two gateways, two replicas of each service; a token revoked',
        fault: false,
        failed: () =>
          revocationMs === undefined
            ? 'revocation not seen within 10 s'
            : revocationMs > 1_000
              ? 'revocation seen after more than 1 s'
              : undefined,
        async act() {
          revocationMs = await revocationSeen(cluster.api);
          return undefined;
        },
        note: () => `revocation refused on both gateways after ${revocationMs ?? '(never)'} ms`,
      }),
    );
    results.push(
      await runScenario(cluster, options, {
        name: 'rolling restart: SIGTERM of one replica of each app in turn, started again',
        fault: false,
        async act() {
          let slowestStart = 0;
          for (const app of replicas) {
            // As the deployment's load balancer does (readiness, preStop): a gateway leaves the rotation
            // before it is stopped and joins it again once ready. Services leave their queue group themselves.
            if (app.app === 'api-gateway') {
              cluster.api.gateways = cluster.api.gateways.filter((url) => url !== app.baseUrl);
            }
            await app.terminate();
            app.start();
            slowestStart = Math.max(slowestStart, await app.ready());
            if (app.app === 'api-gateway') cluster.api.gateways = gatewaysOf(cluster.apps);
          }
          return slowestStart;
        },
        note: () => 'recovery: the slowest replica from its start to ready',
      }),
    );

    if (options.soakSeconds > 0) {
      let memory = '';
      results.push(
        await runScenario(cluster, options, {
          name: `soak ${options.soakSeconds} s at ${options.rate} requests/s`,
          fault: false,
          calmSeconds: 1,
          async act() {
            const warmup = Math.min(30, Math.floor(options.soakSeconds / 5));
            await pause(warmup * 1_000);
            const before = await rssOf(cluster.apps);
            await pause((options.soakSeconds - warmup) * 1_000);
            const after = await rssOf(cluster.apps);
            memory = `apps' memory ${(before / 2 ** 20).toFixed(0)} MB after ${warmup} s, ${(after / 2 ** 20).toFixed(0)} MB at the end (${(((after - before) / before) * 100).toFixed(1)} %)`;
            return undefined;
          },
          note: () => memory,
        }),
      );
    }

    // Every store and order Message the platform reports must have reached the webhook, in order per resource.
    say('\n▶ subscription consumer: waiting for every Message to be delivered');
    try {
      const { verdict, catchUpMs } = await consumer.settle(cluster.api, await token(cluster.api), 300_000);
      consumerTable = renderNotificationTable(SUBSCRIBED_TYPES, verdict, catchUpMs);
      consumerFailure =
        [
          notificationFailure(verdict),
          consumer.badSignatures > 0
            ? `${consumer.badSignatures} notifications with a bad signature`
            : undefined,
        ]
          .filter(Boolean)
          .join(', ') || undefined;
    } catch (error) {
      // The scenarios' table is still printed and written; the run fails.
      consumerFailure = `not checked: ${error instanceof Error ? error.message : String(error)}`;
      consumerTable = `Subscription consumer: **${consumerFailure}**\n`;
    }
    say(consumerTable);
  } finally {
    await consumer.close();
    await Promise.all(cluster.apps.map((app) => app.terminate()));
    await cluster.nats.stop();
    await cluster.postgres.stop();
    await rm(dir, { recursive: true, force: true });
  }

  const table = `${renderTable(results)}\n${consumerTable}`;
  say(`\n${table}`);
  const failures = results.filter(
    (r) => r.lost > 0 || r.duplicated > 0 || r.wrong > 0 || r.hung > 0 || r.badAnswers > 0 || r.failure,
  );
  const section =
    `Measured by \`npm run test:faults\` on ${new Date().toISOString().slice(0, 10)} ` +
    `(${os.cpus().length} cores, load average ${loadAtStart.toFixed(1)} at the start and ` +
    `${os.loadavg()[0].toFixed(1)} at the end; ${options.rate} requests/s, apps' \`RPC_TIMEOUT_MS\` ` +
    `${RPC_TIMEOUT_MS}, client timeout ${CLIENT_TIMEOUT_MS / 1000} s):\n\n${table}`;
  if (options.write)
    say(`written to ${path.relative(process.cwd(), await writeRunResult('faults', `${section}\n`))}`);
  if (consumerFailure) say(`Subscription consumer: ${consumerFailure}`);
  if (failures.length > 0) {
    say(
      'Writes lost, duplicated or misreported, requests without an answer, or 5xx outside a fault: ' +
        failures.map((f) => `${f.scenario}${f.failure ? ` (${f.failure})` : ''}`).join('; '),
    );
  }
  // Explicit: the embedded PostgreSQL's exit hook would otherwise end the process with 0.
  process.exit(failures.length > 0 || consumerFailure ? 1 : 0);
}

await main(parseOptions(process.argv.slice(2)));
