import {
  InStoreIntegrationDraftDto,
  type InStoreIntegration,
  type RequestContext,
} from '@commerce/contracts';
import { ApiError, Errors } from '@commerce/errors';
import { outboundPolicyFromEnv } from '@commerce/outbound';
import { parseDto } from '@commerce/service-kit';
import { Injectable } from '@nestjs/common';
import { AuthSecrets } from '../secrets/auth-secrets.js';
import {
  InStoreIntegrationRepository,
  type InStoreIntegrationRow,
} from './in-store-integration.repository.js';
import { ProjectsRepository } from './projects.repository.js';
import { validateTokenRetrievalUrl } from './token-retrieval-url.js';

/** The additional authenticated data of a sealed Callback API Key: it opens only for its own project. */
export const callbackKeyContext = (projectKey: string) => `in-store-integration:${projectKey}:callbackApiKey`;

const view = (row: InStoreIntegrationRow): InStoreIntegration => ({
  tokenRetrievalUrl: row.tokenRetrievalUrl,
  callbackApiKeyConfigured: true,
  callbackApiKeySetAt: row.callbackApiKeySetAt.toISOString(),
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  lastModifiedAt: row.lastModifiedAt.toISOString(),
});

/**
 * The in-store application's integration settings of a project: the Token Retrieval URL and the write-only
 * Callback API Key, sealed with AES-256-GCM under `SECRETS_ENCRYPTION_KEYS`. No answer and no log line ever
 * carries the key.
 */
@Injectable()
export class InStoreIntegrationService {
  constructor(
    private readonly integrations: InStoreIntegrationRepository,
    private readonly projects: ProjectsRepository,
    private readonly secrets: AuthSecrets,
  ) {}

  async get(ctx: RequestContext): Promise<InStoreIntegration> {
    return view(await this.find(ctx.projectKey));
  }

  /** Sets the URL and, when given, a new key; the first PUT must carry a key. */
  async put(ctx: RequestContext, rawDraft: unknown): Promise<InStoreIntegration> {
    const draft = parseDto(InStoreIntegrationDraftDto, rawDraft);
    const tokenRetrievalUrl = validateTokenRetrievalUrl(draft.tokenRetrievalUrl, outboundPolicyFromEnv());
    if (!(await this.projects.find(ctx.projectKey))) throw Errors.resourceNotFound({ key: ctx.projectKey });
    const now = new Date();
    if (draft.callbackApiKey === undefined) {
      const updated = await this.integrations.updateUrl(ctx.projectKey, tokenRetrievalUrl, now);
      if (!updated) {
        throw new ApiError({
          code: 'RequiredField',
          message: 'callbackApiKey: required when the in-store integration is first set.',
          field: 'callbackApiKey',
        });
      }
      return view(updated);
    }
    const callbackApiKeySealed = this.secrets
      .sealer('a Callback API Key')
      .seal(draft.callbackApiKey, callbackKeyContext(ctx.projectKey));
    return view(
      await this.integrations.upsert(ctx.projectKey, { tokenRetrievalUrl, callbackApiKeySealed }, now),
    );
  }

  /** Removes the settings (and the sealed key) and answers them as they were. */
  async delete(ctx: RequestContext): Promise<InStoreIntegration> {
    const deleted = await this.integrations.delete(ctx.projectKey);
    if (!deleted) throw Errors.resourceNotFound({ key: ctx.projectKey });
    return view(deleted);
  }

  /** The URL and the opened key, for the platform's own callback call only (never an answer). */
  async credentials(ctx: RequestContext): Promise<{ tokenRetrievalUrl: string; callbackApiKey: string }> {
    const row = await this.find(ctx.projectKey);
    let callbackApiKey: string;
    try {
      callbackApiKey = this.secrets
        .sealer('a Callback API Key')
        .open(row.callbackApiKeySealed, callbackKeyContext(ctx.projectKey));
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw Errors.invalidOperation(
        'The stored Callback API Key cannot be opened with the configured SECRETS_ENCRYPTION_KEYS; set it again.',
      );
    }
    return { tokenRetrievalUrl: row.tokenRetrievalUrl, callbackApiKey };
  }

  private async find(projectKey: string): Promise<InStoreIntegrationRow> {
    const row = await this.integrations.find(projectKey);
    if (!row) throw Errors.resourceNotFound({ key: projectKey });
    return row;
  }
}
