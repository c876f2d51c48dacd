import { covers, validateClientScopes } from '@commerce/auth';
import {
  ApiClientDraftDto,
  type ApiClient,
  type ApiClientWithSecret,
  type ApiClientPagedQueryResponse,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { QueryParams } from '@commerce/query';
import { parseDto } from '@commerce/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { hashSecret, randomClientId, randomToken } from '../tokens/secrets.js';
import { TokenRevocations } from '../tokens/token-revocations.service.js';
import type { ApiClientRecord } from './api-client.record.js';
import { ApiClientsRepository } from './api-clients.repository.js';

const DAY_MS = 86_400_000;

/** An API client as the API shows it: never the secret's hash; validities only when the draft set them. */
export function toApiClient(record: ApiClientRecord): ApiClient {
  return {
    id: record.id,
    name: record.name,
    scope: record.scope,
    createdAt: record.createdAt.toISOString(),
    ...(record.lastUsedAt ? { lastUsedAt: record.lastUsedAt } : {}),
    ...(record.deleteAt ? { deleteAt: record.deleteAt.toISOString() } : {}),
    ...(record.accessTokenValiditySeconds !== null
      ? { accessTokenValiditySeconds: record.accessTokenValiditySeconds }
      : {}),
    ...(record.refreshTokenValiditySeconds !== null
      ? { refreshTokenValiditySeconds: record.refreshTokenValiditySeconds }
      : {}),
  };
}

/** `/{projectKey}/api-clients`: the secret is generated, shown once in the create answer, stored as a hash. */
@Injectable()
export class ApiClientsService {
  constructor(
    private readonly db: DataSource,
    private readonly clients: ApiClientsRepository,
    private readonly revocations: TokenRevocations,
  ) {}

  /**
   * A new client may hold only scopes of its project, and only those the caller's own token holds or implies:
   * `manage_api_clients` alone cannot mint a `manage_project` client.
   */
  async create(ctx: RequestContext, rawDraft: unknown, callerScopes: string[]): Promise<ApiClientWithSecret> {
    const draft = parseDto(ApiClientDraftDto, rawDraft);
    const scopes = validateClientScopes(draft.scope, ctx.projectKey);
    if (!scopes.ok) throw Errors.invalidField('scope', scopes.invalid);
    const beyond = scopes.scopes.filter((scope) => !covers(callerScopes, scope));
    if (beyond.length > 0) throw Errors.insufficientScope(beyond);
    const secret = randomToken();
    const now = new Date();
    const record: ApiClientRecord = {
      id: randomClientId(),
      projectKey: ctx.projectKey,
      name: draft.name,
      scope: scopes.scopes.join(' '),
      secretHash: hashSecret(secret),
      createdAt: now,
      lastUsedAt: null,
      accessTokenValiditySeconds: draft.accessTokenValiditySeconds ?? null,
      refreshTokenValiditySeconds: draft.refreshTokenValiditySeconds ?? null,
      deleteAt:
        draft.deleteDaysAfterCreation === undefined
          ? null
          : new Date(now.getTime() + draft.deleteDaysAfterCreation * DAY_MS),
    };
    await this.clients.insert(record);
    return { ...toApiClient(record), secret };
  }

  async get(ctx: RequestContext, id: string): Promise<ApiClient> {
    const record = await this.clients.findInProject(ctx.projectKey, id);
    if (!record) throw Errors.resourceNotFound({ id });
    return toApiClient(record);
  }

  async exists(ctx: RequestContext, id: string | undefined, params: QueryParams): Promise<boolean> {
    if (id !== undefined) return (await this.clients.findInProject(ctx.projectKey, id)) !== undefined;
    return this.clients.existsWhere(ctx.projectKey, params);
  }

  async query(ctx: RequestContext, params: QueryParams): Promise<ApiClientPagedQueryResponse> {
    const { rows, total } = await this.clients.query(ctx.projectKey, params);
    return {
      limit: params.limit,
      offset: params.offset,
      count: rows.length,
      ...(total !== undefined ? { total } : {}),
      results: rows.map(toApiClient),
    };
  }

  /**
   * Deletes the client and every token it was issued, in one transaction: no token outlives it, even one
   * granted at the same moment. The revoked tokens are announced after the commit.
   */
  async delete(ctx: RequestContext, id: string): Promise<ApiClient> {
    const { record, revoked } = await this.db.transaction(async (tx) => {
      if (!(await this.clients.lockForDeletion(tx, ctx.projectKey, id)))
        throw Errors.resourceNotFound({ id });
      const revoked = await this.revocations.deleteOwnerTokens(tx, { clientId: id });
      const record = await this.clients.delete(ctx.projectKey, id, tx);
      if (!record) throw Errors.resourceNotFound({ id });
      return { record, revoked };
    });
    await this.revocations.announce(revoked);
    return toApiClient(record);
  }
}
