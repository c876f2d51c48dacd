import { testDatabase } from '@commerce/persistence/testing';
import { SecretBox, parseEncryptionKeys } from '@commerce/service-kit';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { ConfigurationRepository } from '../configuration/configuration.repository.js';
import type { StoredConfiguration } from '../configuration/stored-configuration.js';
import { insightsMigrations } from '../database/migrations/index.js';
import { loadInsightsConfig } from '../insights.config.js';
import { SecretKeeper, providerSecretContext } from './secret-keeper.js';

/** Sealed by insights-service's former `SecretBox` (`INSIGHTS_ENCRYPTION_KEYS`) under this key. */
const OLD_KEY = Buffer.alloc(32, 7).toString('base64');
const SEALED_BEFORE =
  'v1.4bb06f8e4e3a.l4R14tHW3K0ZgW-p.xTzTKAHtqRqDcSUq_tCxdg.WXkMZT65m5VyQdfVR42vZFh1LaKVKC8zjiQ';
const PLAIN = 'provider-key-from-insights';
const NEW = `k2:${randomBytes(32).toString('base64')}`;

describe(SecretKeeper.name, () => {
  let database: { db: DataSource; close(): Promise<void> };
  let configurations: ConfigurationRepository;
  const keeper = (env: Record<string, string>) =>
    new SecretKeeper(loadInsightsConfig(env), database.db, configurations);
  const stored = async (projectKey: string) => (await configurations.find(projectKey))!.providers[0];

  beforeAll(async () => {
    database = await testDatabase({ schema: 'insights', migrations: insightsMigrations });
    configurations = new ConfigurationRepository(database.db);
  });
  afterAll(() => database.close());

  async function saveOldWay(projectKey: string): Promise<void> {
    const config: StoredConfiguration = {
      active: true,
      projectKey,
      providers: [
        { type: 'VendorA', active: true, eventTypes: ['Metrics'], region: 'eu', apiKey: SEALED_BEFORE },
      ],
      additionalAttributes: [],
      lastModifiedAt: new Date().toISOString(),
      lastModifiedBy: {},
    };
    await configurations.save(config);
  }

  it.each([
    [
      'the deprecated alias beside the new variable',
      { SECRETS_ENCRYPTION_KEYS: NEW, INSIGHTS_ENCRYPTION_KEYS: OLD_KEY },
    ],
    [
      'the old key listed in SECRETS_ENCRYPTION_KEYS under any id',
      { SECRETS_ENCRYPTION_KEYS: `${NEW},old:${OLD_KEY}` },
    ],
  ])('opens a secret sealed before the box was shared, with %s, and re-seals it at start', async (_, env) => {
    const projectKey = `p-${randomBytes(4).toString('hex')}`;
    await saveOldWay(projectKey);
    const secrets = keeper(env);
    expect(secrets.reveal(SEALED_BEFORE, projectKey)).toBe(PLAIN);
    await secrets.onApplicationBootstrap();
    const resealed = (await stored(projectKey)) as { apiKey: string };
    expect(resealed.apiKey.startsWith('v1.k2.')).toBe(true);
    expect(resealed.apiKey).not.toContain(PLAIN);
    // Now the new key alone opens it, for this project only.
    const box = new SecretBox(parseEncryptionKeys('K', NEW));
    expect(box.open(resealed.apiKey, providerSecretContext(projectKey))).toBe(PLAIN);
    expect(() => box.open(resealed.apiKey, providerSecretContext('other'))).toThrow();
    expect(keeper({ SECRETS_ENCRYPTION_KEYS: NEW }).reveal(resealed.apiKey, projectKey)).toBe(PLAIN);
  });

  it('the deprecated alias alone still seals and opens', () => {
    const secrets = keeper({ INSIGHTS_ENCRYPTION_KEYS: OLD_KEY });
    expect(secrets.reveal(secrets.seal('x', 'demo'), 'demo')).toBe('x');
    expect(secrets.reveal(SEALED_BEFORE, 'demo')).toBe(PLAIN);
  });

  it('without keys refuses to seal (503)', () => {
    expect(() => keeper({}).seal('x', 'demo')).toThrow(/no encryption key/);
  });
});
