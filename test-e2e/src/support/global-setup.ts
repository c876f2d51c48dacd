import { launchPlatform, type LaunchedPlatform } from '@commerce/platform';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import S3rver from 's3rver';
// Types only: global setup runs outside jest's module mapping, so it imports no sibling at run time.
import type { TestStorage } from './storage-env.js';

/** A port that is free now (the OS picks it). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** What the insights tests need to know about the platform's settings. */
interface InsightsTestInfo {
  metricsPort: number;
  /** The vendors' OTLP ingest points at a receiver the tests start on this port. */
  vendorReceiverPort: number;
  logFile: string;
}

/**
 * Settings for the platform under test: a short export interval, the Prometheus endpoint on a free port,
 * the vendors' ingest URLs on a local receiver, and every log line kept in a file
 * (at info level) so tests can check that no secret is ever logged. Values already set win.
 */
async function insightsTestEnv(): Promise<{ env: Record<string, string>; info: InsightsTestInfo }> {
  const metricsPort = await freePort();
  const vendorReceiverPort = await freePort();
  const logFile = path.join(os.tmpdir(), `commerce-e2e-logs-${process.pid}-${Date.now()}.jsonl`);
  const vendor = (suffix: string) => `http://127.0.0.1:${vendorReceiverPort}/${suffix}`;
  const env: Record<string, string> = {
    INSIGHTS_EXPORT_INTERVAL_MS: '1000',
    INSIGHTS_FLUSH_INTERVAL_MS: '200',
    INSIGHTS_EXPORT_TIMEOUT_MS: '3000',
    INSIGHTS_EXPORT_MAX_BACKOFF_MS: '2000',
    INSIGHTS_VENDOR_A_URL: vendor('vendor-a/{region}'),
    INSIGHTS_VENDOR_B_SAAS_URL: vendor('vendor-b/{environmentId}'),
    INSIGHTS_VENDOR_B_ACTIVEGATE_URL: vendor(
      'vendor-b-ag/{activeGateDomain}/{activeGatePort}/{environmentId}',
    ),
    INSIGHTS_VENDOR_C_URL: vendor('vendor-c/{site}'),
    METRICS_PORT: String(metricsPort),
    E2E_LOG_LEVEL: 'info',
    E2E_LOG_FILE: logFile,
  };
  return { env, info: { metricsPort, vendorReceiverPort, logFile } };
}

/**
 * The distributed run (E2E_MODE=nats) stores images in a real S3-compatible server (s3rver) started here on a
 * loopback port, as production stores them in a bucket; the all-in-one run keeps them under its DATA_DIR.
 */
async function testStorage(): Promise<TestStorage> {
  if (process.env.E2E_MODE !== 'nats') {
    // The launcher's default: <DATA_DIR>/files (global setup fills in the folder once the platform runs).
    return { env: {}, info: { backend: 'local', dir: '' }, stop: async () => undefined };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'commerce-e2e-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'e2e-images' }],
  });
  const { port } = await server.run();
  return {
    env: {
      STORAGE_BACKEND: 's3',
      STORAGE_S3_BUCKET: 'e2e-images',
      STORAGE_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      STORAGE_S3_FORCE_PATH_STYLE: 'true',
      STORAGE_S3_ACCESS_KEY_ID: 'S3RVER',
      STORAGE_S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    info: { backend: 's3', dir },
    async stop() {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Boots the real platform once for the whole suite; tests read where it listens from COMMERCE_E2E_INFO. */
export default async function globalSetup(): Promise<void> {
  const insights = await insightsTestEnv();
  const storage = await testStorage();
  // Released image files and expired shopping lists and carts are deleted, and product discounts that began or
  // ended are reported, within a fifth of a second (tests poll).
  const sweep = {
    IMAGE_FILE_SWEEP_INTERVAL_MS: '200',
    SHOPPING_LIST_SWEEP_INTERVAL_MS: '200',
    CART_SWEEP_INTERVAL_MS: '200',
    PRODUCT_DISCOUNT_SWEEP_INTERVAL_MS: '200',
  };
  // A recurring order's schedule day lasts two seconds, and the scheduler looks five times a second.
  const recurring = { RECURRING_ORDER_DAY_MS: '2000', RECURRING_ORDER_TICK_MS: '200' };
  // A Subscription whose destination refuses with configuration errors for three seconds stops delivering.
  // AWS endpoints without a URL in the destination (SNS, EventBridge) go to a stand-in a test starts on this port.
  const awsPort = await freePort();
  // Google clients go to an emulator when PUBSUB_EMULATOR_HOST names one: a test serves Pub/Sub's gRPC API there.
  const pubsubPort = await freePort();
  const subscriptions = {
    PUBSUB_EMULATOR_HOST: `127.0.0.1:${pubsubPort}`,
    // Google's auth library would otherwise look for a cloud metadata server off this machine.
    METADATA_SERVER_DETECTION: 'none',
    SUBSCRIPTION_CONFIGURATION_ERROR_STOP_MS: '3000',
    AWS_ENDPOINT_URL_SNS: `http://127.0.0.1:${awsPort}`,
    AWS_ENDPOINT_URL_EVENTBRIDGE: `http://127.0.0.1:${awsPort}`,
    // The platform's own AWS identity, for destinations without keys (EventBridge).
    AWS_ACCESS_KEY_ID: 'AKIAE2EPLATFORM00001',
    AWS_SECRET_ACCESS_KEY: 'the-platforms-own-e2e-aws-secret',
  };
  const platform = await launchPlatform({
    ...insights.env,
    ...storage.env,
    ...sweep,
    ...recurring,
    ...subscriptions,
    ...process.env,
  });
  const { stop: _stop, ...info } = platform;
  if (storage.info.backend === 'local') storage.info.dir = path.join(platform.dataDir, 'files');
  const file = path.join(os.tmpdir(), `commerce-e2e-${process.pid}.json`);
  await writeFile(
    file,
    JSON.stringify({
      ...info,
      insights: { ...insights.info, logFile: process.env.E2E_LOG_FILE ?? insights.info.logFile },
      storage: storage.info,
      vendors: { awsPort, pubsubPort },
    }),
  );
  process.env.COMMERCE_E2E_INFO = file;
  (globalThis as { __PLATFORM__?: LaunchedPlatform }).__PLATFORM__ = platform;
  (globalThis as { __STORAGE__?: TestStorage }).__STORAGE__ = storage;
  // A log file of our own is removed by global teardown; one the caller named is kept.
  if (!process.env.E2E_LOG_FILE)
    (globalThis as { __E2E_LOG_FILE__?: string }).__E2E_LOG_FILE__ = insights.info.logFile;
}
