import { Errors } from '@commerce/errors';
import { SecretBox, mergeEncryptionKeys } from '@commerce/service-kit';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ConfigurationRepository } from '../configuration/configuration.repository.js';
import {
  isOtlpProvider,
  type StoredConfiguration,
  type StoredProvider,
} from '../configuration/stored-configuration.js';
import { INSIGHTS_CONFIG, type InsightsConfig } from '../insights.config.js';

/** The additional authenticated data of a project's provider secrets: they open only for their own project. */
export const providerSecretContext = (projectKey: string) => `insights:${projectKey}:providerSecret`;

/**
 * Seals and reveals provider secrets with the platform's one `SecretBox` under `SECRETS_ENCRYPTION_KEYS` (plus
 * the keys of the deprecated `INSIGHTS_ENCRYPTION_KEYS`, which only open once the new variable is set). Without
 * keys the service runs, but refuses to store a secret (503). At start, secrets sealed with an older key or in
 * the former context-free format are re-sealed with the first key, so an old key (or the old variable) can be
 * removed after one start with the new list.
 */
@Injectable()
export class SecretKeeper implements OnApplicationBootstrap {
  private readonly logger = new Logger(SecretKeeper.name);
  private readonly box: SecretBox | undefined;

  constructor(
    @Inject(INSIGHTS_CONFIG) config: InsightsConfig,
    private readonly db: DataSource,
    private readonly configurations: ConfigurationRepository,
  ) {
    const keys = mergeEncryptionKeys(config.SECRETS_ENCRYPTION_KEYS, config.INSIGHTS_ENCRYPTION_KEYS);
    if (keys) this.box = new SecretBox(keys, { readsUnboundFormat: true });
    if (!this.box)
      this.logger.warn('SECRETS_ENCRYPTION_KEYS is not set: provider secrets can not be stored.');
    if (config.INSIGHTS_ENCRYPTION_KEYS)
      this.logger.warn(
        'INSIGHTS_ENCRYPTION_KEYS is deprecated: list its keys in SECRETS_ENCRYPTION_KEYS (docs/OBSERVABILITY.md).',
      );
  }

  seal(plain: string, projectKey: string): string {
    if (!this.box)
      throw Errors.serviceUnavailable('Insights secrets can not be stored: no encryption key is configured.');
    return this.box.seal(plain, providerSecretContext(projectKey));
  }

  reveal(sealed: string, projectKey: string): string {
    if (!this.box) throw new Error('No encryption key is configured.');
    return this.box.open(sealed, providerSecretContext(projectKey));
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.box) return;
    let after = '';
    let resealed = 0;
    for (;;) {
      const page = await this.configurations.page(after, 100);
      if (page.length === 0) break;
      for (const config of page) {
        if (await this.resealIfStale(config)) resealed++;
      }
      after = page[page.length - 1].projectKey;
    }
    if (resealed > 0) this.logger.log(`Re-encrypted the secrets of ${resealed} insights configurations.`);
  }

  private async resealIfStale(listed: StoredConfiguration): Promise<boolean> {
    const box = this.box!;
    const context = providerSecretContext(listed.projectKey);
    const stale = (sealed: string) => box.needsReseal(sealed, context);
    if (!listed.providers.some((provider) => secretsOf(provider).some(stale))) return false;
    return this.db.transaction(async (tx) => {
      const config = await this.configurations.find(listed.projectKey, tx, true);
      if (!config) return false;
      const reseal = (sealed: string) =>
        stale(sealed) ? box.seal(box.open(sealed, context), context) : sealed;
      const providers = config.providers.map((provider): StoredProvider => {
        if (isOtlpProvider(provider)) {
          return {
            ...provider,
            headers: provider.headers.map((h) => ({ name: h.name, value: reseal(h.value) })),
          };
        }
        return { ...provider, apiKey: reseal(provider.apiKey) };
      });
      await this.configurations.save({ ...config, providers }, tx);
      return true;
    });
  }
}

function secretsOf(provider: StoredProvider): string[] {
  return isOtlpProvider(provider) ? provider.headers.map((header) => header.value) : [provider.apiKey];
}
