import { launchPlatform, type LaunchedPlatform } from '@commerce/platform';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import net from 'node:net';

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
 * the vendors' ingest URLs on a local receiver, a test encryption key, and every log line kept in a file
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
    INSIGHTS_ENCRYPTION_KEYS: randomBytes(32).toString('base64'),
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

/** Boots the real platform once for the whole suite; tests read where it listens from COMMERCE_E2E_INFO. */
export default async function globalSetup(): Promise<void> {
  const insights = await insightsTestEnv();
  const platform = await launchPlatform({ ...insights.env, ...process.env });
  const { stop: _stop, ...info } = platform;
  const file = path.join(os.tmpdir(), `commerce-e2e-${process.pid}.json`);
  await writeFile(
    file,
    JSON.stringify({
      ...info,
      insights: { ...insights.info, logFile: process.env.E2E_LOG_FILE ?? insights.info.logFile },
    }),
  );
  process.env.COMMERCE_E2E_INFO = file;
  (globalThis as { __PLATFORM__?: LaunchedPlatform }).__PLATFORM__ = platform;
  // A log file of our own is removed by global teardown; one the caller named is kept.
  if (!process.env.E2E_LOG_FILE)
    (globalThis as { __E2E_LOG_FILE__?: string }).__E2E_LOG_FILE__ = insights.info.logFile;
}
