import {
  InsightsUpdateDto,
  ProjectConfigurationDraftDto,
  type InsightsConfiguration,
  type RequestContext,
} from '@commerce/contracts';
import { ApiError } from '@commerce/errors';
import { outboundPolicyFromEnv } from '@commerce/outbound';
import { parseDto } from '@commerce/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { INSIGHTS_CONFIG, type InsightsConfig } from '../insights.config.js';
import { SecretKeeper } from '../secrets/secret-keeper.js';
import { applyInsightsActions, changedProviderTypes } from './configuration-actions.js';
import { ConfigurationRepository } from './configuration.repository.js';
import { storedAttribute, storedProvider, type DraftContext } from './provider-drafts.js';
import { configurationView, type StoredConfiguration } from './stored-configuration.js';

@Injectable()
export class ConfigurationService {
  private readonly outbound = outboundPolicyFromEnv();

  constructor(
    private readonly db: DataSource,
    private readonly configurations: ConfigurationRepository,
    private readonly secrets: SecretKeeper,
    @Inject(INSIGHTS_CONFIG) private readonly config: InsightsConfig,
  ) {}

  async get(ctx: RequestContext): Promise<InsightsConfiguration> {
    const stored = await this.configurations.find(ctx.projectKey);
    if (!stored) throw this.notFound(ctx);
    return configurationView(stored, await this.configurations.validity(ctx.projectKey));
  }

  /** Creates or replaces the configuration; omitted API keys keep those of the providers of the same type. */
  async put(ctx: RequestContext, rawDraft: unknown): Promise<InsightsConfiguration> {
    const draft = parseDto(ProjectConfigurationDraftDto, rawDraft);
    return this.write(ctx, true, (existing) => ({
      active: draft.active ?? true,
      projectKey: ctx.projectKey,
      providers: draft.providers.map((provider) =>
        storedProvider(
          provider,
          existing?.providers.find((candidate) => candidate.type === provider.type),
          this.draftContext(ctx.projectKey),
        ),
      ),
      additionalAttributes: (draft.additionalAttributes ?? []).map(storedAttribute),
      lastModifiedAt: '',
      lastModifiedBy: ctx.actor,
    }));
  }

  async update(ctx: RequestContext, rawUpdate: unknown): Promise<InsightsConfiguration> {
    const update = parseDto(InsightsUpdateDto, rawUpdate);
    return this.write(ctx, false, (existing) => {
      if (!existing) throw this.notFound(ctx);
      return applyInsightsActions(existing, update.actions, this.draftContext(ctx.projectKey));
    });
  }

  async delete(ctx: RequestContext): Promise<InsightsConfiguration> {
    return this.db.transaction(async (tx) => {
      const validity = await this.configurations.validity(ctx.projectKey, tx);
      const deleted = await this.configurations.delete(ctx.projectKey, tx);
      if (!deleted) throw this.notFound(ctx);
      return configurationView(deleted, validity);
    });
  }

  /** One short transaction: the row is locked, the change computed and written, or nothing changes. */
  private write(
    ctx: RequestContext,
    create: boolean,
    change: (existing: StoredConfiguration | undefined) => StoredConfiguration | Promise<StoredConfiguration>,
  ): Promise<InsightsConfiguration> {
    return this.db.transaction(async (tx) => {
      const existing = await this.configurations.find(ctx.projectKey, tx, true);
      if (!existing && !create) throw this.notFound(ctx);
      const next: StoredConfiguration = {
        ...(await change(existing)),
        lastModifiedAt: new Date().toISOString(),
        lastModifiedBy: ctx.actor,
      };
      await this.configurations.save(next, tx);
      await this.configurations.resetStatus(
        ctx.projectKey,
        next.providers.map((provider) => provider.type),
        changedProviderTypes(existing, next),
        tx,
      );
      return configurationView(next, await this.configurations.validity(ctx.projectKey, tx));
    });
  }

  private draftContext(projectKey: string): DraftContext {
    return {
      seal: (plain) => this.secrets.seal(plain, projectKey),
      outbound: this.outbound,
      vendorOverrides: this.config,
    };
  }

  private notFound(ctx: RequestContext) {
    return new ApiError({
      code: 'ResourceNotFound',
      message: `The project ${ctx.projectKey} has no insights configuration.`,
    });
  }
}
