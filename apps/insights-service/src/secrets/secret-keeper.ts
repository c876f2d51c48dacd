import { Errors } from '@commerce/errors';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ConfigurationRepository } from '../configuration/configuration.repository.js';
import {
  isOtlpProvider,
  type StoredConfiguration,
  type StoredProvider,
} from '../configuration/stored-configuration.js';
import { INSIGHTS_CONFIG, type InsightsConfig } from '../insights.config.js';
import { SecretBox } from './secret-box.js';

/**
 * Seals and reveals provider secrets with the keys of `INSIGHTS_ENCRYPTION_KEYS`. Without keys the service
 * runs, but refuses to store a secret (503). At start, secrets sealed with an older key are re-sealed with
 * the first one, so an old key can be removed after one start with the new list.
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
    this.box = SecretBox.fromConfig(config.INSIGHTS_ENCRYPTION_KEYS);
    if (!this.box)
      this.logger.warn('INSIGHTS_ENCRYPTION_KEYS is not set: provider secrets can not be stored.');
  }

  seal(plain: string): string {
    if (!this.box)
      throw Errors.serviceUnavailable('Insights secrets can not be stored: no encryption key is configured.');
    return this.box.encrypt(plain);
  }

  reveal(sealed: string): string {
    if (!this.box) throw new Error('No encryption key is configured.');
    return this.box.decrypt(sealed);
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
    const stale = (sealed: string) => box.isStale(sealed);
    if (!listed.providers.some((provider) => secretsOf(provider).some(stale))) return false;
    return this.db.transaction(async (tx) => {
      const config = await this.configurations.find(listed.projectKey, tx, true);
      if (!config) return false;
      const reseal = (sealed: string) => (stale(sealed) ? box.encrypt(box.decrypt(sealed)) : sealed);
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
