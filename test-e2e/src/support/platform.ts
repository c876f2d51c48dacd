import { readFile } from 'node:fs/promises';
import type { InsightsTestInfo } from './insights-env.js';
import type { StorageTestInfo } from './storage-env.js';

/** What the tests need to reach the platform that global setup started. */
export interface PlatformInfo {
  apiUrl: string;
  projectKey: string;
  /** A second project that exists, whose data no test credentials reach. */
  otherProjectKey: string;
  clientId: string;
  clientSecret: string;
  mode: 'all-in-one' | 'distributed';
  pid: number;
  /** The platform's database, for tests that must act behind the API's back (e.g. a lost event). */
  databaseUrl: string;
  /** Distributed mode: each service's probe port (`/health`, `/ready`, `/metrics`), by app name. */
  probePorts?: Record<string, number>;
  insights: InsightsTestInfo;
  storage: StorageTestInfo;
  /**
   * Where the platform's vendor clients without a destination URL send: the AWS stand-in's port (SNS,
   * EventBridge) and the Pub/Sub emulator's (PUBSUB_EMULATOR_HOST).
   */
  vendors: { awsPort: number; pubsubPort: number };
}

let cached: PlatformInfo | undefined;

/** The running platform, read by every test file. */
export async function platform(): Promise<PlatformInfo> {
  if (!cached) {
    const file = process.env.COMMERCE_E2E_INFO;
    if (!file) throw new Error('the e2e platform was not started by global setup');
    cached = JSON.parse(await readFile(file, 'utf8')) as PlatformInfo;
  }
  return cached;
}
